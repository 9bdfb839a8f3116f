// Whether a transaction pays a withdrawal: mined and succeeded, with a Transfer event of the
// configured token to the withdrawal's address for exactly its amount. Each way it does not is a
// code of its own whose message names what was expected and what was found. That no other
// withdrawal took the hash is the unique index's rule (withdrawals.ts), not this one.
import { confirmationsOf, formatTokenUnits, sameAmount, type MinedTransaction, type PayoutChain } from "./chain.ts";
import { AppError } from "./errors.ts";
import { formatUsdt } from "./money.ts";

/** What a check found: the transaction, the transfer that pays, and its confirmations now. */
export type PayoutMatch = { tx: MinedTransaction; confirmations: number; required: number; transfer: { token: string; to: string; amount: string } };

type Payable = { amount: number; address: string };

/** Looks the hash up and checks it against `w`; throws TX_NOT_FOUND, TX_FAILED, TX_WRONG_* or CHAIN_UNAVAILABLE. */
export async function checkPayout(chain: PayoutChain, w: Payable, hash: string): Promise<PayoutMatch> {
  const found = await chain.reader.transaction(hash);
  if (found === undefined) throw new AppError("TX_NOT_FOUND", `Transaction ${hash} was not found on chain`, { txHash: hash });
  if (found === "pending") throw new AppError("TX_NOT_FOUND", `Transaction ${hash} is not mined yet: mark it paid once it is in a block`, { txHash: hash, found: "pending" });
  const transfer = matchTransfer(chain, w, found);
  const head = await chain.reader.blockNumber();
  return { tx: found, confirmations: confirmationsOf(found.blockNumber, head), required: chain.confirmations, transfer };
}

/** The transfer of `tx` that pays `w`, or the first thing that does not match, from the outcome to the amount. */
export function matchTransfer(chain: Pick<PayoutChain, "token" | "decimals">, w: Payable, tx: MinedTransaction): PayoutMatch["transfer"] {
  const hash = tx.hash;
  if (!tx.succeeded) throw new AppError("TX_FAILED", `Transaction ${hash} failed on chain (reverted in block ${tx.blockNumber}): it moved nothing`, { txHash: hash, blockNumber: tx.blockNumber });
  const ofToken = tx.transfers.filter((t) => t.token === chain.token);
  if (ofToken.length === 0) {
    const tokens = [...new Set(tx.transfers.map((t) => t.token))];
    const found = tokens.length ? `transfers of ${tokens.join(", ")}` : "no token transfer";
    throw new AppError("TX_WRONG_TOKEN", `Transaction ${hash} moves no USDT: expected a transfer of token ${chain.token}, found ${found}`, { txHash: hash, expected: chain.token, found: tokens });
  }
  const address = w.address.toLowerCase();
  const toAddress = ofToken.filter((t) => t.to === address);
  if (toAddress.length === 0) {
    const recipients = [...new Set(ofToken.map((t) => t.to))];
    throw new AppError("TX_WRONG_RECIPIENT", `Transaction ${hash} pays USDT to ${recipients.join(", ")}, not to the withdrawal's address ${address}`, { txHash: hash, expected: address, found: recipients });
  }
  const exact = toAddress.find((t) => sameAmount(w.amount, t.value, chain.decimals));
  const expected = formatUsdt(w.amount);
  if (!exact) {
    const amounts = toAddress.map((t) => formatTokenUnits(t.value, chain.decimals));
    throw new AppError("TX_WRONG_AMOUNT", `Transaction ${hash} pays ${amounts.join(" and ")} USDT to ${address}, not the withdrawal's ${expected} USDT`, { txHash: hash, expected, found: amounts });
  }
  return { token: chain.token, to: address, amount: expected };
}
