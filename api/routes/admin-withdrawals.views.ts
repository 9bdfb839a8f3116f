// A withdrawal request as the API shows it, to admins and to the user who asked for it.
import { formatUsdt } from "@/domain/money.ts";
import type { WithdrawalRow } from "@/domain/withdrawals.ts";

export const withdrawalView = (w: WithdrawalRow) => ({
  id: w.id,
  userId: w.userId,
  tgId: w.tgId,
  username: w.username,
  /** The requester is banned: the request can be rejected, not approved or paid. */
  userBanned: w.userBanned,
  amountUsdt: formatUsdt(w.amount),
  addressBep20: w.address,
  status: w.status,
  txHash: w.txHash,
  /** The hash was checked on chain (BSC_RPC_URL): found paying exactly this request. False: recorded as typed. */
  txChecked: w.txChecked,
  /** The block the checked transaction was mined in. */
  txBlock: w.txBlock,
  /** Why a payout came back from confirming to approved (its transaction left the chain). */
  returnReason: w.returnReason,
  failReason: w.failReason,
  createdAt: w.createdAt,
  processedAt: w.processedAt,
});

/** The request as the user who made it sees it: an admin's note on a payout that came back stays with the admins. */
export const ownWithdrawalView = (w: WithdrawalRow) => {
  const { returnReason: _adminsOnly, ...view } = withdrawalView(w);
  return view;
};
