// The admin accounts' statements on PostgreSQL.
import { asc, eq, sql } from "drizzle-orm";
import { admins } from "@/db/pg/schema/index.ts";
import type { AdminStatements } from "@/domain/statements/admins.ts";
import { awaiting } from "@/domain/store.ts";
import { apiTokenStatements } from "./api-tokens.ts";
import { loginThrottleStatements } from "./login-throttle.ts";
import type { PgRunner } from "./runner.ts";

export function adminStatements(db: PgRunner): AdminStatements {
  const raiseTokenVersion = sql`${admins.tokenVersion} + 1`;
  return {
    *byEmail(email) {
      return (yield* awaiting(db.select().from(admins).where(eq(admins.email, email))))[0];
    },
    *byId(id) {
      return (yield* awaiting(db.select().from(admins).where(eq(admins.id, id))))[0];
    },
    *first() {
      return (yield* awaiting(db.select().from(admins).orderBy(asc(admins.id)).limit(1)))[0];
    },
    *insert(values) {
      // ON CONFLICT rather than catching the violation, which would abort the whole transaction.
      // The e-mail's is the only unique index a new admin can meet.
      return (yield* awaiting(db.insert(admins).values(values).onConflictDoNothing().returning()))[0] ?? null;
    },
    *list() {
      return yield* awaiting(db.select().from(admins).orderBy(asc(admins.id)));
    },
    *lockOwners() {
      // In id order, so two transactions locking them never wait on each other in a circle.
      return (yield* awaiting(db.select({ id: admins.id }).from(admins).where(eq(admins.role, "owner")).orderBy(asc(admins.id)).for("update"))).map((row) => row.id);
    },
    *setRole(id, role) {
      return (yield* awaiting(db.update(admins).set({ role }).where(eq(admins.id, id)).returning()))[0];
    },
    *setPassword(id, passwordHash) {
      return (yield* awaiting(db.update(admins).set({ passwordHash, tokenVersion: raiseTokenVersion }).where(eq(admins.id, id)).returning()))[0];
    },
    *revokeTokens(id) {
      yield* awaiting(db.update(admins).set({ tokenVersion: raiseTokenVersion }).where(eq(admins.id, id)));
    },
    throttle: loginThrottleStatements(db),
    tokens: apiTokenStatements(db),
  };
}
