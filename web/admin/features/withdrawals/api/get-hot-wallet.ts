// The server's hot wallet (GET /api/admin/wallet): whether it sends payouts itself, and what the
// wallet holds and sent today. A server without PAYOUT_KEY_FILE answers 409, which means "no".
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { useAccess } from "@/web/admin/lib/access.ts";

export const HOT_WALLET_KEY = "admin/wallet";

export const getHotWallet = () => api.get("/api/admin/wallet", {}, { silent: true });

/** The wallet, when the admin may send and the server has one; undefined otherwise or while it loads. */
export function useHotWallet() {
  const canSend = useAccess().can("withdrawals:write");
  const { data, error } = useQuery(canSend ? HOT_WALLET_KEY : null, getHotWallet);
  return { wallet: data, unavailable: error !== undefined && (error as { code?: string }).code !== "HOT_WALLET_NOT_CONFIGURED" ? error : undefined };
}
