// A paid (or confirming) withdrawal's transaction checked again on chain, on an admin's request:
// what matched, or the first thing that did not, as the check of a new payout says it. It reads
// only: a mismatch found here is for the admin to act on.
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { checkPayout } from "./payout-check.ts";
import { getWithdrawal, type WithdrawalRow } from "./withdrawals.ts";

export type PayoutVerdict =
  | { matched: true; txHash: string; blockNumber: number; blockHash: string; confirmations: number; required: number; token: string; to: string; amount: string }
  | { matched: false; txHash: string; code: string; message: string };

export async function verifyPayout(deps: Pick<Deps, "store" | "clock" | "events" | "chain">, id: number): Promise<{ withdrawal: WithdrawalRow; verdict: PayoutVerdict }> {
  const withdrawal = await getWithdrawal(deps, id);
  if (!deps.chain) throw new AppError("CHAIN_NOT_CONFIGURED", "BSC_RPC_URL is not set: this server cannot check transactions on chain");
  if ((withdrawal.status !== "paid" && withdrawal.status !== "confirming") || !withdrawal.txHash) {
    throw new AppError("INVALID_STATE", `Withdrawal ${id} is ${withdrawal.status}, not paid or confirming`, { status: withdrawal.status });
  }
  const txHash = withdrawal.txHash;
  try {
    const found = await checkPayout(deps.chain, withdrawal, txHash);
    const { tx, confirmations, required, transfer } = found;
    return { withdrawal, verdict: { matched: true, txHash, blockNumber: tx.blockNumber, blockHash: tx.blockHash, confirmations, required, ...transfer } };
  } catch (error) {
    // The RPC being away is no verdict: it is passed on (503) like any other failure.
    if (error instanceof AppError && error.code.startsWith("TX_")) return { withdrawal, verdict: { matched: false, txHash, code: error.code, message: error.message } };
    throw error;
  }
}
