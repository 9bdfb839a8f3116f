// Ban (no earning, no withdrawing) and unban; both audited on the server.
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export async function banUser(id: number, reason: string) {
  const user = await api.post("/api/admin/users/:id/ban", { params: { id }, body: reason ? { reason } : {} }, { errorTitle: "Failed to ban user" });
  await invalidate(USERS_KEY);
  return user;
}

export async function unbanUser(id: number) {
  const user = await api.post("/api/admin/users/:id/unban", { params: { id } }, { errorTitle: "Failed to unban user" });
  await invalidate(USERS_KEY);
  return user;
}
