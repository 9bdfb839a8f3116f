import { setMe } from "../../../api/get-me.ts";
import type { Me } from "../../../api/types.ts";
import { api } from "../../../lib/api-client.ts";

/** Sets the payout address; the server answers the updated user (400 INVALID_ADDRESS, 409 WALLET_TAKEN). */
export async function setWallet(address: string): Promise<Me> {
  const me = await api.post<Me>("me/wallet", { address }, { errorTitle: "Failed to update wallet" });
  setMe(me);
  return me;
}
