// The payouts waiting for confirmations, looked at again (by the fleet's leader, every few
// seconds): each becomes paid once enough blocks are on top of its transaction, and only then is
// its user told; one whose transaction left the chain (a reorganisation) goes back to approved,
// with the reason kept on it for the admins, an audit entry and a warning in the log, unless it was
// the hot wallet's transfer, whose recovery sends the same bytes again. The ledger is not touched:
// the amount was debited at the request, and a later reject refunds it once.
import type { PayoutChain } from "./chain.ts";
import { confirmationsOf } from "./chain.ts";
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { emitting } from "./events.ts";
import { livePayoutSendStates, type Withdrawal } from "./model/index.ts";
import { formatUsdt } from "./money.ts";
import { noticeQueued } from "./notices.ts";
import { matchTransfer } from "./payout-check.ts";
import type { WithdrawalRow } from "./statements/withdrawals.ts";
import { onChain, withdrawalMoved } from "./withdrawals.ts";

type ConfirmDeps = Pick<Deps, "store" | "clock" | "events" | "log">;

export type ConfirmationsReport = { paid: number[]; returned: number[]; waiting: number[] };

/** At most this many confirming payouts are looked at per run; the rest wait for the next. */
const perRun = 200;

/** One pass over the confirming payouts; CHAIN_UNAVAILABLE when the RPC does not answer (nothing changed past that point). */
export async function confirmPayouts(deps: ConfirmDeps, chain: PayoutChain): Promise<ConfirmationsReport> {
  const report: ConfirmationsReport = { paid: [], returned: [], waiting: [] };
  const confirming = await deps.store.read((db) => db.withdrawals.list({ status: "confirming", limit: perRun }));
  if (confirming.length === 0) return report;
  const head = await chain.reader.blockNumber();
  for (const w of confirming.reverse()) {
    const hash = w.txHash!;
    const tx = await chain.reader.transaction(hash);
    if (tx === undefined || tx === "pending") {
      // Never seen in a block: a hot wallet transfer on its way, which its recovery sends again or proves dropped.
      if (w.txBlock === null) {
        report.waiting.push(w.id);
        continue;
      }
      if (chain.wallet && (await backToRecovery(deps, w))) {
        report.waiting.push(w.id);
        continue;
      }
      const where = tx === "pending" ? "is waiting to be mined again" : "is no longer on chain";
      if (await sendBack(deps, w, `Transaction ${hash} ${where} (it was in block ${w.txBlock}): a reorganisation took it out. Check the chain, then mark it paid again or reject it`)) report.returned.push(w.id);
      continue;
    }
    if (tx.blockHash !== w.txBlockHash) {
      let mismatch: string | undefined;
      try {
        matchTransfer(chain, w, tx);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        mismatch = error.message;
      }
      if (mismatch !== undefined) {
        const reason = `Transaction ${hash} was mined again in block ${tx.blockNumber} after a reorganisation and no longer pays this request: ${mismatch}`;
        if (await sendBack(deps, w, reason, { minedWithout: true })) report.returned.push(w.id);
        continue;
      }
      // The same payout in another block: its confirmations count from there.
      await deps.store.transaction((db) => db.withdrawals.move(w.id, ["confirming"], { status: "confirming", ...onChain({ tx }) }));
    }
    const confirmations = confirmationsOf(tx.blockNumber, head);
    if (confirmations < chain.confirmations) {
      report.waiting.push(w.id);
      continue;
    }
    if (await settle(deps, w, confirmations)) report.paid.push(w.id);
  }
  return report;
}

/** Confirming → paid, audited as the system's (no admin) and told to the user once it commits. False when something else moved it first. */
async function settle(deps: ConfirmDeps, w: WithdrawalRow, confirmations: number): Promise<boolean> {
  const at = deps.clock();
  const moved = await emitting(deps, function* (db, record) {
    const row = yield* db.withdrawals.move(w.id, ["confirming"], { status: "paid", processedAt: at });
    if (!row || row === "tx hash used") return undefined;
    yield* withdrawalMoved(db, record, row, row.movedFrom);
    yield* db.audit.insert({ adminId: null, action: "withdrawal.confirmed", targetType: "withdrawal", targetId: w.id, detail: { amount: formatUsdt(w.amount), txHash: w.txHash, confirmations }, at });
    yield* noticeQueued(db, { kind: "withdrawal_paid", tgId: w.tgId, amount: formatUsdt(w.amount), txHash: w.txHash! }, at);
    return row;
  });
  return moved !== undefined;
}

