// Withdrawal as the admin API answers it, from the server's own contract.
import type { WithdrawalDto, WithdrawalStatus } from "../../../../../api/contract.ts";
import { displayName } from "../../../../../api/domain/display-name.ts";

export type { WithdrawalStatus };
export type Withdrawal = WithdrawalDto;

export const WITHDRAWALS_KEY = "admin/withdrawals";

/** What the list and the dashboard card show for who asked: "@name", else user_{tgId}. */
export function requesterName(w: Pick<Withdrawal, "username" | "tgId">): string {
  return displayName(w.username, `user_${w.tgId}`);
}

// The server's own rule; checking here keeps the confirm button honest.
export { txHashPattern as TX_HASH_PATTERN } from "../../../../../api/domain/rules.ts";
