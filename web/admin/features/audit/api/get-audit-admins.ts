import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { AUDIT_KEY } from "./keys.ts";

export const getAuditAdmins = () => api.get("/api/admin/audit/admins", {}, { errorTitle: "Failed to load the admins" });

/** Every admin account, oldest first: the choices of the filter by admin. */
export function useAuditAdmins() {
  return useQuery(`${AUDIT_KEY}/admins`, getAuditAdmins);
}
