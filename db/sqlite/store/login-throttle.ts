// The sign-in throttle's statements on SQLite. Every attempt runs in an IMMEDIATE transaction,
// which holds the database's one write lock from its start: reading the rows is claiming them.
import type { Db } from "@/db/sqlite/client.ts";
import { and, eq, gt, inArray, lte, sql } from "@/db/ops.ts";
import { loginThrottle } from "@/db/sqlite/schema/index.ts";
import type { LoginThrottleStatements } from "@/domain/statements/login-throttle.ts";

export function loginThrottleStatements(db: Db): LoginThrottleStatements {
  return {
    *claim(keys) {
      return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys)).all();
    },
    *set({ key, attempts, windowStart }) {
      db.insert(loginThrottle).values({ key, attempts, windowStart }).onConflictDoUpdate({ target: loginThrottle.key, set: { attempts, windowStart } }).run();
    },
    *remove(key) {
      db.delete(loginThrottle).where(eq(loginThrottle.key, key)).run();
    },
    *giveBack(key, windowStart) {
      db.update(loginThrottle)
        .set({ attempts: sql`${loginThrottle.attempts} - 1` })
        .where(and(eq(loginThrottle.key, key), eq(loginThrottle.windowStart, windowStart), gt(loginThrottle.attempts, 0)))
        .run();
    },
    *sweep(before) {
      db.delete(loginThrottle).where(lte(loginThrottle.windowStart, before)).run();
    },
  };
}
