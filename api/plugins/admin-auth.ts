// Admin authentication as one plugin: routes opt in with `{ admin: true }` and receive `admin`.
// Tokens are HS256 JWTs with a required expiry and the admin's token version (logout revokes).
import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { Deps } from "../domain/context.ts";
import { getAdmin } from "../domain/admins.ts";
import { AppError } from "../domain/errors.ts";
import { rules } from "../domain/rules.ts";

export function adminAuth(deps: Deps, secret: string) {
  return new Elysia({ name: "admin-auth" })
    .use(jwt({ name: "adminJwt", secret, alg: "HS256" }))
    .derive({ as: "global" }, ({ adminJwt }) => ({
      issueAdminToken: async (adminId: number, tokenVersion: number) => {
        const exp = Math.floor(deps.clock().getTime() / 1000) + rules.adminTokenTtlSeconds;
        const token = await adminJwt.sign({ sub: String(adminId), ver: tokenVersion, exp });
        return { token, expiresAt: new Date(exp * 1000) };
      },
    }))
    .macro({
      admin: {
        async resolve({ headers, adminJwt }) {
          const header = headers.authorization ?? "";
          const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
          if (!token) throw new AppError("UNAUTHORIZED", "Sign in first: no admin token was sent");
          // Verified against the app's clock, so expiry follows the same time as everything else.
          const payload = await adminJwt.verify(token, { currentDate: deps.clock(), algorithms: ["HS256"] });
          const now = deps.clock().getTime() / 1000;
          // The plugin does not insist on `exp`; a token without one must not live forever.
          if (!payload || typeof payload.exp !== "number" || payload.exp <= now) {
            throw new AppError("UNAUTHORIZED", "Your session has expired: sign in again");
          }
          const admin = getAdmin(deps, Number(payload.sub));
          if (!admin || admin.tokenVersion !== payload.ver) {
            throw new AppError("UNAUTHORIZED", "Your session has ended: sign in again");
          }
          return { admin };
        },
      },
    });
}
