import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate, setQueryData } from "@/web/shared/query.ts";
import { SETTINGS_KEY } from "./keys.ts";

export async function resetSetting(key: string) {
  const done = await api.post("/api/admin/settings/:key/reset", { params: { key } }, { errorTitle: "Failed to reset the setting" });
  setQueryData(SETTINGS_KEY, done.settings);
  await invalidate("config");
  return done;
}
