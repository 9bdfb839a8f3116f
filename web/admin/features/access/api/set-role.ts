import type { AdminRole } from "@/domain/model/admins.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { ADMINS_KEY } from "./keys.ts";

/** An owner's change of an admin's role; the server refuses the last owner's (409 LAST_OWNER). */
export async function setRole(id: number, role: AdminRole) {
  const changed = await api.patch("/api/admin/admins/:id/role", { params: { id }, body: { role } }, { errorTitle: "Role not changed" });
  // The signed-in admin may have changed their own role: what the panel shows follows it.
  await Promise.all([invalidate(ADMINS_KEY), invalidate("admin/me")]);
  return changed;
}
