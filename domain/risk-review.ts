// The admin's side of the referral-farm defences: the queue of flagged users with their signals
// and evidence, clearing a user (their withdrawals rejoin the pending queue, their holds release
// on time) and confirming fraud (the user and the farm accounts the admin picks are banned, their
// open withdrawals refunded, and the referral bonuses they produced taken back by ledger entries
// of their own, as far as balances allow: what cannot be taken back is reported, not forced).
import type { RiskStatus, User } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError, invalid, notFound } from "./errors.ts";
import { emitting, type Recorder } from "./events.ts";
import { debit } from "./ledger.ts";
import { formatUsdt } from "./money.ts";
import type { RiskListFilter } from "./statements/risk.ts";
import type { Op, Statements } from "./store.ts";
import { holdSettled } from "./referrals.ts";
import { refundOnBan, withdrawalMoved } from "./withdrawals.ts";

type ReviewDeps = Pick<Deps, "store" | "clock" | "events">;

function* withSignals(db: Statements, user: User) {
  const signals = yield* db.risk.signalsOf(user.id);
  return { user, signals: signals.map(({ name, weight, evidence, updatedAt }) => ({ name, weight, evidence, at: updatedAt })) };
}

export function listFlagged(deps: Pick<Deps, "store">, filter: RiskListFilter) {
  return deps.store.read(function* (db) {
    const users = yield* db.risk.list(filter);
    const rows = [];
    for (const user of users) rows.push(yield* withSignals(db, user));
    return rows;
  });
}

/** One user's case: signals, referrer, referral tree, the accounts sharing its clients, holds and open withdrawal. */
export async function riskCase(deps: Pick<Deps, "store">, userId: number) {
  return deps.store.read(function* (db) {
    const user = yield* db.users.byId(userId);
    if (!user) throw notFound(`User ${userId}`);
    const { signals } = yield* withSignals(db, user);
    const referral = yield* db.risk.referrerOf(userId);
    const referrer = referral ? yield* db.users.byId(referral.referrerId) : undefined;
    const referred = yield* db.risk.referred(userId, 1000);
    const clients = [];
    for (const client of yield* db.risk.clientsOf(userId)) {
      const accounts = (yield* db.risk.accountsOn(client.client, 100)).filter((id) => id !== userId);
      clients.push({ address: client.address, userAgent: client.userAgent, seenAt: client.seenAt, sharedWith: accounts });
    }
    const holds = yield* db.risk.holdsOf(userId);
    const openWithdrawal = yield* db.risk.openWithdrawal(userId);
    return { user, signals, referrer: referrer ? { id: referrer.id, tgId: referrer.tgId, username: referrer.username, firstName: referrer.firstName } : null, referred, clients, holds, openWithdrawal: openWithdrawal ?? null };
  });
}

/** Not fraud: the flag goes, a withdrawal waiting in review joins the pending queue. */
export async function clearRisk(deps: ReviewDeps, adminId: number, userId: number) {
  const at = deps.clock();
  return emitting(deps, function* (db, record) {
    const status = yield* statusOf(db, userId);
    if (status !== "flagged") throw new AppError("INVALID_STATE", `User ${userId} is ${status ?? "not flagged"}, not flagged`, { status });
    yield* db.risk.setStatus(userId, "flagged", "cleared");
    const open = yield* db.risk.openWithdrawal(userId);
    const released = open?.status === "review" ? yield* db.withdrawals.move(open.id, ["review"], { status: "pending" }) : undefined;
    const moved = released && released !== "tx hash used" ? released : undefined;
    if (moved) yield* withdrawalMoved(db, record, moved, moved.movedFrom);
    const detail = { withdrawalToPending: moved ? moved.id : null };
    yield* db.audit.insert({ adminId, action: "risk.clear", targetType: "user", targetId: userId, detail, at });
    return { userId, status: "cleared" as const, ...detail };
  });
}

