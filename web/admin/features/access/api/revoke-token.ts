import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { TOKENS_KEY } from "./keys.ts";

/** Deletes a token: the next call with it is refused. */
export async function revokeToken(id: number) {
  const revoked = await api.post("/api/admin/tokens/:id/revoke", { params: { id } }, { errorTitle: "Token not revoked" });
  await invalidate(TOKENS_KEY);
  return revoked;
}
