// Admin authentication as one plugin: a route opts in with the scope it needs (`{ admin:
// "withdrawals:write" }`, domain/access.ts) and receives `admin` (and `apiToken` when one was
// used). A bearer is either a session, an HS256 JWT with a required expiry and the admin's token
// version (logout revokes), or an API token (rbt_…, domain/api-tokens.ts), which acts for the admin
// who made it within its scopes and which logout never touches.
import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import { getAdmin } from "@/domain/admins.ts";
import { apiTokenPrefix, authenticateApiToken } from "@/domain/api-tokens.ts";
import type { Admin } from "@/domain/model/index.ts";
import { AppError } from "@/domain/errors.ts";
import { checkAccess, scopes, type Access, type Scope } from "@/domain/access.ts";
import { rules } from "@/domain/rules.ts";
import { signedInAs } from "@/observe/request-context.ts";

type TokenSigner = { sign: (claims: { sub: string; ver: number; exp: number }) => Promise<string> };

/** A signed token for the admin, carrying their token version so that logout revokes it. */
export async function issueAdminToken(deps: Deps, signer: TokenSigner, admin: Pick<Admin, "id" | "tokenVersion">) {
  const exp = Math.floor(deps.clock().getTime() / 1000) + rules.adminTokenTtlSeconds;
  const token = await signer.sign({ sub: String(admin.id), ver: admin.tokenVersion, exp });
  return { token, expiresAt: new Date(exp * 1000) };
}

const expired = () => new AppError("UNAUTHORIZED", "Your session has expired: sign in again");
const notYetValid = () => new AppError("UNAUTHORIZED", "This admin token is not valid yet (its nbf lies in the future): check the signing machine's clock, or sign in again");
const invalid = () => new AppError("UNAUTHORIZED", "This admin token is not valid (not a token this server signed): sign in again");

export function adminAuth(deps: Deps, secret: string) {
  const signedIn = new WeakMap<Request, { admin: Admin; apiToken?: { name: string; scopes: Scope[] } }>();

  async function authenticate(header = "", adminJwt: { verify: (token: string, options?: object) => Promise<false | Record<string, unknown>> }) {
    // An auth scheme is case-insensitive (RFC 9110), so "bearer" and "BEARER" count too.
    const token = /^bearer\s+(.+)$/is.exec(header.trim())?.[1] ?? "";
    if (!token) throw new AppError("UNAUTHORIZED", "Sign in first: no admin token was sent");
    if (token.startsWith(apiTokenPrefix)) {
      const { admin, token: apiToken } = await authenticateApiToken(deps, token);
      return { admin, apiToken: { name: apiToken.name, scopes: apiToken.scopes } };
    }
    return { admin: await sessionAdmin(token, adminJwt) };
  }

  async function sessionAdmin(token: string, adminJwt: { verify: (token: string, options?: object) => Promise<false | Record<string, unknown>> }) {
    // Verified against the app's clock, so expiry follows the same time as everything else.
    const payload = await adminJwt.verify(token, { currentDate: deps.clock(), algorithms: ["HS256"] });
    const now = deps.clock().getTime() / 1000;
    if (!payload) {
      // The plugin answers false for every failure. Checked again with the clock left out, a
      // token that passes is one this server signed whose time is not now: run out, or (its
      // nbf ahead of the clock) not begun; one that fails was never valid (not a token, or not
      // signed with this server's secret), and saying "expired" to someone who pasted the wrong
      // thing, or to one whose token starts later, sends them looking in the wrong place.
      const signedHere = await adminJwt.verify(token, { algorithms: ["HS256"], clockTolerance: Number.MAX_SAFE_INTEGER });
      if (!signedHere) throw invalid();
      throw typeof signedHere.nbf === "number" && signedHere.nbf > now ? notYetValid() : expired();
    }
    // The plugin does not insist on `exp`; a token without one must not live forever.
    if (typeof payload.exp !== "number") throw invalid();
    if (payload.exp <= now) throw expired();
    const admin = await getAdmin(deps, Number(payload.sub));
    if (!admin || admin.tokenVersion !== payload.ver) {
      throw new AppError("UNAUTHORIZED", "Your session has ended: sign in again");
    }
    return admin;
  }

  return new Elysia({ name: "admin-auth" })
    .use(jwt({ name: "adminJwt", secret, alg: "HS256" }))
    .macro({
      admin: (need: Access) => ({
        // What the API's description says the route needs (see openapi-document.ts): OpenAPI 3.1
        // lets a bearer scheme's requirement name the role-like scopes it needs.
        detail: {
          security: [{ adminToken: need === "self" || need === "session" ? [] : [need] }],
          ...(need !== "self" && need !== "session" && { "x-scope": need, "x-role": scopes[need].role }),
          "x-errors": need === "self" ? [] : need === "session" ? ["FORBIDDEN_SCOPE"] : ["FORBIDDEN_ROLE", "FORBIDDEN_SCOPE"],
        },
        // Checked before the request is validated, so a caller without a valid token, or without
        // the right to call, learns nothing about a route's input (401 or 403, not 400); resolve
        // hands the admin to the route.
        async transform({ headers, adminJwt, request }: { headers: Record<string, string | undefined>; adminJwt: Parameters<typeof authenticate>[1]; request: Request }) {
          const caller = await authenticate(headers.authorization, adminJwt);
          signedInAs({ adminId: caller.admin.id, ...(caller.apiToken && { apiToken: caller.apiToken.name }) });
          checkAccess({ role: caller.admin.role, token: caller.apiToken }, need);
          signedIn.set(request, caller);
        },
        resolve({ request }: { request: Request }) {
          const caller = signedIn.get(request);
          if (!caller) throw new AppError("UNAUTHORIZED", "Sign in first: no admin token was sent");
          return { admin: caller.admin, apiToken: caller.apiToken };
        },
      }),
    });
}
