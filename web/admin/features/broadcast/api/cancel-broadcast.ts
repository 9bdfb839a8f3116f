import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { BROADCASTS_KEY } from "./keys.ts";

/** Stops a broadcast: what it has not sent yet fails with the reason and is never sent. */
export async function cancelBroadcast(id: number) {
  const result = await api.post("/api/admin/broadcasts/:id/cancel", { params: { id } }, { errorTitle: "Cancel failed" });
  await invalidate(BROADCASTS_KEY);
  return result;
}
