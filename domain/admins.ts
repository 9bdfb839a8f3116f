// Administrator accounts and password checks (throttled by login-throttle.ts).
import { eq, sql } from "@/db/ops.ts";
import { admins, type Admin } from "@/db/schema/index.ts";
import { audit } from "./audit.ts";
import { inTransaction, type Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import type { LoginThrottle } from "./login-throttle.ts";

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** argon2id with Bun's default cost: deliberately slow for whoever guesses passwords. */
const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

export async function addAdmin(deps: Deps, email: string, password: string): Promise<Admin> {
  const passwordHash = await hashPassword(password);
  const at = deps.clock();
  return inTransaction(deps.db, (tx) => {
    const existing = tx.select().from(admins).where(eq(admins.email, normalizeEmail(email))).get();
    if (existing) throw new AppError("ALREADY_EXISTS", `An admin with e-mail ${email} already exists`);
    const admin = tx.insert(admins).values({ email: normalizeEmail(email), passwordHash, createdAt: at }).returning().get();
    audit(tx, { adminId: null, action: "admin.add", targetType: "admin", targetId: admin.id, detail: { email: admin.email }, at });
    return admin;
  });
}

/** Makes sure the configured admin exists with the configured password. */
export async function ensureAdmin(deps: Deps, email: string, password: string): Promise<Admin> {
  const existing = deps.db.select().from(admins).where(eq(admins.email, normalizeEmail(email))).get();
  if (!existing) return addAdmin(deps, email, password);
  if (await Bun.password.verify(password, existing.passwordHash)) return existing;
  return deps.db
    .update(admins)
    .set({ passwordHash: await hashPassword(password), tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.id, existing.id))
    .returning()
    .get()!;
}

export function getAdmin(deps: Deps, id: number): Admin | undefined {
  return deps.db.select().from(admins).where(eq(admins.id, id)).get();
}

/** Raising the version revokes every token issued before. */
export function revokeTokens(deps: Deps, id: number): void {
  deps.db.update(admins).set({ tokenVersion: sql`${admins.tokenVersion} + 1` }).where(eq(admins.id, id)).run();
}

// A hash to verify against when the e-mail is unknown, so both cases take the same time.
const decoyHash = hashPassword("decoy password that matches nothing");

/** `from` is the client address the attempt came from; the throttle counts it before any hashing. */
export async function verifyLogin(deps: Deps, throttle: LoginThrottle, from: string, emailInput: string, password: string): Promise<Admin> {
  const email = normalizeEmail(emailInput);
  const attempt = throttle.start(from, email);
  const admin = deps.db.select().from(admins).where(eq(admins.email, email)).get();
  const ok = await Bun.password.verify(password, admin?.passwordHash ?? (await decoyHash));
  if (!admin || !ok) throw new AppError("INVALID_CREDENTIALS", "Invalid credentials");
  attempt.succeeded();
  return admin;
}
