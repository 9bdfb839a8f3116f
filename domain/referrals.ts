// The referral rule: a referred user qualifies once they joined the channel and completed two
// daily tasks; the referrer then earns the bonus once, and the milestone at the 50th.
import { desc, eq } from "@/db/ops.ts";
import { referrals, users, type User } from "@/db/schema/index.ts";
import { connectionOf, ledgerIn, type Deps, type Tx } from "./context.ts";
import { runNow } from "./store.ts";
import { displayName } from "./display-name.ts";
import { credit } from "./ledger.ts";
import { formatUsdt } from "./money.ts";
import type { Notice } from "./notifier.ts";
import { rules } from "./rules.ts";

function isQualifying(user: Pick<User, "channelJoined" | "dailyTasksCompleted">): boolean {
  return user.channelJoined && user.dailyTasksCompleted >= rules.qualifyingDailyTasks;
}

/** Called inside the completion's transaction with the user's updated row. */
type Qualifying = Pick<User, "id" | "username" | "firstName" | "channelJoined" | "dailyTasksCompleted">;

export function qualifyIfDue(tx: Tx, user: Qualifying, at: Date): Notice[] {
  if (!isQualifying(user)) return [];
  // Runs on every completion of a qualifying user, so it is plain SQL compiled once.
  const conn = connectionOf(tx);
  const marked = conn
    .query<{ referrerId: number }, [number, number]>(
      "update referrals set qualified_at = ? where referred_id = ? and qualified_at is null returning referrer_id as referrerId",
    )
    .get(at.getTime(), user.id);
  if (!marked) return [];

  const referrer = conn
    .query<{ id: number; tgId: number; qualifiedReferrals: number }, [number]>(
      "update users set qualified_referrals = qualified_referrals + 1 where id = ? returning id, tg_id as tgId, qualified_referrals as qualifiedReferrals",
    )
    .get(marked.referrerId)!;
  payReferrer(tx, referrer.id, rules.referralBonus, "referral_bonus", user.id, at);
  // The count only ever grows by one, so it equals the target exactly once.
  if (referrer.qualifiedReferrals === rules.referralTarget) {
    payReferrer(tx, referrer.id, rules.referralMilestone, "referral_milestone", user.id, at);
  }
  return [{ kind: "referral_qualified", tgId: referrer.tgId, friend: displayName(user.username, user.firstName), bonus: formatUsdt(rules.referralBonus) }];
}

function payReferrer(tx: Tx, userId: number, amount: number, reason: "referral_bonus" | "referral_milestone", refId: number, at: Date) {
  runNow(credit(ledgerIn(tx), { userId, amount, reason, refId, at }));
  connectionOf(tx).query("update users set referral_earned = referral_earned + ? where id = ?").run(amount, userId);
}

export function recentReferrals(deps: Deps, referrerId: number, limit: number) {
  return deps.db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      dailyTasksCompleted: users.dailyTasksCompleted,
      channelJoined: users.channelJoined,
      joinedAt: referrals.createdAt,
      qualifiedAt: referrals.qualifiedAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.referredId))
    .limit(limit)
    .all()
    // qualifyIfDue marks a referral in the same transaction as the completion that qualified it,
    // so the mark is the whole answer.
    .map(({ qualifiedAt, ...referral }) => ({ ...referral, isQualified: qualifiedAt !== null }));
}
