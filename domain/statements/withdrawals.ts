// The statements the withdrawal rules (withdrawals.ts) need from an engine.
import type { Withdrawal, WithdrawalStatus } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

/** A withdrawal with the requester's Telegram id, username and whether they are banned, as lists and answers show it. */
export type WithdrawalRow = Pick<
  Withdrawal,
  "id" | "userId" | "amount" | "address" | "status" | "txHash" | "txChecked" | "txBlock" | "txBlockHash" | "returnReason" | "failReason" | "createdAt" | "processedAt"
> & {
  tgId: number;
  username: string | null;
  userBanned: boolean;
};

export type MovedWithdrawal = Withdrawal & { movedFrom: WithdrawalStatus };

export type WithdrawalFilter = { status?: WithdrawalStatus; userId?: number; limit: number; before?: number };

export type WithdrawalStatements = {
  walletOf(userId: number): Op<string | null | undefined>;
  /** The new request, or null when the user already has one open (a unique index decides). */
  insertOpen(values: { userId: number; amount: number; address: string; status: "pending" | "review"; createdAt: Date }): Op<Withdrawal | null>;
  /**
   * Moves a request from one of `from` to `set.status` only if it is still in one of them: the
   * row as moved with the status it left (`movedFrom`), undefined when it was not (or does not
   * exist), or "tx hash used" when the unique index on the transaction hash refused `set.txHash`.
   * With `unlessUserBanned`, only if the requester is not banned either, read by the same update.
   */
  move(
    id: number,
    from: readonly WithdrawalStatus[],
    set: Partial<Withdrawal> & { status: WithdrawalStatus },
    unlessUserBanned?: boolean,
  ): Op<MovedWithdrawal | undefined | "tx hash used">;
  /** The request's status and whether its requester is banned, as committed now. */
  stateOf(id: number): Op<{ status: WithdrawalStatus; userBanned: boolean } | undefined>;
  /** The withdrawal a transaction hash (lower case) paid, if any. */
  paidWith(hash: string): Op<number | undefined>;
  find(id: number): Op<WithdrawalRow | undefined>;
  list(filter: WithdrawalFilter): Op<WithdrawalRow[]>;
  countByStatus(status: WithdrawalStatus): Op<number>;
};
