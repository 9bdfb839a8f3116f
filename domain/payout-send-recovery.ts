// The hot wallet's transfers not yet known to be mined, looked at again (by the fleet's leader,
// before the confirmations are counted, and at start): each is found mined, found waiting in the
// node's pool, or sent again byte for byte (same hash). One the chain has never seen while its
// nonce is taken by another transaction is dropped: provably never to be mined, so its withdrawal
// goes back to approved with the evidence, for an admin to send again, pay by hand or reject.
// Nothing here ever signs a transfer.
import type { PayoutChain } from "./chain.ts";
import type { Deps } from "./context.ts";
import { emitting } from "./events.ts";
import type { HotWallet } from "./hot-wallet.ts";
import type { PayoutSend } from "./model/index.ts";
import { formatUsdt } from "./money.ts";
import { broadcastRecorded } from "./payout-send.ts";
import { withdrawalMoved } from "./withdrawals.ts";

type RecoveryDeps = Pick<Deps, "store" | "clock" | "events" | "log">;

export type RecoveryReport = { mined: number[]; failed: number[]; waiting: number[]; resent: number[]; dropped: number[] };

const perRun = 200;

/** One pass over the unsettled transfers (withdrawal ids in the report); CHAIN_UNAVAILABLE when the RPC does not answer. */
export async function recoverSends(deps: RecoveryDeps, chain: PayoutChain & { wallet: HotWallet }): Promise<RecoveryReport> {
  const report: RecoveryReport = { mined: [], failed: [], waiting: [], resent: [], dropped: [] };
  const sends = await deps.store.read((db) => db.payoutSends.unsettled(perRun));
  let nonces: { mined: number } | undefined;
  for (const send of sends) {
    const found = await chain.reader.transaction(send.txHash);
    const at = deps.clock();
    if (found === "pending") {
      await deps.store.transaction((db) => db.payoutSends.mark(send.id, ["signed"], { state: "sent", sentAt: at }));
      report.waiting.push(send.withdrawalId);
      continue;
    }
    if (found !== undefined) {
      // The withdrawal follows the confirmations' path, which also sends a reverted one back to approved.
      const evidence = found.succeeded ? null : `Transfer ${send.txHash} was mined in block ${found.blockNumber} and reverted: it moved nothing`;
      await deps.store.transaction((db) => db.payoutSends.mark(send.id, ["signed", "sent"], { state: found.succeeded ? "mined" : "failed", evidence, settledAt: at }));
      (found.succeeded ? report.mined : report.failed).push(send.withdrawalId);
      continue;
    }
    nonces ??= await chain.wallet.nonces();
    if (nonces.mined <= send.nonce) {
      // Its nonce is still free: the node never took it, or forgot it. The same bytes again.
      if ((await broadcastRecorded(deps, chain.wallet, send)) === "sent" || send.state === "sent") report.resent.push(send.withdrawalId);
      continue;
    }
    // The nonce is used on chain; asked again so a transfer mined in between is not taken for dropped.
    const again = await chain.reader.transaction(send.txHash);
    if (again !== undefined) continue;
    if (await dropped(deps, send, nonces.mined)) report.dropped.push(send.withdrawalId);
  }
  return report;
}

/** The transfer dropped and its withdrawal back to approved with the evidence, in one transaction; false when something else moved it first. */
async function dropped(deps: RecoveryDeps, send: PayoutSend, minedNonces: number): Promise<boolean> {
  const at = deps.clock();
  const evidence =
    `Hot wallet transfer ${send.txHash} (nonce ${send.nonce} of ${send.wallet}) was never mined and never will be: the chain does not know it, ` +
    `and the wallet's nonce ${send.nonce} is taken by another transaction (${minedNonces} of its transactions are mined). ` +
    `No second transfer was signed: send it again, pay it by hand, or reject it`;
  const moved = await emitting(deps, function* (db, record) {
    if (!(yield* db.payoutSends.mark(send.id, ["signed", "sent"], { state: "dropped", evidence, settledAt: at }))) return false;
    const row = yield* db.withdrawals.move(send.withdrawalId, ["confirming"], { status: "approved", txHash: null, txChecked: false, txBlock: null, txBlockHash: null, returnReason: evidence, processedAt: at });
    if (row && row !== "tx hash used") yield* withdrawalMoved(db, record, row, row.movedFrom);
    yield* db.audit.insert({
      adminId: null,
      action: "withdrawal.send_dropped",
      targetType: "withdrawal",
      targetId: send.withdrawalId,
      detail: { amount: formatUsdt(send.amount), txHash: send.txHash, nonce: send.nonce, minedNonces },
      at,
    });
    return true;
  });
  if (moved) deps.log?.warn({ withdrawalId: send.withdrawalId, txHash: send.txHash, nonce: send.nonce }, `hot wallet transfer dropped, withdrawal back to approved: ${evidence}`);
  return moved;
}
