import { api } from "../../../lib/api-client.ts";
import { invalidate } from "../../../lib/query.ts";
import { BROADCASTS_KEY, type Broadcast } from "./types.ts";

export async function sendBroadcast(message: string) {
  // Silent: the form shows the spec's "Broadcast Failed" toast itself.
  const result = await api.post<{ queuedCount: number; broadcast: Broadcast }>("admin/broadcast", { message }, { silent: true });
  await invalidate(BROADCASTS_KEY);
  return result;
}
