// Withdrawals: the request debits at once; reject refunds; every admin transition is a
// conditional update on the current status, so two admins acting at once cannot both win.
import { openWithdrawalStatuses, withdrawalCounters, withdrawalStatuses, type User, type Withdrawal, type WithdrawalStatus } from "@/domain/model/index.ts";
import type { AuditAction } from "./audit-actions.ts";
import type { PayoutChain } from "./chain.ts";
import type { Deps } from "./context.ts";
import { AppError, notFound, suspended } from "./errors.ts";
import { emitting, type Recorder } from "./events.ts";
import { credit, debit } from "./ledger.ts";
import { formatUsdt, parseUsdt, wholeUsdt } from "./money.ts";
import { noticeQueued, type Notice } from "./notices.ts";
import { checkPayout, type PayoutMatch } from "./payout-check.ts";
import { amountRules, txHashPattern } from "./rules.ts";
import type { Settings } from "./settings.ts";
import type { WithdrawalFilter, WithdrawalRow } from "./statements/withdrawals.ts";
import { leftAfterQualifying, withdrawalTiming } from "./risk.ts";
import type { Op, Statements } from "./store.ts";
import { utcDay } from "./time.ts";

export type { WithdrawalRow } from "./statements/withdrawals.ts";

/** What the withdrawal rules use: the engine, the time, the notices and the events. */
type WithdrawalDeps = Pick<Deps, "store" | "clock" | "events" | "tellsUsers">;
/** A request also asks Telegram about the channel and reads the operator's limits. */
type RequestDeps = WithdrawalDeps & Pick<Deps, "settings" | "membership">;

export async function getWithdrawal(deps: WithdrawalDeps, id: number): Promise<WithdrawalRow> {
  const row = await deps.store.read((db) => db.withdrawals.find(id));
  if (!row) throw notFound(`Withdrawal ${id}`);
  return row;
}

export function listWithdrawals(deps: WithdrawalDeps, filter: WithdrawalFilter): Promise<WithdrawalRow[]> {
  return deps.store.read((db) => db.withdrawals.list(filter));
}

/**
 * Money leaves here, so the channel is checked again (for a user who joined it once): a user who
 * left is asked to rejoin, and nothing is debited. A flagged user's request waits in review, and
 * so does one to an address a banned account holds too. A user known to be banned is told at
 * once; a ban committed since (while Telegram answered, or on another instance) is caught by the
 * debit, which reads it in its own conditional write.
 */
export async function requestWithdrawal(deps: RequestDeps, user: User, amountInput: unknown): Promise<WithdrawalRow> {
  if (user.isBanned) throw suspended();
  const amount = parseUsdt(amountInput, amountRules.withdrawal);
  // Read once: the minimum, the limits and the risk threshold this request is judged by. A
  // request already made keeps its amount whatever they become.
  const settings = deps.settings.current();
  if (amount < settings.minWithdrawal) {
    throw new AppError("BELOW_MINIMUM", `Minimum withdrawal amount is ${wholeUsdt(settings.minWithdrawal)} USDT`, { field: "amount" }, { amounts: { minimum: settings.minWithdrawal } });
  }
  if (user.channelJoined && !(await deps.membership.isMember(user.tgId))) {
    await noteLeftChannel(deps, user.id);
    throw new AppError("NOT_IN_CHANNEL", "You left the channel: join it again to withdraw");
  }
  const now = deps.clock();
  const flagScore = settings.riskFlagScore;
  // The answer is read in the transaction: what this request did, not what a ban right after made of it.
  return emitting(deps, function* (db, record) {
    const address = yield* db.withdrawals.walletOf(user.id);
    if (!address) throw new AppError("WALLET_REQUIRED", "Set your wallet address before withdrawing");
    yield* withdrawalTiming(db, flagScore, user.id, now);
    yield* checkPayoutLimits(db, settings, user.id, amount, now);
    const flagged = (yield* db.users.byId(user.id))?.riskStatus === "flagged";
    const review = flagged || (yield* db.users.walletOfBanned(address, user.id));
    const row = yield* db.withdrawals.insertOpen({ userId: user.id, amount, address, status: review ? "review" : "pending", createdAt: now });
    if (!row) throw new AppError("OPEN_WITHDRAWAL", "You already have a withdrawal in progress");
    yield* debit(db, { userId: user.id, amount, reason: "withdrawal", refId: row.id, at: now, byUser: true });
    yield* withdrawalMoved(db, record, row, null);
    return (yield* db.withdrawals.find(row.id))!;
  });
}

