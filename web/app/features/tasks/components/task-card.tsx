// One task with its reward, status badge and action. follow_channel takes two presses: the first
// opens the channel, the second (after joining) asks the server to verify membership. A link task
// is opened, waited for and then claimed (LinkTaskAction).
import { useState } from "react";
import type { UserTaskDto } from "@/api/http/contract.ts";
import { displayUsdt } from "@/domain/money.ts";
import { hasLink } from "@/domain/task-kinds.ts";
import { completeTask } from "@/web/app/features/tasks/api/complete-task.ts";
import { markChannelOpened, wasChannelOpened } from "@/web/app/features/tasks/channel-opened.ts";
import { openLink } from "@/web/app/telegram/links.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { CheckIcon, ExternalLinkIcon } from "@/web/shared/ui/icons.tsx";
import { TaskKindGlyph } from "@/web/shared/ui/task-kind-glyph.tsx";
import { LinkTaskAction } from "./link-task-action.tsx";

const VERIFY_DELAY_MS = 1000;

type Props = { task: UserTaskDto; userId: number; channelUrl: string };

export function TaskCard({ task, userId, channelUrl }: Props) {
  const [opened, setOpened] = useState(() => wasChannelOpened(userId, task.id));
  const daily = task.kind === "daily_activity";
  const done = daily ? task.completedToday : task.isCompleted;
  const linkUrl = hasLink(task.kind) && !done ? task.url : null;

  function openChannel() {
    openLink(channelUrl);
    markChannelOpened(userId, task.id);
    setOpened(true);
    toast({ title: "Channel opened!", description: "Join the channel, then press Verify Membership again." });
  }

  const { mutate: complete, isPending: busy } = useMutation(async () => {
    if (task.kind === "follow_channel") {
      toast({ title: "Verifying...", description: "Checking that you joined the channel." });
      await new Promise((resolve) => setTimeout(resolve, VERIFY_DELAY_MS));
    }
    const result = await completeTask(task.id);
    toast({ title: `Task completed! You earned ${displayUsdt(result.reward)} USDT`, variant: "success" });
  });

  const press = () => (task.kind === "follow_channel" && !opened ? openChannel() : void complete());

  const label = busy ? (task.kind === "follow_channel" ? "Verifying..." : "Completing...") : task.kind === "follow_channel" ? "Verify Membership" : "Complete";

  return (
    <li className="rounded-2xl bg-card p-4 shadow-sm" data-testid={`task-${task.kind}`}>
      <div className="flex items-start gap-3">
        <span className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl ${done ? "bg-success/15 text-success" : "bg-tint text-link"}`}>
          <TaskKindGlyph kind={task.kind} size={20} />
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
          {linkUrl ? (
            <LinkTaskAction task={task} url={linkUrl} claim={() => void complete()} claiming={busy} />
          ) : (
            <>
              {task.kind === "follow_channel" && opened && !done && (
                <Button variant="link" size="sm" onClick={() => openLink(channelUrl)} aria-label="Open channel">
                  <ExternalLinkIcon size={16} />
                </Button>
              )}
              <Button size="sm" variant={done ? "success-soft" : "primary"} disabled={done || busy} onClick={press}>
                {done ? (
                  <>
                    <CheckIcon size={16} /> Done
                  </>
                ) : (
                  label
                )}
              </Button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
