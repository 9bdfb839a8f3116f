// Withdrawals: the request debits at once; reject refunds; every admin transition is a
// conditional update on the current status, so two admins acting at once cannot both win.
import { and, desc, eq, lt, sql } from "@/db/ops.ts";
import { users, withdrawals, type User, type Withdrawal, type WithdrawalStatus } from "@/db/schema/index.ts";
import { audit } from "./audit.ts";
import { inTransaction, type Deps, type Tx } from "./context.ts";
import { AppError, notFound } from "./errors.ts";
import { credit, debit } from "./ledger.ts";
import { formatUsdt, parseUsdt, wholeUsdt } from "./money.ts";
import type { Notice } from "./notifier.ts";
import { amountRules, rules, txHashPattern } from "./rules.ts";

const withdrawalView = {
  id: withdrawals.id,
  userId: withdrawals.userId,
  tgId: users.tgId,
  username: users.username,
  amount: withdrawals.amount,
  address: withdrawals.address,
  status: withdrawals.status,
  txHash: withdrawals.txHash,
  failReason: withdrawals.failReason,
  createdAt: withdrawals.createdAt,
  processedAt: withdrawals.processedAt,
};

function selectWithdrawals(db: Deps["db"]) {
  return db.select(withdrawalView).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId));
}

export type WithdrawalRow = ReturnType<ReturnType<typeof selectWithdrawals>["all"]>[number];

export function getWithdrawal(deps: Deps, id: number): WithdrawalRow {
  const row = selectWithdrawals(deps.db).where(eq(withdrawals.id, id)).get();
  if (!row) throw notFound(`Withdrawal ${id}`);
  return row;
}

export function listWithdrawals(deps: Deps, f: { status?: WithdrawalStatus; userId?: number; limit: number; before?: number }) {
  return selectWithdrawals(deps.db)
    .where(
      and(
        f.status ? eq(withdrawals.status, f.status) : undefined,
        f.userId ? eq(withdrawals.userId, f.userId) : undefined,
        f.before ? lt(withdrawals.id, f.before) : undefined,
      ),
    )
    .orderBy(desc(withdrawals.id))
    .limit(f.limit)
    .all();
}

export function requestWithdrawal(deps: Deps, user: User, amountInput: unknown): WithdrawalRow {
  if (user.isBanned) throw new AppError("USER_BANNED", "Your account is suspended");
  const amount = parseUsdt(amountInput, amountRules.withdrawal);
  if (amount < rules.minWithdrawal) {
    throw new AppError("BELOW_MINIMUM", `Minimum withdrawal amount is ${wholeUsdt(rules.minWithdrawal)} USDT`, { field: "amount" });
  }
  const now = deps.clock();
  const id = inTransaction(deps.db, (tx) => {
    const current = tx.select({ wallet: users.walletBep20 }).from(users).where(eq(users.id, user.id)).get()!;
    if (!current.wallet) throw new AppError("WALLET_REQUIRED", "Set your wallet address before withdrawing");
    let row: Withdrawal;
    try {
      row = tx.insert(withdrawals).values({ userId: user.id, amount, address: current.wallet, createdAt: now }).returning().get();
    } catch (error) {
      if (String(error).includes("UNIQUE")) {
        throw new AppError("OPEN_WITHDRAWAL", "You already have a withdrawal in progress");
      }
      throw error;
    }
    debit(tx, { userId: user.id, amount, reason: "withdrawal", refId: row.id, at: now });
    return row.id;
  });
  return getWithdrawal(deps, id);
}

type Transition = { from: WithdrawalStatus; to: WithdrawalStatus; set?: Partial<Withdrawal> };

