import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const SETUP_KEY = "admin/setup";

export const getSetup = () => api.get("/api/admin/setup", {}, { errorTitle: "Failed to run the setup checks" });

/** The doctor's checks as the server runs them now (Telegram included, so it takes a moment). */
export function useSetupChecks() {
  return useQuery(SETUP_KEY, getSetup);
}
