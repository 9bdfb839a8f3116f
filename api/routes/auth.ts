// Admin sign-in and sign-out.
import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "@/domain/context.ts";
import { revokeTokens, verifyLogin } from "@/domain/admins.ts";
import type { LoginThrottle } from "@/domain/login-throttle.ts";
import { issueAdminToken, type adminAuth } from "@/api/plugins/admin-auth.ts";
import type { clientAddress } from "@/api/plugins/client-address.ts";

export function authRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>, throttle: LoginThrottle, client: ReturnType<typeof clientAddress>) {
  return new Elysia({ prefix: "/api/auth" })
    .use(auth)
    .use(client)
    .post(
      "/login",
      async ({ body, adminJwt, clientAddress }) => {
        const admin = await verifyLogin(deps, throttle, clientAddress, body.email, body.password);
        const { token, expiresAt } = await issueAdminToken(deps, adminJwt, admin);
        return { token, expiresAt, admin: { id: admin.id, email: admin.email } };
      },
      { body: z.object({ email: z.string().trim().max(320).pipe(z.email("must be an e-mail address")), password: z.string().min(1, "is required").max(1000) }) },
    )
    .post(
      "/logout",
      async ({ admin }) => {
        await revokeTokens(deps, admin.id);
        return { ok: true };
      },
      { admin: "session" },
    );
}
