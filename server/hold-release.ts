// Settles referral bonuses whose hold is over (domain/holds.ts), once a minute on the instance
// that leads the fleet; `refbot risk release-holds` runs the same on demand. Settling is
// conditional on the hold, so a run here and one from the CLI at once settle each hold once.
import type { Deps } from "@/domain/context.ts";
import { releaseDueHolds } from "@/domain/holds.ts";

export function startHoldRelease(deps: Deps, { leading = () => true, everyMs = 60_000, log = console.log }: { leading?: () => boolean; everyMs?: number; log?: (line: string) => void } = {}) {
  if (deps.config.risk.holdMs === 0) return { stop: async () => {} };
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running || !leading()) return;
    running = releaseDueHolds(deps)
      .then((report) => {
        if (report.released || report.forfeited) log(`holds: ${report.released} referral bonuses released, ${report.forfeited} forfeited (the friend left the channel)`);
      })
      .catch((error: Error) => log(`holds: release failed: ${error.message}`))
      .finally(() => (running = undefined));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
