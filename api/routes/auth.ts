// Admin sign-in and sign-out.
import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../domain/context.ts";
import { revokeTokens, verifyLogin, type LoginThrottle } from "../domain/admins.ts";
import { issueAdminToken, type adminAuth } from "../plugins/admin-auth.ts";

export function authRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>, throttle: LoginThrottle) {
  return new Elysia({ prefix: "/api/auth" })
    .use(auth)
    .post(
      "/login",
      async ({ body, adminJwt }) => {
        const admin = await verifyLogin(deps, throttle, body.email, body.password);
        const { token, expiresAt } = await issueAdminToken(deps, adminJwt, admin);
        return { token, expiresAt, admin: { id: admin.id, email: admin.email } };
      },
      { body: z.object({ email: z.string().trim().max(320).pipe(z.email("must be an e-mail address")), password: z.string().min(1, "is required").max(1000) }) },
    )
    .post(
      "/logout",
      ({ admin }) => {
        revokeTokens(deps, admin.id);
        return { ok: true };
      },
      { admin: true },
    );
}
