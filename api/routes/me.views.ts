// How the signed-in user sees their own data: field names as the product spec has them, amounts
// as exact decimal strings, streaks and "today" figures resolved for `today` (a UTC day the route
// reads off the clock), the referral link the domain makes for the user's code, and the referral
// terms as the operator's settings have them now.
import { JsonAnswer } from "@/api/plugins/compress-json.ts";
import type { LedgerEntry, User } from "@/domain/model/index.ts";
import { ledgerReasonLabels } from "@/domain/labels.ts";
import { formatUsdt } from "@/domain/money.ts";
import type { Settings } from "@/domain/settings.ts";
import { utcDay, utcDayIndex } from "@/domain/time.ts";
import { earnedToday, effectiveStreak, remember, sameUserRow, userLanguage } from "@/domain/users.ts";

/** The fields a user has in the mini app and in the admin panel alike. */
/** The settings a user's figures are shown against. */
type Terms = Pick<Settings, "referralTarget" | "referralMilestone" | "referralBonus">;

export const userFields = (u: User, today: string, terms: Pick<Terms, "referralTarget">) => ({
  id: u.id,
  tgId: u.tgId,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  refCode: u.refCode,
  walletBep20: u.walletBep20,
  balanceUsdt: formatUsdt(u.balance),
  /** Referral bonuses earned but not spendable until their settling period ends (REFERRAL_HOLD_HOURS). */
  heldUsdt: formatUsdt(u.heldBalance),
  createdAt: u.createdAt,
  qualifiedReferrals: u.qualifiedReferrals,
  targetReferrals: terms.referralTarget,
  earnedToday: formatUsdt(earnedToday(u, today)),
  totalEarned: formatUsdt(u.totalEarned),
  isBanned: u.isBanned,
  streak: effectiveStreak(u, today),
});

// The language the mini app speaks: the user's choice, else Telegram's, else English.
export const meView = (u: User, today: string, referralLink: string, terms: Pick<Terms, "referralTarget">) => ({ ...userFields(u, today, terms), referralLink, language: userLanguage(u) });

/**
 * meView serialized, remembered per user for one app, and made again only when the user's row has
 * changed: building the view and serializing it cost more than the rest of the answer. Where users
 * are kept (domain/users.ts) the signed-in user's row is the same object from one request to the
 * next until it is written; where each request reads it (PostgreSQL) an unchanged row is one of
 * the same version or whose fields are all the same (domain/users.ts: sameUserRow). Made again on
 * another UTC day (streaks and "today" figures) or under another referral target. As many users
 * are remembered as the users cache holds, the answer made longest ago dropped first
 * (domain/users.ts: remember).
 */
export function meAnswers(): (u: User, now: Date, referralLink: (u: User) => string, terms: Pick<Terms, "referralTarget">) => JsonAnswer<ReturnType<typeof meView>> {
  const kept = new Map<number, { row: User; day: number; target: number; answer: JsonAnswer<ReturnType<typeof meView>> }>();
  return (u, now, referralLink, terms) => {
    const day = utcDayIndex(now);
    const known = kept.get(u.id);
    if (known && known.day === day && known.target === terms.referralTarget && sameUserRow(known.row, u)) return known.answer;
    const answer = new JsonAnswer<ReturnType<typeof meView>>(JSON.stringify(meView(u, utcDay(now), referralLink(u), terms)));
    remember(kept, u.id, { row: u, day, target: terms.referralTarget, answer });
    return answer;
  };
}

export const ledgerView = (e: LedgerEntry) => ({
  id: e.id,
  type: e.type,
  reason: e.reason,
  amount: formatUsdt(e.amount),
  createdAt: e.createdAt,
  note: e.note,
});

/** The balance screen: the balance and the latest ledger entries. */
export const balanceView = (u: User, ledger: LedgerEntry[]) => ({ balance: formatUsdt(u.balance), ledger: ledger.map(ledgerView) });

/** One of the latest movements as the mini app's home lists it; title is the spec's English label of type. */
export const activityItemView = (e: LedgerEntry) => ({
  id: e.id,
  type: e.reason,
  direction: e.type,
  title: ledgerReasonLabels[e.reason],
  time: e.createdAt,
  amount: formatUsdt(e.amount),
});

export const referralSummaryView = (u: User, referralLink: string, terms: Terms) => ({
  qualifiedCount: u.qualifiedReferrals,
  targetCount: terms.referralTarget,
  rewardAmount: formatUsdt(terms.referralMilestone),
  bonusAmount: formatUsdt(terms.referralBonus),
  totalInvited: u.totalInvited,
  totalEarned: formatUsdt(u.referralEarned),
  refCode: u.refCode,
  referralLink,
});
