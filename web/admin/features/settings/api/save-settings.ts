import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate, setQueryData } from "@/web/shared/query.ts";
import { SETTINGS_KEY } from "./keys.ts";

/**
 * Saves several settings at once, all or none. A refusal is reported by the form beside each
 * field it names (silent here), everything else by the client's toast.
 */
export async function saveSettings(changes: Record<string, string>) {
  const done = await api.patch("/api/admin/settings", { body: changes }, { silent: true });
  setQueryData(SETTINGS_KEY, done.settings);
  await invalidate("config");
  return done;
}
