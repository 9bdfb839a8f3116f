// A link task's action: Open Link opens the page the Telegram way and tells the server, then a
// countdown to the time the server pays from (claimableAt), then Claim. The opening is kept on the
// server, so the countdown comes back after a reload or on another device.
import { useState } from "react";
import type { OpenTaskDto, UserTaskDto } from "@/api/http/contract.ts";
import { openTask } from "@/web/app/features/tasks/api/open-task.ts";
import { useSecondsUntil } from "@/web/app/features/tasks/use-seconds-until.ts";
import { openLink } from "@/web/app/telegram/links.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { ClockIcon, ExternalLinkIcon } from "@/web/shared/ui/icons.tsx";

type Props = { task: UserTaskDto; url: string; claim: () => void; claiming: boolean };

export function LinkTaskAction({ task, url, claim, claiming }: Props) {
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
        <ExternalLinkIcon size={16} /> Open Link
      </Button>
    );
  }
  return (
    <>
      <Button variant="link" size="sm" onClick={() => openLink(url)} aria-label="Open link again">
        <ExternalLinkIcon size={16} />
      </Button>
      {secondsLeft > 0 ? (
        // A status, not a faded button: nothing to press yet, and it has to be easy to read.
        <span role="timer" aria-label={`Claim in ${secondsLeft} seconds`} className="inline-flex h-8 items-center gap-2 rounded-lg bg-tint px-3 text-sm font-control whitespace-nowrap text-link tabular-nums">
          <ClockIcon size={16} /> Claim in {secondsLeft} s
        </span>
      ) : (
        <Button size="sm" disabled={claiming} onClick={claim}>
          {claiming ? "Claiming..." : "Claim"}
        </Button>
      )}
    </>
  );
}
