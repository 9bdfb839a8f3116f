// An approved withdrawal sent as a USDT transfer from the hot wallet, exactly once. The transfer is
// signed first, then recorded in one transaction with everything that makes it the withdrawal's:
// its nonce taken from the wallet's row (the fleet's one writer), the day's total checked against
// the cap, the signed bytes kept, and the withdrawal moved approved → confirming under that hash.
// Only after the commit are the bytes broadcast. A crash before the commit leaves nothing signed
// on record and nothing sent; after it, recovery (payout-send-recovery.ts) sends the same bytes
// again or finds them mined. A second transfer for a withdrawal is signed only on an admin's new
// request, and only once the first is proven to have moved nothing (dropped or failed).
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { emitting } from "./events.ts";
import { tokenUnits, type HotWallet } from "./hot-wallet.ts";
import type { PayoutSend } from "./model/index.ts";
import { formatUsdt } from "./money.ts";
import { getWithdrawal, transition, type WithdrawalRow } from "./withdrawals.ts";
import type { PayoutChain } from "./chain.ts";

type SendDeps = Pick<Deps, "store" | "clock" | "events" | "settings" | "chain" | "log">;

export type SendOutcome = { withdrawal: WithdrawalRow; send: PayoutSend; broadcast: "sent" | "not yet" };

/**
 * Tries at taking a nonce before giving up. Each instance signing at the same moment takes one of
 * the others' tries; a signature costs a millisecond, so a busy fleet retries rather than waits.
 */
const nonceTries = 50;

/** The chain with a hot wallet, or HOT_WALLET_NOT_CONFIGURED. */
export function hotWalletOf(deps: Pick<Deps, "chain">): PayoutChain & { wallet: HotWallet } {
  const chain = deps.chain;
  if (!chain?.wallet) throw new AppError("HOT_WALLET_NOT_CONFIGURED", "This server sends no payouts itself: set PAYOUT_KEY_FILE (and BSC_RPC_URL) to send from a hot wallet");
  return chain as PayoutChain & { wallet: HotWallet };
}

const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

export async function sendFromHotWallet(deps: SendDeps, adminId: number, id: number): Promise<SendOutcome> {
  const chain = hotWalletOf(deps);
  const wallet = chain.wallet;
  const w = await getWithdrawal(deps, id);
  if (w.status !== "approved") throw new AppError("INVALID_STATE", `Withdrawal ${id} is ${w.status}, not approved`, { status: w.status });
  const live = await deps.store.read((db) => db.payoutSends.liveFor(id));
  if (live) throw alreadySent(id, live);
  const { hotWalletMaxTransfer: max, hotWalletDailyLimit: daily } = deps.settings.current();
  if (w.amount > max) {
    throw new AppError("HOT_WALLET_LIMIT", `Withdrawal ${id} is ${formatUsdt(w.amount)} USDT, over the hot wallet's largest transfer of ${formatUsdt(max)} USDT: pay it by hand`, {
      limit: formatUsdt(max),
    });
  }
  const value = tokenUnits(w.amount, chain.decimals);
  const quote = await wallet.quote();
  // The chain's count covers transfers made outside refbot; the database's covers those recorded but not yet broadcast.
  const onChain = (await wallet.nonces()).pending;
  for (let attempt = 0; attempt < nonceTries; attempt++) {
    const recorded = await deps.store.read((db) => db.payoutSends.nextNonce(wallet.address));
    const nonce = Math.max(recorded ?? 0, onChain);
    const signed = await wallet.signTransfer({ token: chain.token, to: w.address, value, nonce, quote });
    const at = deps.clock();
    const send = await emitting(deps, function* (db, record) {
      if (!(yield* db.payoutSends.takeNonce(wallet.address, nonce, at))) return undefined;
      // Read after the nonce row is taken: every transfer recorded before is counted.
      const today = yield* db.payoutSends.signedSince(wallet.address, dayStart(at));
      if (today + w.amount > daily) {
        throw new AppError(
          "HOT_WALLET_LIMIT",
          `The hot wallet has sent ${formatUsdt(today)} USDT today; withdrawal ${id} (${formatUsdt(w.amount)} USDT) would pass its daily total of ${formatUsdt(daily)} USDT`,
          { limit: formatUsdt(daily), sentToday: formatUsdt(today) },
        );
      }
      // The move first: of two instances sending this withdrawal, the second stops here (INVALID_STATE), all rolled back.
      const set = { txHash: signed.txHash, txChecked: false, txBlock: null, txBlockHash: null, returnReason: null };
      yield* transition(db, record, id, adminId, at, { from: ["approved"], to: "confirming", set, towardPayout: true });
      const row = yield* db.payoutSends.insert({ withdrawalId: id, wallet: wallet.address, nonce, amount: w.amount, rawTx: signed.rawTx, txHash: signed.txHash, signedBy: adminId, signedAt: at });
      yield* db.audit.insert({
        adminId,
        action: "withdrawal.wallet_send",
        targetType: "withdrawal",
        targetId: id,
        detail: { amount: formatUsdt(w.amount), txHash: signed.txHash, nonce, wallet: wallet.address },
        at,
      });
      return row;
    });
    if (!send) continue;
    const broadcast = await broadcastRecorded(deps, wallet, send);
    return { withdrawal: await getWithdrawal(deps, id), send, broadcast };
  }
  throw new AppError("INVALID_STATE", `Another instance kept taking the hot wallet's next nonce: withdrawal ${id} was not sent, try again`);
}

/**
 * Hands recorded bytes to the RPC and notes that it took them. A failure is logged, not thrown:
 * the transfer is the withdrawal's already, and recovery sends the same bytes again.
 */
export async function broadcastRecorded(deps: Pick<Deps, "store" | "clock" | "log">, wallet: HotWallet, send: PayoutSend): Promise<"sent" | "not yet"> {
  try {
    await wallet.broadcast(send.rawTx);
  } catch (error) {
    deps.log?.warn({ withdrawalId: send.withdrawalId, txHash: send.txHash, nonce: send.nonce, err: error }, "hot wallet transfer recorded but not broadcast yet: it is sent again by the recovery");
    return "not yet";
  }
  const at = deps.clock();
  await deps.store.transaction((db) => db.payoutSends.mark(send.id, ["signed"], { state: "sent", sentAt: at }));
  return "sent";
}

function alreadySent(id: number, live: PayoutSend): AppError {
  return new AppError("PAYOUT_ALREADY_SENT", `Withdrawal ${id} already has hot wallet transfer ${live.txHash} (nonce ${live.nonce}, ${live.state}): no second transfer is signed`, {
    txHash: live.txHash,
    state: live.state,
  });
}
