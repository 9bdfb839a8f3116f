// Ban (no earning, no withdrawing) and unban; both audited on the server.
import type { AdminUserDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export async function banUser(id: number, reason: string): Promise<AdminUserDto> {
  const user = await api.post<AdminUserDto>(`${USERS_KEY}/${id}/ban`, reason ? { reason } : {}, { errorTitle: "Failed to ban user" });
  await invalidate(USERS_KEY);
  return user;
}

export async function unbanUser(id: number): Promise<AdminUserDto> {
  const user = await api.post<AdminUserDto>(`${USERS_KEY}/${id}/unban`, {}, { errorTitle: "Failed to unban user" });
  await invalidate(USERS_KEY);
  return user;
}