/** A user whose referral qualified and who then left the channel is a risk signal, on them and their referrer. */
async function noteLeftChannel(deps: RequestDeps, userId: number): Promise<void> {
  const flagScore = deps.settings.current().riskFlagScore;
  if (flagScore === 0) return;
  const at = deps.clock();
  await deps.store.transaction(function* (db) {
    const referral = yield* db.risk.referrerOf(userId);
    if (referral?.qualifiedAt) yield* leftAfterQualifying(db, flagScore, userId, referral.referrerId, at);
  });
}

/**
 * The payout limits (settings payoutUserDailyLimit and payoutDailyLimit), per UTC day, counting requests not rejected. A
 * request past a limit is refused at once rather than queued: the user keeps the balance and
 * knows where they stand, and nothing waits on a limit an operator may change.
 */
function* checkPayoutLimits(db: Statements, limits: Pick<Settings, "payoutDailyLimit" | "payoutUserDailyLimit">, userId: number, amount: number, now: Date): Op<void> {
  const day = utcDay(now);
  if (limits.payoutUserDailyLimit > 0) {
    const asked = yield* db.risk.requestedSince(userId, new Date(`${day}T00:00:00Z`));
    if (asked + amount > limits.payoutUserDailyLimit) {
      const left = Math.max(limits.payoutUserDailyLimit - asked, 0);
      throw new AppError(
        "PAYOUT_LIMIT",
        `You can withdraw up to ${wholeUsdt(limits.payoutUserDailyLimit)} USDT a day; ${formatUsdt(left)} USDT is left for today`,
        { field: "amount", limit: formatUsdt(limits.payoutUserDailyLimit), left: formatUsdt(left) },
        { variant: "user" },
      );
    }
  }
  // Counted for every request, so a limit set later starts from the day's true total.
  if (!(yield* db.risk.addPayout(day, amount, limits.payoutDailyLimit))) {
    throw new AppError("PAYOUT_LIMIT", "Today's withdrawals have reached their limit: please try again tomorrow", { limit: formatUsdt(limits.payoutDailyLimit) });
  }
}

/** `towardPayout`: a move that brings the money closer to leaving, refused for a banned user. */
type Transition = { from: readonly WithdrawalStatus[]; to: WithdrawalStatus; set?: Partial<Withdrawal>; towardPayout?: boolean };

/**
 * Moves a withdrawal from one status to the next, or explains why it cannot. The move is one
 * conditional update on the current status, so of two admins acting at once only one wins; a
 * move toward payout also reads the requester's ban in that update, so no request, however it
 * stayed open, is approved or paid for a banned user.
 */
export function* transition(db: Statements, record: Recorder, id: number, adminId: number, at: Date, t: Transition): Op<Withdrawal> {
  const row = yield* db.withdrawals.move(id, t.from, { status: t.to, processedAt: at, processedBy: adminId, ...t.set }, t.towardPayout);
  if (row === "tx hash used") throw yield* hashUsed(db, t.set?.txHash ?? "");
  if (row) {
    yield* withdrawalMoved(db, record, row, row.movedFrom);
    return row;
  }
  const state = yield* db.withdrawals.stateOf(id);
  if (!state) throw notFound(`Withdrawal ${id}`);
  const { status, userBanned } = state;
  if (t.towardPayout && userBanned && t.from.includes(status)) {
    throw new AppError("WITHDRAWAL_USER_BANNED", `Withdrawal ${id} belongs to a banned user: reject it, or lift the ban first`, { status });
  }
  throw new AppError("INVALID_STATE", `Withdrawal ${id} is ${status}, not ${t.from.join(" or ")}`, { status });
}

/** `notice`: what the user is told, queued with the step (nothing for a payout still confirming); `detail`: more for the audit entry. */
type Step = (db: Statements, at: Date, record: Recorder) => Op<Withdrawal & { notice?: (tgId: number) => Notice; detail?: Record<string, unknown> }>;

