// The admin accounts' statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { asc, eq, sql } from "@/db/ops.ts";
import { admins } from "@/db/sqlite/schema/index.ts";
import type { AdminStatements } from "@/domain/statements/admins.ts";
import { apiTokenStatements } from "./api-tokens.ts";
import { loginThrottleStatements } from "./login-throttle.ts";

export function adminStatements(db: Db): AdminStatements {
  const raiseTokenVersion = sql`${admins.tokenVersion} + 1`;
  return {
    *byEmail(email) {
      return db.select().from(admins).where(eq(admins.email, email)).get();
    },
    *byId(id) {
      return db.select().from(admins).where(eq(admins.id, id)).get();
    },
    *first() {
      return db.select().from(admins).orderBy(asc(admins.id)).limit(1).get();
    },
    *insert(values) {
      // The e-mail's is the only unique index a new admin can meet.
      return db.insert(admins).values(values).onConflictDoNothing().returning().get() ?? null;
    },
    *list() {
      return db.select().from(admins).orderBy(asc(admins.id)).all();
    },
    *lockOwners() {
      // The transaction is IMMEDIATE: it already holds the database's one write lock.
      return db.select({ id: admins.id }).from(admins).where(eq(admins.role, "owner")).orderBy(asc(admins.id)).all().map((row) => row.id);
    },
    *setRole(id, role) {
      return db.update(admins).set({ role }).where(eq(admins.id, id)).returning().get();
    },
    *setPassword(id, passwordHash) {
      return db.update(admins).set({ passwordHash, tokenVersion: raiseTokenVersion }).where(eq(admins.id, id)).returning().get();
    },
    *revokeTokens(id) {
      db.update(admins).set({ tokenVersion: raiseTokenVersion }).where(eq(admins.id, id)).run();
    },
    throttle: loginThrottleStatements(db),
    tokens: apiTokenStatements(db),
  };
}
