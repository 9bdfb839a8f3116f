// What the signed-in admin may do, from GET /api/admin/me: their role and the scopes it allows
// (domain/access.ts). Pages hide an action whose scope is missing rather than offer a button the
// server answers 403; until the answer arrives nothing that writes is shown.
import type { Scope } from "@/domain/access.ts";
import { useQuery } from "@/web/shared/query.ts";
import { api } from "./api-client.ts";

export const getMe = () => api.get("/api/admin/me", {}, { silent: true });

export function useAccess() {
  const me = useQuery("admin/me", getMe);
  const scopes = me.data?.scopes;
  return {
    me: me.data,
    role: me.data?.role,
    /** Whether the signed-in admin may use `scope`; false while it is not known. */
    can: (scope: Scope) => scopes?.includes(scope) ?? false,
  };
}
