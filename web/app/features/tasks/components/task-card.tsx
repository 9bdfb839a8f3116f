// One task with its reward, status badge and action. follow_channel takes two presses: the first
// opens the channel, the second (after joining) asks the server to verify membership. A link task
// is opened, waited for and then claimed (LinkTaskAction).
import { useState } from "react";
import type { UserTaskDto } from "@/api/contract.ts";
import { hasLink } from "@/domain/task-kinds.ts";
import { completeTask } from "@/web/app/features/tasks/api/complete-task.ts";
import { markChannelOpened, wasChannelOpened } from "@/web/app/features/tasks/channel-opened.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
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
  const { t, label: codeLabel, amount } = useI18n();
  const [opened, setOpened] = useState(() => wasChannelOpened(userId, task.id));
  const daily = task.kind === "daily_activity";
  const channel = task.kind === "follow_channel";
  const done = daily ? task.completedToday : task.isCompleted;
  const linkUrl = hasLink(task.kind) && !done ? task.url : null;

  function openChannel() {
    openLink(channelUrl);
    markChannelOpened(userId, task.id);
    setOpened(true);
    toast({ title: t("tasks.channelOpened"), description: t("tasks.channelOpenedHint") });
  }

  const { mutate: complete, isPending: busy } = useMutation(async () => {
    if (channel) {
      toast({ title: t("tasks.verifying"), description: t("tasks.verifyingHint") });
      await new Promise((resolve) => setTimeout(resolve, VERIFY_DELAY_MS));
    }
    const result = await completeTask(task.id);
    toast({ title: t("tasks.earned", { amount: amount(result.reward) }), variant: "success" });
  });

  const press = () => (channel && !opened ? openChannel() : void complete());

  const label = busy ? t(channel ? "tasks.verifying" : "tasks.completing") : t(channel ? "tasks.verify" : "tasks.complete");

  return (
    <li className="rounded-2xl bg-card p-4 shadow-sm" data-testid={`task-${task.kind}`}>
      <div className="flex items-start gap-3">
        <span
          role="img"
          aria-label={codeLabel("taskKind", task.kind)}
          className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl ${done ? "bg-success/15 text-success" : "bg-tint text-link"}`}
        >
          <TaskKindGlyph kind={task.kind} size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="font-semibold">{task.title}</h3>
            {done && (
              <Badge tone="success">
                <CheckIcon size={12} /> {t(daily ? "tasks.doneToday" : "tasks.completed")}
              </Badge>
            )}
          </div>
          {task.description && <p className="mt-0.5 text-sm text-hint">{task.description}</p>}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <span className="text-sm font-bold text-success">{t("tasks.reward", { amount: amount(task.rewardUsdt) })}</span>
        <div className="ml-auto flex items-center gap-2">
          {linkUrl ? (
            <LinkTaskAction task={task} url={linkUrl} claim={() => void complete()} claiming={busy} />
          ) : (
            <>
              {channel && opened && !done && (
                <Button variant="link" size="icon" onClick={() => openLink(channelUrl)} aria-label={t("tasks.openChannel")}>
                  <ExternalLinkIcon size={16} />
                </Button>
              )}
              <Button size="sm" variant={done ? "success-soft" : "primary"} disabled={done || busy} onClick={press}>
                {done ? (
                  <>
                    <CheckIcon size={16} /> {t("tasks.done")}
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
