// A link task's action: Open Link opens the page the Telegram way and tells the server, then a
// countdown to the time the server pays from (claimableAt), then Claim. The opening is kept on the
// server, so the countdown comes back after a reload or on another device.
import { useState } from "react";
import type { OpenTaskDto, UserTaskDto } from "@/api/contract.ts";
import { openTask } from "@/web/app/features/tasks/api/open-task.ts";
import { useSecondsUntil } from "@/web/app/features/tasks/use-seconds-until.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { openLink } from "@/web/app/telegram/links.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { ClockIcon, ExternalLinkIcon } from "@/web/shared/ui/icons.tsx";

type Props = { task: UserTaskDto; url: string; claim: () => void; claiming: boolean };

export function LinkTaskAction({ task, url, claim, claiming }: Props) {
  const { t, count } = useI18n();
  // The open call's answer, until the refetched task list carries the same times.
  const [opened, setOpened] = useState<OpenTaskDto>();
  const claimableAt = task.claimableAt ?? opened?.claimableAt ?? null;
  const secondsLeft = useSecondsUntil(claimableAt);
  const { mutate: recordOpen, isPending: opening } = useMutation(async () => setOpened(await openTask(task.id)));

  if (!claimableAt) {
    return (
      <Button
        size="sm"
        disabled={opening}
        onClick={() => {
          // Opened before the call, while the press still counts as the user's (a browser's pop-up rule).
          openLink(url);
          void recordOpen();
        }}
      >
        <ExternalLinkIcon size={16} /> {t("tasks.openLink")}
      </Button>
    );
  }
  return (
    <>
      <Button variant="link" size="icon" onClick={() => openLink(url)} aria-label={t("tasks.openLinkAgain")}>
        <ExternalLinkIcon size={16} />
      </Button>
      {secondsLeft > 0 ? (
        // A status, not a faded button: nothing to press yet, and it has to be easy to read.
        <span role="timer" aria-label={t("tasks.claimInLabel", { seconds: secondsLeft })} className="inline-flex h-11 items-center gap-2 rounded-lg bg-tint px-3 text-sm font-control whitespace-nowrap text-link tabular-nums">
          <ClockIcon size={16} /> {t("tasks.claimIn", { seconds: count(secondsLeft) })}
        </span>
      ) : (
        <Button size="sm" disabled={claiming} onClick={claim}>
          {t(claiming ? "tasks.claiming" : "tasks.claim")}
        </Button>
      )}
    </>
  );
}
