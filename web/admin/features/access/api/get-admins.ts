import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { ADMINS_KEY } from "./keys.ts";

export const getAdmins = () => api.get("/api/admin/admins", {}, { errorTitle: "Failed to load the admins" });

export function useAdmins() {
  return useQuery(ADMINS_KEY, getAdmins);
}