async function act(deps: WithdrawalDeps, adminId: number, id: number, action: AuditAction, step: Step) {
  const at = deps.clock();
  // The answer is read in the transaction: the request as this action left it.
  return emitting(deps, function* (db, record) {
    const done = yield* step(db, at, record);
    yield* db.audit.insert({ adminId, action, targetType: "withdrawal", targetId: id, detail: { amount: formatUsdt(done.amount), txHash: done.txHash, reason: done.failReason, ...done.detail }, at });
    const view = (yield* db.withdrawals.find(id))!;
    if (done.notice && deps.tellsUsers !== false) yield* noticeQueued(db, done.notice(view.tgId), at);
    return view;
  });
}

export async function approveWithdrawal(deps: WithdrawalDeps, adminId: number, id: number) {
  return act(deps, adminId, id, "withdrawal.approve", function* (db, at, record) {
    const w = yield* transition(db, record, id, adminId, at, { from: ["pending", "review"], to: "approved", towardPayout: true });
    return { ...w, notice: (tgId) => ({ kind: "withdrawal_approved", tgId, amount: formatUsdt(w.amount) }) };
  });
}

export async function rejectWithdrawal(deps: WithdrawalDeps, adminId: number, id: number, reason: string) {
  const why = reason.trim();
  if (!why) throw new AppError("VALIDATION_FAILED", "reason: a rejection reason is required", { field: "reason" });
  // A payout that came back from the chain (returnedPayout) waits approved, and may be rejected as a
  // pending one is: nothing left, so the refund is owed. Any other approved request stays for payment.
  const returned = (await getWithdrawal(deps, id)).returnReason !== null;
  return act(deps, adminId, id, "withdrawal.reject", function* (db, at, record) {
    const w = yield* refund(db, record, id, adminId, at, why, returned ? ["pending", "review", "approved"] : ["pending", "review"]);
    return { ...w, notice: (tgId) => ({ kind: "withdrawal_rejected", tgId, amount: formatUsdt(w.amount), reason: why }) };
  });
}

/**
 * A transaction hash pays at most one withdrawal. The unique index on lower(tx_hash) decides it,
 * not a read before the update, so two admins pasting one hash at once cannot both succeed; the
 * hash is kept in lower case, as explorers show it.
 */
export async function markWithdrawalPaid(deps: WithdrawalDeps & Pick<Deps, "chain">, adminId: number, id: number, txHash: string) {
  const hash = txHash.trim().toLowerCase();
  if (!txHashPattern.test(hash)) {
    throw new AppError("VALIDATION_FAILED", "txHash: must be 0x followed by 64 hex characters", { field: "txHash" });
  }
  // With a chain, the transaction is looked up first, outside the database's transaction; what
  // it found is written by the same conditional move as an unchecked hash.
  const found = deps.chain ? await checkedPayout(deps, deps.chain, id, hash) : undefined;
  const waiting = found !== undefined && found.confirmations < found.required;
  return act(deps, adminId, id, waiting ? "withdrawal.sent" : "withdrawal.paid", function* (db, at, record) {
    const set = { txHash: hash, ...(found ? onChain(found) : { txChecked: false, returnReason: null }) };
    const w = yield* transition(db, record, id, adminId, at, { from: ["approved"], to: waiting ? "confirming" : "paid", set, towardPayout: true });
    const detail = found ? { checked: true, confirmations: found.confirmations, required: found.required } : { checked: false };
    if (waiting) return { ...w, detail };
    return { ...w, detail, notice: (tgId) => ({ kind: "withdrawal_paid", tgId, amount: formatUsdt(w.amount), txHash: hash }) };
  });
}

/**
 * The chain's answer for paying approved request `id` with `hash`, read before anything is
 * written. A request that is not approved, or a hash another request holds, is refused first, as
 * the move would refuse it, so the chain is asked only about a payout that could be recorded.
 */