export type ConfirmReport = {
  userId: number;
  banned: number[];
  withdrawalsRefunded: { id: number; userId: number; amount: string }[];
  holdsReversed: { referredId: number; referrerId: number; amount: string }[];
  bonusesReversed: { referredId: number; referrerId: number; amount: string }[];
  /** Bonuses already spent (withdrawn or paid out): reported for the operator, not forced below zero. */
  notReversed: { referredId: number; referrerId: number; amount: string }[];
};

/**
 * Fraud: bans the user and `farm` (accounts it referred, or "all" of them), refunds their open
 * withdrawals, and takes back every referral bonus a banned account produced for its referrer.
 */
export async function confirmFraud(deps: ReviewDeps, adminId: number, userId: number, farm: number[] | "all"): Promise<ConfirmReport> {
  const at = deps.clock();
  const reason = "Fraud confirmed in the risk review";
  return emitting(deps, function* (db, record) {
    const status = yield* statusOf(db, userId);
    const alreadyConfirmed = () => new AppError("INVALID_STATE", `User ${userId} is already confirmed`, { status: "confirmed" });
    if (status === "confirmed") throw alreadyConfirmed();
    // The status change comes first and decides: of two confirms at once, the one whose
    // conditional write finds the status it read wins, and the other reverses nothing.
    if (!(yield* db.risk.setStatus(userId, status, "confirmed"))) throw alreadyConfirmed();
    const referred = yield* db.risk.referred(userId, 100_000);
    const theirs = new Map(referred.map((r) => [r.id, r]));
    const chosen = farm === "all" ? referred.map((r) => r.id) : [...new Set(farm)];
    const stranger = chosen.find((id) => !theirs.has(id));
    if (stranger !== undefined) throw invalid("farm", `user ${stranger} was not referred by user ${userId}`);

    const report: ConfirmReport = { userId, banned: [], withdrawalsRefunded: [], holdsReversed: [], bonusesReversed: [], notReversed: [] };
    const accounts = [userId, ...chosen];
    for (const id of accounts) {
      yield* db.adminUsers.setBanned(id, true, reason);
      if (id !== userId) yield* db.risk.setStatus(id, theirs.get(id)!.riskStatus ?? null, "confirmed");
      report.banned.push(id);
      const refunded = yield* refundOnBan(db, record, id, adminId, at, reason);
      if (refunded) report.withdrawalsRefunded.push({ id: refunded.id, userId: id, amount: formatUsdt(refunded.amount) });
    }
    // After the refunds, so a farmer's own withdrawal gives back what the reversals take.
    for (const id of accounts) yield* reverseBonusesFrom(db, record, id, at, report);
    yield* db.audit.insert({ adminId, action: "risk.confirm", targetType: "user", targetId: userId, detail: report, at });
    return report;
  });
}

function* reverseBonusesFrom(db: Statements, record: Recorder, referredId: number, at: Date, report: ConfirmReport): Op<void> {
  const referral = yield* db.risk.referrerOf(referredId);
  if (!referral) return;
  const { referrerId } = referral;
  for (const hold of yield* db.risk.holdsFrom(referredId)) {
    const reversed = yield* db.risk.settleHold(referredId, hold.reason, "reversed", at);
    if (!reversed) continue;
    yield* holdSettled(db, record, "reversed", reversed);
    report.holdsReversed.push({ referredId, referrerId, amount: formatUsdt(reversed.amount) });
  }
  const paid = yield* db.risk.unreversedBonus(referrerId, referredId);
  if (paid <= 0) return;
  const balance = (yield* db.users.byId(referrerId))?.balance ?? 0;
  const taken = Math.min(paid, balance);
  if (taken > 0) {
    yield* debit(db, { userId: referrerId, amount: taken, reason: "referral_reversal", refId: referredId, note: "referral confirmed as fraud", at });
    yield* db.referrals.addReferralEarnings(referrerId, -taken);
    report.bonusesReversed.push({ referredId, referrerId, amount: formatUsdt(taken) });
  }
  if (paid > taken) report.notReversed.push({ referredId, referrerId, amount: formatUsdt(paid - taken) });
}

function* statusOf(db: Statements, userId: number): Op<RiskStatus | null> {
  const user = yield* db.users.byId(userId);
  if (!user) throw notFound(`User ${userId}`);
  return user.riskStatus;
}
