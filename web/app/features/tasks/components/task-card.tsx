// One task with its reward, status badge and action. follow_channel takes two presses: the first
// opens the channel, the second (after joining) asks the server to verify membership.
import { useState } from "react";
import type { UserTask } from "../../../api/types.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { CalendarIcon, CheckIcon, ExternalIcon, MegaphoneIcon, StarIcon } from "../../../components/ui/icons.tsx";
import { displayUsdt } from "../../../../../api/domain/money.ts";
import { toast } from "../../../../shared/toast.ts";
import { haptics } from "../../../telegram/haptics.ts";
import { openLink } from "../../../telegram/links.ts";
import { completeTask } from "../api/complete-task.ts";
import { markChannelOpened, wasChannelOpened } from "../channel-opened.ts";

const VERIFY_DELAY_MS = 1000;
const icons = { daily_activity: CalendarIcon, follow_channel: MegaphoneIcon, custom: StarIcon };

type Props = { task: UserTask; userId: number; channelUrl: string };

export function TaskCard({ task, userId, channelUrl }: Props) {
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(() => wasChannelOpened(userId, task.id));
  const daily = task.kind === "daily_activity";
  const done = daily ? task.completedToday : task.isCompleted;
  const Icon = icons[task.kind];

  function openChannel() {
    openLink(channelUrl);
    markChannelOpened(userId, task.id);
    setOpened(true);
    toast({ title: "Channel opened!", description: "Join the channel, then press Verify Membership again." });
  }

  async function complete() {
    if (task.kind === "follow_channel" && !opened) return openChannel();
    setBusy(true);
    try {
      if (task.kind === "follow_channel") {
        toast({ title: "Verifying...", description: "Checking that you joined the channel." });
        await new Promise((resolve) => setTimeout(resolve, VERIFY_DELAY_MS));
      }
      const result = await completeTask(task.id);
      haptics.success();
      toast({ title: `Task completed! You earned ${displayUsdt(result.reward)} USDT`, variant: "success" });
    } catch {
      // The API client has shown "Task completion failed" with the server's reason.
      haptics.error();
    } finally {
      setBusy(false);
    }
  }

  const label = busy ? (task.kind === "follow_channel" ? "Verifying..." : "Completing...") : task.kind === "follow_channel" ? "Verify Membership" : "Complete";

  return (
    <li className="rounded-2xl bg-card p-4 shadow-sm" data-testid={`task-${task.kind}`}>
      <div className="flex items-start gap-3">
        <span className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl ${done ? "bg-success/15 text-success" : "bg-tint text-link"}`}>
          <Icon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="font-semibold">{task.title}</h3>
            {daily && task.completedToday && (
              <Badge tone="success">
                <CheckIcon size={12} /> Done Today
              </Badge>
            )}
            {!daily && task.isCompleted && (
              <Badge tone="success">
                <CheckIcon size={12} /> Completed
              </Badge>
            )}
          </div>
          {task.description && <p className="mt-0.5 text-sm text-hint">{task.description}</p>}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <span className="text-sm font-bold text-success">+{displayUsdt(task.rewardUsdt)} USDT</span>
        <div className="flex items-center gap-2">
          {task.kind === "follow_channel" && opened && !done && (
            <Button variant="ghost" size="sm" onClick={() => openLink(channelUrl)} aria-label="Open channel">
              <ExternalIcon size={16} />
            </Button>
          )}
          <Button size="sm" variant={done ? "success" : "primary"} disabled={done || busy} onClick={complete}>
            {done ? (
              <>
                <CheckIcon size={16} /> Done
              </>
            ) : (
              label
            )}
          </Button>
        </div>
      </div>
    </li>
  );
}
