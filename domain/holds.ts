// Held referral bonuses (REFERRAL_HOLD_HOURS): a bonus waits out its settling period in
// referral_holds, counted apart from the balance (users.held_balance). When it is over, a friend
// who left the channel forfeits it; otherwise it is paid, unless either side of the referral is
// flagged or confirmed as fraud, when it keeps waiting for the review (risk-review.ts).
import type { RiskStatus } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { emitting } from "./events.ts";
import { holdSettled, payBonus } from "./referrals.ts";
import { leftAfterQualifying } from "./risk.ts";

export type ReleaseReport = { released: number; forfeited: number; kept: number; unchecked: number };

type HoldDeps = Pick<Deps, "store" | "clock" | "settings" | "membership" | "events">;

const underReview = (status: RiskStatus | null) => status === "flagged" || status === "confirmed";

/** Settles the holds that are due, a batch at a time, until none is left or Telegram cannot answer. */
export async function releaseDueHolds(deps: HoldDeps, batch = 100): Promise<ReleaseReport> {
  const report: ReleaseReport = { released: 0, forfeited: 0, kept: 0, unchecked: 0 };
  const flagAt = deps.settings.current().riskFlagScore;
  for (;;) {
    // The kept ones stay due, ahead of the rest in the same order: skipping them pages on.
    const due = await deps.store.read((db) => db.risk.dueHolds(deps.clock(), batch, report.kept));
    for (const [index, hold] of due.entries()) {
      let member: boolean;
      try {
        member = await deps.membership.isMember(hold.referredTgId);
      } catch (error) {
        if (!(error instanceof AppError && error.code === "MEMBERSHIP_UNAVAILABLE")) throw error;
        // Telegram cannot say now: the rest wait for the next run rather than being guessed.
        report.unchecked += due.length - index;
        return report;
      }
      if (member && (underReview(hold.referredStatus) || underReview(hold.referrerStatus))) {
        report.kept++;
        continue;
      }
      const at = deps.clock();
      const outcome = member ? "released" : "forfeited";
      const settled = await emitting(deps, function* (db, record) {
        // Settling is conditional on the hold still being held, so two runs settle it once.
        const done = yield* db.risk.settleHold(hold.referredId, hold.reason, outcome, at);
        if (!done) return false;
        if (member) yield* payBonus(db, done, at);
        else yield* leftAfterQualifying(db, flagAt, done.referredId, done.referrerId, at);
        yield* holdSettled(db, record, outcome, done);
        return true;
      });
      if (settled) report[outcome]++;
    }
    if (due.length < batch) return report;
  }
}
