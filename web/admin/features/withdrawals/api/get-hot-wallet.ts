// The server's hot wallet (GET /api/admin/wallet): what the wallet holds and sent today, asked
// only of a server that has one (GET /api/admin/me says so).
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { useAccess } from "@/web/admin/lib/access.ts";

export const HOT_WALLET_KEY = "admin/wallet";

export const getHotWallet = () => api.get("/api/admin/wallet", {}, { silent: true });

/** The wallet, when the admin may send and the server has one; undefined otherwise or while it loads. */
export function useHotWallet() {
  const access = useAccess();
  const canSend = access.can("withdrawals:write") && access.me?.payouts.hotWallet === true;
  const { data, error } = useQuery(canSend ? HOT_WALLET_KEY : null, getHotWallet);
  return { wallet: data, unavailable: error };
}
