import type { WithdrawalDto } from "@/api/contract.ts";
import { displayName } from "@/domain/display-name.ts";

/** What the list and the dashboard card show for who asked: "@name", else user_{tgId}. */
export function requesterName(w: Pick<WithdrawalDto, "username" | "tgId">): string {
  return displayName(w.username, `user_${w.tgId}`);
}
