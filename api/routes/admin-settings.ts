// The operator's settings: every one with its value, default and last change; a change of one or
// several at once (validated together, all or none); a reset to the default. Owners change them.
import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "@/domain/context.ts";
import { getSetting, listSettings, resetSetting, setSettings } from "@/domain/settings-changes.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";

/** A value as typed: amounts as decimal text, counts as numbers (or their text), links and names as text. */
const settingValue = z.union([z.string().max(4096, "must be at most 4096 characters"), z.number()]);
const keyParams = z.object({ key: z.string().min(1).max(64) });

export function adminSettingRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin" })
    .use(auth)
    .get("/settings", () => listSettings(deps), { admin: "settings:read" })
    .get("/settings/:key", ({ params }) => getSetting(deps, params.key), { admin: "settings:read", params: keyParams })
    .patch("/settings", ({ admin, body }) => setSettings(deps, admin.id, body), {
      admin: "settings:write",
      body: z.record(z.string().max(64), settingValue),
    })
    .put("/settings/:key", ({ admin, params, body }) => setSettings(deps, admin.id, { [params.key]: body.value }), {
      admin: "settings:write",
      params: keyParams,
      body: z.object({ value: settingValue }),
    })
    .post("/settings/:key/reset", ({ admin, params }) => resetSetting(deps, admin.id, params.key), { admin: "settings:write", params: keyParams });
}