async function checkedPayout(deps: WithdrawalDeps, chain: PayoutChain, id: number, hash: string): Promise<PayoutMatch> {
  const w = await getWithdrawal(deps, id);
  if (w.status !== "approved") throw new AppError("INVALID_STATE", `Withdrawal ${id} is ${w.status}, not approved`, { status: w.status });
  const holder = await deps.store.read((db) => db.withdrawals.paidWith(hash));
  if (holder !== undefined && holder !== id) throw new AppError("TX_HASH_USED", `This transaction hash already paid withdrawal #${holder}`, { withdrawalId: holder });
  return checkPayout(chain, w, hash);
}

/** What a check found, as the request keeps it: checked, where it was mined, and no earlier return's note. */
export const onChain = (found: Pick<PayoutMatch, "tx">) => ({ txChecked: true, txBlock: found.tx.blockNumber, txBlockHash: found.tx.blockHash, returnReason: null });

/** Rejects a request waiting for an admin and gives its amount back. */
function* refund(db: Statements, record: Recorder, id: number, adminId: number, at: Date, why: string, from: readonly WithdrawalStatus[]): Op<Withdrawal> {
  const w = yield* transition(db, record, id, adminId, at, { from, to: "rejected", set: { failReason: why } });
  yield* giveBack(db, w, at);
  return w;
}

/** A rejected request's amount, back to the balance and to the day's payout total. */
function* giveBack(db: Statements, w: Withdrawal, at: Date): Op<void> {
  yield* credit(db, { userId: w.userId, amount: w.amount, reason: "withdrawal_refund", refId: w.id, at });
  yield* db.risk.subtractPayout(utcDay(w.createdAt), w.amount);
}

/**
 * A ban (an admin's, or a confirmed fraud's) takes the user's open request out of the payout
 * queue in the ban's own transaction: rejected with `why` and refunded, whether it was pending, in
 * review or approved. Refunded rather than held: a banned user cannot withdraw, so the money goes
 * back to the balance, where an unban finds it and a fraud review can take bonuses back from it.
 * Call it after the ban is written: on PostgreSQL a request whose debit committed first is then
 * seen, and one still in flight meets the ban in its debit. A request paid while this waited for
 * its row stays paid, and nothing is refunded.
 */
export function* refundOnBan(db: Statements, record: Recorder, userId: number, adminId: number, at: Date, why: string): Op<Withdrawal | undefined> {
  const open = yield* db.risk.openWithdrawal(userId);
  if (!open) return undefined;
  const w = yield* db.withdrawals.move(open.id, openWithdrawalStatuses, { status: "rejected", processedAt: at, processedBy: adminId, failReason: why });
  if (!w || w === "tx hash used") return undefined;
  yield* withdrawalMoved(db, record, w, w.movedFrom);
  yield* giveBack(db, w, at);
  return w;
}

/**
 * Request `w` moved to its status `from` another, or was made (null): counted in the counters of
 * withdrawals by status, in the same transaction, and told to the watchers once it commits.
 */
export function* withdrawalMoved(db: Statements, record: Recorder, w: Withdrawal, from: WithdrawalStatus | null): Op<void> {
  if (from) yield* db.counters.bump(withdrawalCounters[from], -1);
  yield* db.counters.bump(withdrawalCounters[w.status], 1);
  record({ type: "withdrawal_moved", withdrawalId: w.id, userId: w.userId, from, to: w.status, amount: w.amount });
}

/** Names the withdrawal the hash already paid; read in the same transaction, after the refusal. */
function* hashUsed(db: Statements, hash: string): Op<AppError> {
  const holder = yield* db.withdrawals.paidWith(hash);
  return new AppError("TX_HASH_USED", `This transaction hash already paid withdrawal #${holder ?? "?"}`, { withdrawalId: holder ?? null });
}

export function pendingWithdrawalCount(deps: WithdrawalDeps): Promise<number> {
  return deps.store.read((db) => db.withdrawals.countByStatus("pending"));
}

/** How many withdrawals are in each status, for the admin panel's tabs. */
export function withdrawalCounts(deps: WithdrawalDeps): Promise<Record<WithdrawalStatus, number>> {
  return deps.store.read(function* (db) {
    const counts = {} as Record<WithdrawalStatus, number>;
    for (const status of withdrawalStatuses) counts[status] = yield* db.withdrawals.countByStatus(status);
    return counts;
  });
}
