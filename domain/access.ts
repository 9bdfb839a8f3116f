// Who may call what: every admin operation belongs to one scope, and each scope names the least
// role that may use it. A route declares its scope (api/plugins/admin-auth.ts), an API token holds
// a list of them, and the panel asks which it has; the role a scope needs is written only here.
import { adminRoles, type Admin, type AdminRole } from "@/domain/model/admins.ts";
import { AppError } from "./errors.ts";

/** The scopes, each an operation group, in the order they are listed. */
export const scopeNames = [
  "stats:read",
  "audit:read",
  "tasks:read",
  "tasks:write",
  "withdrawals:read",
  "withdrawals:write",
  "users:read",
  "users:write",
  "risk:read",
  "risk:write",
  "risk:release",
  "broadcast:read",
  "broadcast:send",
  "broadcast:flush",
  "settings:read",
  "settings:write",
  "setup:read",
  "setup:write",
  "admins:read",
  "admins:write",
  "tokens:read",
  "tokens:write",
] as const;

export type Scope = (typeof scopeNames)[number];

/** Each scope's least role, and what it covers (shown by `refbot tokens scopes`). */
export const scopes: Record<Scope, { role: AdminRole; about: string }> = {
  "stats:read": { role: "viewer", about: "dashboard figures, task statistics, activity and leaderboards" },
  "audit:read": { role: "viewer", about: "the audit log and the admins it names" },
  "tasks:read": { role: "viewer", about: "list the tasks" },
  "tasks:write": { role: "admin", about: "create and edit tasks" },
  "withdrawals:read": { role: "viewer", about: "list, count and export withdrawals" },
  "withdrawals:write": { role: "admin", about: "approve, mark paid and reject withdrawals" },
  "users:read": { role: "viewer", about: "search and export users, read a user's profile, ledger, referrals and activity" },
  "users:write": { role: "admin", about: "ban, unban and adjust a user's balance" },
  "risk:read": { role: "viewer", about: "the flagged users and each one's case" },
  "risk:write": { role: "admin", about: "clear a flag or confirm fraud" },
  "risk:release": { role: "admin", about: "pay the referral bonuses whose hold is over" },
  "broadcast:read": { role: "viewer", about: "the broadcasts, their progress and their audience" },
  "broadcast:send": { role: "admin", about: "queue and cancel broadcasts" },
  "broadcast:flush": { role: "admin", about: "send what is queued now" },
  "settings:read": { role: "viewer", about: "the operator's settings" },
  "settings:write": { role: "owner", about: "change the operator's settings" },
  "setup:read": { role: "viewer", about: "the setup checks (doctor)" },
  "setup:write": { role: "owner", about: "act on the setup (webhook, bot profile)" },
  "admins:read": { role: "viewer", about: "the admins and their roles" },
  "admins:write": { role: "owner", about: "change an admin's role" },
  "tokens:read": { role: "owner", about: "list the API tokens" },
  "tokens:write": { role: "owner", about: "create and revoke API tokens" },
};

/**
 * What a route needs: a scope, or "self" for the caller's own account (who am I), which every
 * signed-in caller may read, or "session" for what only a signed-in person does (sign out): an
 * API token is refused it, since signing a token's creator out is not the token's business.
 */
export type Access = Scope | "self" | "session";

const rank: Record<AdminRole, number> = { viewer: 0, admin: 1, owner: 2 };

/** Whether a role reaches a scope's role. */
export const roleAllows = (role: AdminRole, scope: Scope): boolean => rank[role] >= rank[scopes[scope].role];

/** Every scope a role may use, in the list's order. */
export const scopesOfRole = (role: AdminRole): Scope[] => scopeNames.filter((scope) => roleAllows(role, scope));

export const isScope = (name: string): name is Scope => (scopeNames as readonly string[]).includes(name);
export const isRole = (name: string): name is AdminRole => (adminRoles as readonly string[]).includes(name);

/** Who is calling: a signed-in admin, or an API token acting for the admin who made it. */
export type Caller = { role: AdminRole; token?: { name: string; scopes: readonly string[] } };

/**
 * Refuses a caller the access a route needs: FORBIDDEN_ROLE when the admin's role (for a token,
 * its creator's role now) does not reach the scope, FORBIDDEN_SCOPE when a token does not hold it.
 */
export function checkAccess(caller: Caller, need: Access): void {
  if (need === "self") return;
  if (need === "session") {
    if (caller.token) throw new AppError("FORBIDDEN_SCOPE", "An API token cannot sign out: revoke it with refbot tokens revoke instead", { token: caller.token.name });
    return;
  }
  if (caller.token && !caller.token.scopes.includes(need)) {
    throw new AppError("FORBIDDEN_SCOPE", `The API token "${caller.token.name}" does not have the scope ${need}`, { scope: need, token: caller.token.name });
  }
  if (!roleAllows(caller.role, need)) {
    const whose = caller.token ? `The API token's creator is ${caller.role}` : `Your role is ${caller.role}`;
    throw new AppError("FORBIDDEN_ROLE", `${whose}; ${need} needs ${scopes[need].role}`, { scope: need, role: caller.role, needs: scopes[need].role });
  }
}

/**
 * The signed-in caller as the panel and the CLI read it: the role, and the scopes it may use now
 * (a token's own, within its creator's role), so a client shows only what will be allowed.
 */
export function whoAmI(admin: Pick<Admin, "id" | "email" | "role">, apiToken?: { name: string; scopes: readonly string[] }) {
  const allowed = scopesOfRole(admin.role).filter((scope) => !apiToken || apiToken.scopes.includes(scope));
  return { id: admin.id, email: admin.email, role: admin.role, scopes: allowed, ...(apiToken && { apiToken: apiToken.name }) };
}