/**
 * A hot wallet's transfer a reorganisation took out, handed back to its recovery instead of to an
 * admin: its signed bytes still pay this request, and its nonce is free again on chain, so the
 * recovery sends the same bytes (or finds them waiting, or proves them dropped if another
 * transaction takes the nonce). Sent back to approved, it would leave the wallet's later transfers
 * queued behind a nonce nothing fills, and a reject would refund a transfer that may still be mined.
 * The request stays confirming, as one not yet seen in a block. False when the hash is not this
 * request's hot wallet transfer; true, changing nothing, when another instance handed it back first.
 */
async function backToRecovery(deps: ConfirmDeps, w: WithdrawalRow): Promise<boolean> {
  const at = deps.clock();
  const outcome = await deps.store.transaction(function* (db) {
    const live = yield* db.payoutSends.liveFor(w.id);
    if (live?.txHash !== w.txHash) return "not the wallet's" as const;
    const now = yield* db.withdrawals.find(w.id);
    if (now?.status !== "confirming" || now.txHash !== w.txHash || now.txBlockHash === null) return "already" as const;
    // The conditional mark decides between two instances at once: the second finds it sent already.
    if (live.state === "mined" && !(yield* db.payoutSends.mark(live.id, ["mined"], { state: "sent", settledAt: null }))) return "already" as const;
    yield* db.withdrawals.move(w.id, ["confirming"], { status: "confirming", txChecked: false, txBlock: null, txBlockHash: null });
    yield* db.audit.insert({
      adminId: null,
      action: "withdrawal.send_unmined",
      targetType: "withdrawal",
      targetId: w.id,
      detail: { amount: formatUsdt(w.amount), txHash: w.txHash, nonce: live.nonce, block: w.txBlock },
      at,
    });
    return live;
  });
  if (outcome === "not the wallet's") return false;
  if (outcome !== "already") {
    deps.log?.warn(
      { withdrawalId: w.id, txHash: w.txHash, nonce: outcome.nonce, block: w.txBlock },
      `hot wallet transfer left the chain in a reorganisation (it was in block ${w.txBlock}): its signed bytes are sent again, and the request stays confirming`,
    );
  }
  return true;
}

/**
 * Confirming → approved, the hash let go (it may pay this request again once mined), `reason` kept
 * for the admins. `minedWithout`: the transaction is in a block and moved nothing for this request
 * there (a revert), so a hot wallet transfer of this hash is failed with `reason` as its evidence,
 * as its recovery fails one it finds reverted: its nonce is spent, and a new send may sign another.
 */
async function sendBack(deps: ConfirmDeps, w: WithdrawalRow, reason: string, { minedWithout = false } = {}): Promise<boolean> {
  const at = deps.clock();
  const set: Partial<Withdrawal> & { status: "approved" } = { status: "approved", txHash: null, txChecked: false, txBlock: null, txBlockHash: null, returnReason: reason, processedAt: at };
  const moved = await emitting(deps, function* (db, record) {
    const row = yield* db.withdrawals.move(w.id, ["confirming"], set);
    if (!row || row === "tx hash used") return undefined;
    if (minedWithout) {
      const live = yield* db.payoutSends.liveFor(w.id);
      if (live?.txHash === w.txHash) yield* db.payoutSends.mark(live.id, livePayoutSendStates, { state: "failed", evidence: reason, settledAt: at });
    }
    yield* withdrawalMoved(db, record, row, row.movedFrom);
    yield* db.audit.insert({ adminId: null, action: "withdrawal.returned", targetType: "withdrawal", targetId: w.id, detail: { amount: formatUsdt(w.amount), txHash: w.txHash, reason }, at });
    return row;
  });
  if (!moved) return false;
  deps.log?.warn({ withdrawalId: w.id, txHash: w.txHash, block: w.txBlock }, `payout returned to approved: ${reason}`);
  return true;
}
