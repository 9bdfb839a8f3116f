import type { BroadcastBody } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { BROADCASTS_KEY } from "./keys.ts";

/** Queues `message` for everyone, and `texts` in place of it for the users who read those languages. */
export async function sendBroadcast(body: BroadcastBody) {
  // Silent: the form shows the spec's "Broadcast Failed" toast itself.
  const result = await api.post("/api/admin/broadcast", { body }, { silent: true });
  await invalidate(BROADCASTS_KEY);
  return result;
}
