// Settles referral bonuses whose hold is over (domain/holds.ts), once a minute on the instance
// that leads the fleet; `refbot risk release-holds` runs the same on demand. Settling is
// conditional on the hold, so a run here and one from the CLI at once settle each hold once.
import type { Deps } from "@/domain/context.ts";
import { releaseDueHolds } from "@/domain/holds.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import { leaderChore, type Chore } from "./leader-chore.ts";

export function startHoldRelease(deps: Deps, { leading = () => true, everyMs = 60_000, log = silentLog }: { leading?: () => boolean; everyMs?: number; log?: Log } = {}): Chore {
  // Runs while bonuses may be held: the hold is a setting, and holds made before it went to 0 still fall due.
  return leaderChore(
    () =>
      releaseDueHolds(deps)
        .then((report) => {
          if (report.released || report.forfeited) log.info({ released: report.released, forfeited: report.forfeited }, "held referral bonuses settled (forfeited: the friend left the channel)");
        })
        .catch((error: Error) => log.error({ err: error }, "releasing held referral bonuses failed")),
    { leading, everyMs },
  );
}
