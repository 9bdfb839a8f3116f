// Who may do what: the admins and their roles (an owner changes them), and the API tokens made for
// automation (an owner makes, lists and revokes them; a token is shown once, when made).
import { Elysia } from "elysia";
import { z } from "zod";
import { scopeNames } from "@/domain/access.ts";
import { listAdmins, setAdminRole } from "@/domain/admin-roles.ts";
import { createApiToken, listApiTokens, revokeApiToken } from "@/domain/api-tokens.ts";
import type { Deps } from "@/domain/context.ts";
import { adminRoles } from "@/domain/model/index.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import { idParams } from "@/api/schemas.ts";

const roleBody = z.object({ role: z.enum(adminRoles) });

const tokenBody = z.object({
  name: z.string().trim().min(1, "is required").max(64, "must be at most 64 characters"),
  scopes: z.array(z.enum(scopeNames)).min(1, "name at least one scope").max(scopeNames.length),
  /** A span (90d, 12h, 30m, 2w) or a date; the server's clock decides when that is. None: it never expires. */
  expires: z.string().trim().min(1).max(40).optional(),
});

export function adminAccessRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin" })
    .use(auth)
    .get("/admins", () => listAdmins(deps), { admin: "admins:read" })
    .patch("/admins/:id/role", ({ admin, params, body }) => setAdminRole(deps, admin, params.id, body.role), {
      admin: "admins:write",
      params: idParams,
      body: roleBody,
      detail: { "x-errors": ["LAST_OWNER"] },
    })
    .get("/tokens", () => listApiTokens(deps), { admin: "tokens:read" })
    .post(
      "/tokens",
      async ({ admin, body, set }) => {
        const made = await createApiToken(deps, admin, body);
        set.status = 201;
        return made;
      },
      { admin: "tokens:write", body: tokenBody, detail: { "x-status": 201, "x-errors": ["ALREADY_EXISTS"] } },
    )
    .post("/tokens/:id/revoke", ({ admin, params }) => revokeApiToken(deps, admin, params.id), { admin: "tokens:write", params: idParams });
}
