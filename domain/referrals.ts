// The referral rule: a referred user qualifies once they joined the channel and completed the
// qualifying daily tasks; the referrer then earns the bonus once, and the milestone at the target
// (all four the operator's settings, read as the completion starts).
import type { User } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { displayName } from "./display-name.ts";
import { emitting, type BonusOutcome, type DomainEvent, type Recorder } from "./events.ts";
import { credit } from "./ledger.ts";
import { formatUsdt } from "./money.ts";
import { noticeQueued } from "./notices.ts";
import { holdMsOf, type Settings } from "./settings.ts";
import type { Op, Statements } from "./store.ts";

/** The settings a qualification reads: what qualifies, what it pays, and how long it is held. */
export type ReferralTerms = Pick<Settings, "qualifyingDailyTasks" | "referralBonus" | "referralTarget" | "referralMilestone" | "referralHoldHours">;

function isQualifying(user: Pick<User, "channelJoined" | "dailyTasksCompleted">, terms: ReferralTerms): boolean {
  return user.channelJoined && user.dailyTasksCompleted >= terms.qualifyingDailyTasks;
}

/** Called inside the completion's transaction with the user's updated row. */
type Qualifying = Pick<User, "id" | "username" | "firstName" | "channelJoined" | "dailyTasksCompleted">;

/**
 * What qualifying may do now: whether the user was just seen in the channel, and the settings in
 * force (what qualifies, what is paid, how long it is held); and, when the caller read it with the
 * user's figures, whether the user's referral is still waiting to qualify.
 */
export type QualifyTerms = { memberNow: boolean; settings: ReferralTerms; referralPending?: boolean; tellsUsers?: boolean };

/** Whether a referral waits only for a look at the channel (see confirmQualification). */
export type Qualification = { unconfirmed: boolean };

const nothing: Qualification = { unconfirmed: false };

/**
 * A referral qualifies only while the referred user is in the channel. A completion that just
 * verified membership qualifies at once; any other finds the pending referral, and its caller asks
 * Telegram after the commit (no network inside a transaction) and then calls again.
 */
export function* qualifyIfDue(db: Statements, user: Qualifying, at: Date, terms: QualifyTerms, record: Recorder): Op<Qualification> {
  const { settings } = terms;
  if (!isQualifying(user, settings)) return nothing;
  if (!terms.memberNow) {
    const pending = terms.referralPending ?? (yield* referralPending(db, user.id));
    return { unconfirmed: pending };
  }
  // Marking is what decides: a referral already marked, by this completion's twin or an earlier
  // one, pays nothing again.
  const referrerId = yield* db.referrals.markQualified(user.id, at);
  if (referrerId === undefined) return nothing;
  const referrer = yield* db.referrals.countQualified(referrerId);
  yield* payReferrer(db, terms, { referrerId: referrer.id, referredId: user.id, amount: settings.referralBonus, reason: "referral_bonus" }, at, record);
  // At the qualification that brings the count to the target in force, and once, whatever the
  // target later becomes: a referrer who has had it, paid or held, never has it again. Only one
  // qualification per referrer reaches a given count (countQualified's write of the referrer's row
  // puts them in line, in a shared PostgreSQL batch too), which is what keeps the read race-free:
  // "at or past the target" would let the units of one batch each find no milestone and all pay.
  if (referrer.qualifiedReferrals === settings.referralTarget && !(yield* db.referrals.milestoneHad(referrer.id))) {
    yield* payReferrer(db, terms, { referrerId: referrer.id, referredId: user.id, amount: settings.referralMilestone, reason: "referral_milestone" }, at, record);
  }
  if (terms.tellsUsers !== false) {
    yield* noticeQueued(db, {
      kind: "referral_qualified",
      tgId: referrer.tgId,
      friend: displayName(user.username, user.firstName),
      bonus: formatUsdt(settings.referralBonus),
      heldHours: Math.round(holdMsOf(settings) / 3_600_000),
    }, at);
  }
  return nothing;
}

function* referralPending(db: Statements, userId: number): Op<boolean> {
  const referral = yield* db.risk.referrerOf(userId);
  return referral !== undefined && referral.qualifiedAt === null;
}

/**
 * Asks Telegram whether the user is still in the channel, and qualifies their referral if so:
 * the end of the user's own completion, so not once they are banned (a completion of theirs
 * would be refused by now).
 */
export async function confirmQualification(deps: Pick<Deps, "store" | "clock" | "settings" | "membership" | "events" | "tellsUsers">, user: Pick<User, "id" | "tgId">): Promise<void> {
  if (!(await deps.membership.isMember(user.tgId))) return;
  const at = deps.clock();
  const settings = deps.settings.current();
  // Grouped like the completion that led here: both come with the busiest write of the product.
  await emitting(
    deps,
    function* (db, record) {
      const fresh = yield* db.users.byId(user.id);
      return fresh && !fresh.isBanned ? yield* qualifyIfDue(db, fresh, at, { memberNow: true, settings, tellsUsers: deps.tellsUsers }, record) : nothing;
    },
    { grouped: true },
  );
}

type Bonus = { referrerId: number; referredId: number; amount: number; reason: "referral_bonus" | "referral_milestone" };

/** Pays a bonus into the referrer's balance, or holds it for the settling period (holds.ts releases it). */
function* payReferrer(db: Statements, terms: QualifyTerms, bonus: Bonus, at: Date, record: Recorder): Op<void> {
  const holdMs = holdMsOf(terms.settings);
  if (holdMs > 0) {
    yield* db.risk.hold({ ...bonus, releaseAt: new Date(at.getTime() + holdMs), createdAt: at });
    yield* db.counters.bump("referral_bonuses_held", bonus.amount);
    record(bonusEvent("held", bonus));
    return;
  }
  yield* payBonus(db, bonus, at);
  record(bonusEvent("paid", bonus));
}

/**
 * A held bonus settled (holds.ts, risk-review.ts): off the held total in the same transaction, and
 * told to the watchers once it commits.
 */
export function* holdSettled(db: Statements, record: Recorder, outcome: Exclude<BonusOutcome, "paid" | "held">, hold: Bonus): Op<void> {
  yield* db.counters.bump("referral_bonuses_held", -hold.amount);
  record(bonusEvent(outcome, hold));
}

const bonusEvent = (outcome: BonusOutcome, bonus: Bonus): DomainEvent => ({
  type: "referral_bonus",
  outcome,
  referrerId: bonus.referrerId,
  referredId: bonus.referredId,
  reason: bonus.reason,
  amount: bonus.amount,
});

export function* payBonus(db: Statements, bonus: Bonus, at: Date): Op<void> {
  yield* credit(db, { userId: bonus.referrerId, amount: bonus.amount, reason: bonus.reason, refId: bonus.referredId, at });
  yield* db.referrals.addReferralEarnings(bonus.referrerId, bonus.amount);
}

export async function recentReferrals(deps: Pick<Deps, "store">, referrerId: number, limit: number) {
  const rows = await deps.store.read((db) => db.referrals.recent(referrerId, limit));
  // qualifyIfDue marks a referral in the same transaction as the completion that qualified it,
  // so the mark is the whole answer.
  return rows.map(({ qualifiedAt, ...referral }) => ({ ...referral, isQualified: qualifiedAt !== null }));
}
