import type { QueuedBroadcastDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { BROADCASTS_KEY } from "./keys.ts";

export async function sendBroadcast(message: string): Promise<QueuedBroadcastDto> {
  // Silent: the form shows the spec's "Broadcast Failed" toast itself.
  const result = await api.post<QueuedBroadcastDto>("admin/broadcast", { message }, { silent: true });
  await invalidate(BROADCASTS_KEY);
  return result;
}
