// Ban (no earning, no withdrawing) and unban; both audited on the server.
import { api } from "../../../lib/api-client.ts";
import { invalidate } from "../../../lib/query.ts";
import { USERS_KEY, type AdminUser } from "./types.ts";

export async function banUser(id: number, reason: string): Promise<AdminUser> {
  const user = await api.post<AdminUser>(`${USERS_KEY}/${id}/ban`, reason ? { reason } : {}, { errorTitle: "Failed to ban user" });
  await invalidate(USERS_KEY);
  return user;
}

export async function unbanUser(id: number): Promise<AdminUser> {
  const user = await api.post<AdminUser>(`${USERS_KEY}/${id}/unban`, {}, { errorTitle: "Failed to unban user" });
  await invalidate(USERS_KEY);
  return user;
}
