import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { SETTINGS_KEY } from "./keys.ts";

export const getSettings = () => api.get("/api/admin/settings", {}, { errorTitle: "Failed to load settings" });

export function useSettings() {
  return useQuery(SETTINGS_KEY, getSettings);
}
