// Administrator accounts and password checks (throttled by login-throttle.ts). Passwords are
// hashed and verified outside any transaction: a hash takes tens of milliseconds on purpose, and
// SQLite's transactions must not wait on anything.
import type { Admin, AdminRole } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError, notFound } from "./errors.ts";
import type { LoginThrottle } from "./login-throttle.ts";

/** What the admin rules use: the engine, the time and the hashing cost. */
type AdminDeps = Pick<Deps, "store" | "clock" | "passwordCost">;

/** argon2id's memory (KiB) and passes. A hash records its own, which is what verifying reads. */
export type PasswordCost = { memoryCost: number; timeCost: number };

/** Bun's default for argon2id, 64 MiB and two passes: deliberately slow for whoever guesses passwords. */
export const productPasswordCost: PasswordCost = { memoryCost: 65_536, timeCost: 2 };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

const hashPassword = (deps: Pick<Deps, "passwordCost">, password: string) =>
  Bun.password.hash(password, { algorithm: "argon2id", ...(deps.passwordCost ?? productPasswordCost) });

/** A new admin with `role`; the first admin of a database is an owner whatever is asked, so one always is. */
export async function addAdmin(deps: AdminDeps, email: string, password: string, role: AdminRole = "admin"): Promise<Admin> {
  const passwordHash = await hashPassword(deps, password);
  const at = deps.clock();
  return deps.store.transaction(function* (db) {
    const given = (yield* db.admins.first()) ? role : "owner";
    const admin = yield* db.admins.insert({ email: normalizeEmail(email), passwordHash, role: given, createdAt: at });
    if (!admin) throw new AppError("ALREADY_EXISTS", `An admin with e-mail ${email} already exists`);
    yield* db.audit.insert({ adminId: null, action: "admin.add", targetType: "admin", targetId: admin.id, detail: { email: admin.email, role: admin.role }, at });
    return admin;
  });
}

/**
 * Makes sure the configured admin exists with the configured password; made, it is an owner (the
 * one who set the server up). Instances starting together may all find it missing: the one whose
 * insert loses goes on as if it had been there.
 */
export async function ensureAdmin(deps: AdminDeps, email: string, password: string): Promise<Admin> {
  const existing = await deps.store.read((db) => db.admins.byEmail(normalizeEmail(email)));
  if (!existing) {
    return addAdmin(deps, email, password, "owner").catch((error) => {
      if (error instanceof AppError && error.code === "ALREADY_EXISTS") return ensureAdmin(deps, email, password);
      throw error;
    });
  }
  if (await Bun.password.verify(password, existing.passwordHash)) return existing;
  const passwordHash = await hashPassword(deps, password);
  const changed = await deps.store.transaction((db) => db.admins.setPassword(existing.id, passwordHash));
  if (!changed) throw notFound(`Admin ${existing.id}`);
  return changed;
}

export function getAdmin(deps: Pick<Deps, "store">, id: number): Promise<Admin | undefined> {
  return deps.store.read((db) => db.admins.byId(id));
}

/** Raising the version revokes every token issued before. */
export async function revokeTokens(deps: Pick<Deps, "store">, id: number): Promise<void> {
  await deps.store.transaction((db) => db.admins.revokeTokens(id));
}

// Hashes to verify against when the e-mail is unknown, at the cost real ones have, so both cases
// take the same time; made once per cost.
const decoys = new Map<string, Promise<string>>();
function decoyHash(deps: Pick<Deps, "passwordCost">): Promise<string> {
  const key = JSON.stringify(deps.passwordCost ?? productPasswordCost);
  let decoy = decoys.get(key);
  if (!decoy) decoys.set(key, (decoy = hashPassword(deps, "decoy password that matches nothing")));
  return decoy;
}

/** `from` is the client address the attempt came from; the throttle counts it before any hashing. */
export async function verifyLogin(deps: Pick<Deps, "store" | "passwordCost">, throttle: LoginThrottle, from: string, emailInput: string, password: string): Promise<Admin> {
  const email = normalizeEmail(emailInput);
  const attempt = await throttle.start(from, email);
  const admin = await deps.store.read((db) => db.admins.byEmail(email));
  const ok = await Bun.password.verify(password, admin?.passwordHash ?? (await decoyHash(deps)));
  if (!admin || !ok) throw new AppError("INVALID_CREDENTIALS", "Invalid credentials");
  await attempt.succeeded();
  return admin;
}