/** Moves a withdrawal from one status to the next, or explains why it cannot. */
function transition(tx: Tx, id: number, adminId: number, at: Date, t: Transition): Withdrawal {
  const row = tx
    .update(withdrawals)
    .set({ status: t.to, processedAt: at, processedBy: adminId, ...t.set })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, t.from)))
    .returning()
    .get();
  if (row) return row;
  const existing = tx.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)).get();
  if (!existing) throw notFound(`Withdrawal ${id}`);
  throw new AppError("INVALID_STATE", `Withdrawal ${id} is ${existing.status}, not ${t.from}`, { status: existing.status });
}

function act(deps: Deps, adminId: number, id: number, action: string, step: (tx: Tx, at: Date) => Withdrawal & { notice: (tgId: number) => Notice }) {
  const at = deps.clock();
  const notice = inTransaction(deps.db, (tx) => {
    const done = step(tx, at);
    audit(tx, { adminId, action, targetType: "withdrawal", targetId: id, detail: { amount: formatUsdt(done.amount), txHash: done.txHash, reason: done.failReason }, at });
    return done.notice;
  });
  const view = getWithdrawal(deps, id);
  deps.notifier.notify(notice(view.tgId));
  return view;
}

export function approveWithdrawal(deps: Deps, adminId: number, id: number) {
  return act(deps, adminId, id, "withdrawal.approve", (tx, at) => {
    const w = transition(tx, id, adminId, at, { from: "pending", to: "approved" });
    return { ...w, notice: (tgId) => ({ kind: "withdrawal_approved", tgId, amount: formatUsdt(w.amount) }) };
  });
}

export function rejectWithdrawal(deps: Deps, adminId: number, id: number, reason: string) {
  const why = reason.trim();
  if (!why) throw new AppError("VALIDATION_FAILED", "reason: a rejection reason is required", { field: "reason" });
  return act(deps, adminId, id, "withdrawal.reject", (tx, at) => {
    const w = transition(tx, id, adminId, at, { from: "pending", to: "rejected", set: { failReason: why } });
    credit(tx, { userId: w.userId, amount: w.amount, reason: "withdrawal_refund", refId: w.id, at });
    return { ...w, notice: (tgId) => ({ kind: "withdrawal_rejected", tgId, amount: formatUsdt(w.amount), reason: why }) };
  });
}

/**
 * A transaction hash pays at most one withdrawal. The unique index on lower(tx_hash) decides it,
 * not a read before the update, so two admins pasting one hash at once cannot both succeed; the
 * hash is kept in lower case, as explorers show it.
 */
export function markWithdrawalPaid(deps: Deps, adminId: number, id: number, txHash: string) {
  const hash = txHash.trim().toLowerCase();
  if (!txHashPattern.test(hash)) {
    throw new AppError("VALIDATION_FAILED", "txHash: must be 0x followed by 64 hex characters", { field: "txHash" });
  }
  return act(deps, adminId, id, "withdrawal.paid", (tx, at) => {
    let w: Withdrawal;
    try {
      w = transition(tx, id, adminId, at, { from: "approved", to: "paid", set: { txHash: hash } });
    } catch (error) {
      if (String(error).includes("withdrawals_tx_hash_unique")) throw hashUsed(tx, hash);
      throw error;
    }
    return { ...w, notice: (tgId) => ({ kind: "withdrawal_paid", tgId, amount: formatUsdt(w.amount), txHash: hash }) };
  });
}

/** Names the withdrawal the hash already paid; read in the same transaction, after the refusal. */
function hashUsed(tx: Tx, hash: string): AppError {
  const holder = tx.select({ id: withdrawals.id }).from(withdrawals).where(sql`${withdrawals.txHash} is not null and lower(${withdrawals.txHash}) = ${hash}`).get();
  return new AppError("TX_HASH_USED", `This transaction hash already paid withdrawal #${holder?.id ?? "?"}`, { withdrawalId: holder?.id ?? null });
}

export function pendingWithdrawalCount(deps: Deps): number {
  return deps.db.select({ n: sql<number>`count(*)` }).from(withdrawals).where(eq(withdrawals.status, "pending")).get()!.n;
}
