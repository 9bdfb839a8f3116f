import type { MeDto } from "@/api/contract.ts";
import { setMe } from "@/web/app/api/get-me.ts";
import { api } from "@/web/app/lib/api-client.ts";

/** Sets the payout address; the server answers the updated user (or 400 INVALID_ADDRESS, which the form shows beside its field). */
export async function setWallet(address: string): Promise<MeDto> {
  const me = await api.post("/api/me/wallet", { body: { address } }, { silent: true });
  setMe(me);
  return me;
}
