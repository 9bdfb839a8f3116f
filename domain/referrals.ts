// The referral rule: a referred user qualifies once they joined the channel and completed two
// daily tasks; the referrer then earns the bonus once, and the milestone at the 50th.
import type { User } from "@/db/schema/index.ts";
import type { Deps } from "./context.ts";
import { displayName } from "./display-name.ts";
import { credit } from "./ledger.ts";
import { formatUsdt } from "./money.ts";
import type { Notice } from "./notifier.ts";
import { rules } from "./rules.ts";
import type { Op, Statements } from "./store.ts";

function isQualifying(user: Pick<User, "channelJoined" | "dailyTasksCompleted">): boolean {
  return user.channelJoined && user.dailyTasksCompleted >= rules.qualifyingDailyTasks;
}

/** Called inside the completion's transaction with the user's updated row. */
type Qualifying = Pick<User, "id" | "username" | "firstName" | "channelJoined" | "dailyTasksCompleted">;

export function* qualifyIfDue(tx: Statements, user: Qualifying, at: Date): Op<Notice[]> {
  if (!isQualifying(user)) return [];
  // Marking is what decides: a referral already marked, by this completion's twin or an earlier
  // one, pays nothing again.
  const referrerId = yield* tx.referrals.markQualified(user.id, at);
  if (referrerId === undefined) return [];
  const referrer = yield* tx.referrals.countQualified(referrerId);
  yield* payReferrer(tx, referrer.id, rules.referralBonus, "referral_bonus", user.id, at);
  // The count only ever grows by one, so it equals the target exactly once.
  if (referrer.qualifiedReferrals === rules.referralTarget) {
    yield* payReferrer(tx, referrer.id, rules.referralMilestone, "referral_milestone", user.id, at);
  }
  return [{ kind: "referral_qualified", tgId: referrer.tgId, friend: displayName(user.username, user.firstName), bonus: formatUsdt(rules.referralBonus) }];
}

function* payReferrer(tx: Statements, userId: number, amount: number, reason: "referral_bonus" | "referral_milestone", refId: number, at: Date): Op<void> {
  yield* credit(tx, { userId, amount, reason, refId, at });
  yield* tx.referrals.addReferralEarnings(userId, amount);
}

export async function recentReferrals(deps: Pick<Deps, "store">, referrerId: number, limit: number) {
  const rows = await deps.store.read((tx) => tx.referrals.recent(referrerId, limit));
  // qualifyIfDue marks a referral in the same transaction as the completion that qualified it,
  // so the mark is the whole answer.
  return rows.map(({ qualifiedAt, ...referral }) => ({ ...referral, isQualified: qualifiedAt !== null }));
}
