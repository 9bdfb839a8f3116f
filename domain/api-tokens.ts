// API tokens for automation (cron, scripts). A token is shown once, when made; only its SHA-256 is
// kept, which is what a request's token is looked up by. It acts for the owner who made it, within
// its scopes and their current role (access.ts), until it is revoked or expires; signing out,
// which ends sessions, never touches it.
import { createHash, randomBytes } from "node:crypto";
import type { Admin, ApiToken } from "@/domain/model/index.ts";
import { isScope, scopeNames, scopesOfRole, type Scope } from "./access.ts";
import type { Deps } from "./context.ts";
import { AppError, invalid, notFound } from "./errors.ts";

/** What every token starts with, so a request's bearer is told from a session's JWT at a glance. */
export const apiTokenPrefix = "rbt_";

/** last_used_at is written at most this often, so a cron calling every minute does not write on every call. */
export const lastUsedEveryMs = 60_000;

export const apiTokenName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as it is shown: never its hash, its scopes as a list. */
export function apiTokenView(token: ApiToken) {
  const { tokenHash: _hash, scopes, ...shown } = token;
  return { ...shown, scopes: scopes.split(" ").filter(Boolean) };
}

const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** When a token made now with `--expires <text>` expires: a span (30m, 12h, 90d, 2w) or a date (2027-01-31, or an ISO time). */
export function expiryFrom(text: string, now: Date): Date {
  const span = /^(\d{1,6})([mhdw])$/.exec(text.trim());
  const at = span ? new Date(now.getTime() + Number(span[1]) * units[span[2]!]!) : new Date(text.trim());
  if (Number.isNaN(at.getTime())) throw invalid("expires", "must be a span such as 90d, 12h, 30m or 2w, or a date such as 2027-01-31");
  if (at.getTime() <= now.getTime()) throw invalid("expires", "must lie in the future");
  return at;
}

export type NewApiToken = { name: string; scopes: readonly string[]; expires?: string };

/** Makes a token for `by`, who must hold every scope asked for; answers the token itself, the one time it is seen. */
export async function createApiToken(deps: Pick<Deps, "store" | "clock">, by: Pick<Admin, "id" | "role">, input: NewApiToken) {
  const name = input.name.trim();
  if (!apiTokenName.test(name)) throw invalid("name", "must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit");
  const unknown = input.scopes.filter((scope) => !isScope(scope));
  if (unknown.length) throw invalid("scopes", `unknown scope ${unknown.join(", ")}: \`refbot tokens scopes\` lists them`);
  if (!input.scopes.length) throw invalid("scopes", "name at least one scope");
  const scopes = scopeNames.filter((scope) => input.scopes.includes(scope));
  const beyond = scopes.filter((scope) => !scopesOfRole(by.role).includes(scope));
  if (beyond.length) throw new AppError("FORBIDDEN_ROLE", `Your role is ${by.role}, which does not reach ${beyond.join(", ")}`, { scopes: beyond });
  const now = deps.clock();
  const expiresAt = input.expires ? expiryFrom(input.expires, now) : null;
  const token = apiTokenPrefix + randomBytes(32).toString("base64url");
  const made = await deps.store.transaction(function* (db) {
    const row = yield* db.admins.tokens.insert({ name, tokenHash: hashOf(token), scopes: scopes.join(" "), createdBy: by.id, createdAt: now, expiresAt });
    if (!row) throw new AppError("ALREADY_EXISTS", `An API token named ${name} already exists: revoke it first, or choose another name`);
    yield* db.audit.insert({ adminId: by.id, action: "token.create", targetType: "api_token", targetId: row.id, detail: { name, scopes, expiresAt }, at: now });
    return row;
  });
  return { token, ...apiTokenView(made) };
}

export async function listApiTokens(deps: Pick<Deps, "store">) {
  return (await deps.store.read((db) => db.admins.tokens.list())).map(apiTokenView);
}

/** Deletes the token: the next request with it is refused. */
export async function revokeApiToken(deps: Pick<Deps, "store" | "clock">, by: Pick<Admin, "id">, id: number) {
  const at = deps.clock();
  const removed = await deps.store.transaction(function* (db) {
    const row = yield* db.admins.tokens.remove(id);
    if (!row) throw notFound(`API token ${id}`);
    yield* db.audit.insert({ adminId: by.id, action: "token.revoke", targetType: "api_token", targetId: row.id, detail: { name: row.name }, at });
    return row;
  });
  return apiTokenView(removed);
}

/** The admin a request's API token acts for, and the token; 401 for one unknown, revoked or expired. */
export async function authenticateApiToken(deps: Pick<Deps, "store" | "clock">, token: string): Promise<{ admin: Admin; token: { id: number; name: string; scopes: Scope[] } }> {
  const now = deps.clock();
  const found = await deps.store.read((db) => db.admins.tokens.byHash(hashOf(token)));
  if (!found) throw new AppError("UNAUTHORIZED", "This API token is not known here: it was revoked, or never made on this server");
  if (found.expiresAt && found.expiresAt.getTime() <= now.getTime()) {
    throw new AppError("UNAUTHORIZED", `The API token "${found.name}" expired at ${found.expiresAt.toISOString()}: make a new one with refbot tokens create`);
  }
  const admin = found.createdBy === null ? undefined : await deps.store.read((db) => db.admins.byId(found.createdBy!));
  if (!admin) throw new AppError("UNAUTHORIZED", `The API token "${found.name}" has no admin behind it any more: make a new one`);
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= lastUsedEveryMs) {
    await deps.store.transaction((db) => db.admins.tokens.touch(found.id, now, new Date(now.getTime() - lastUsedEveryMs)));
  }
  return { admin, token: { id: found.id, name: found.name, scopes: apiTokenView(found).scopes.filter(isScope) } };
}
