// How the risk review looks in the admin panel: a flagged user with score, signals and evidence,
// and one user's whole case.
import type { User } from "@/domain/model/index.ts";
import { formatUsdt } from "@/domain/money.ts";
import type { riskCase } from "@/domain/risk-review.ts";

type Signal = { name: string; weight: number; evidence: Record<string, unknown>; at: Date };

export const flaggedView = ({ user, signals }: { user: User; signals: Signal[] }) => ({
  userId: user.id,
  tgId: user.tgId,
  username: user.username,
  firstName: user.firstName,
  score: user.riskScore,
  status: user.riskStatus,
  isBanned: user.isBanned,
  balanceUsdt: formatUsdt(user.balance),
  heldUsdt: formatUsdt(user.heldBalance),
  qualifiedReferrals: user.qualifiedReferrals,
  totalInvited: user.totalInvited,
  signals,
});

/** A case: the flagged user, who referred them and whom they referred, their clients, held bonuses and open withdrawal. */
export const riskCaseView = (found: Awaited<ReturnType<typeof riskCase>>) => ({
  ...flaggedView(found),
  referrer: found.referrer,
  referred: found.referred,
  clients: found.clients,
  holds: found.holds.map(({ amount, ...hold }) => ({ ...hold, amountUsdt: formatUsdt(amount) })),
  openWithdrawal: found.openWithdrawal && { id: found.openWithdrawal.id, status: found.openWithdrawal.status, amountUsdt: formatUsdt(found.openWithdrawal.amount) },
});
