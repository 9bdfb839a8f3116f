// The sign-in throttle's statements on PostgreSQL. Transactions run at READ COMMITTED, where two
// attempts could both read a count and both add one to it; so an attempt first takes its keys'
// rows with an upsert, whose row lock makes any other attempt on the same keys wait until this
// one commits and then see its count.
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { loginThrottle } from "@/db/pg/schema/index.ts";
import type { LoginThrottleStatements } from "@/domain/statements/login-throttle.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

/** A window that ended long ago: a row created only to be locked counts as no attempts yet. */
const longAgo = new Date(0);

export function loginThrottleStatements(db: PgRunner): LoginThrottleStatements {
  return {
    *claim(keys) {
      // Always in the same order, so two attempts that share only some keys cannot deadlock.
      const empty = [...keys].sort().map((key) => ({ key, attempts: 0, windowStart: longAgo }));
      return yield* awaiting(
        db
          .insert(loginThrottle)
          .values(empty)
          // An update that changes nothing, for its lock and for the row as last committed.
          .onConflictDoUpdate({ target: loginThrottle.key, set: { attempts: sql`${loginThrottle.attempts}` } })
          .returning(),
      );
    },
    *set({ key, attempts, windowStart }) {
      yield* awaiting(
        db.insert(loginThrottle).values({ key, attempts, windowStart }).onConflictDoUpdate({ target: loginThrottle.key, set: { attempts, windowStart } }),
      );
    },
    *remove(key) {
      yield* awaiting(db.delete(loginThrottle).where(eq(loginThrottle.key, key)));
    },
    *giveBack(key, windowStart) {
      yield* awaiting(
        db
          .update(loginThrottle)
          .set({ attempts: sql`${loginThrottle.attempts} - 1` })
          .where(and(eq(loginThrottle.key, key), eq(loginThrottle.windowStart, windowStart), gt(loginThrottle.attempts, 0))),
      );
    },
    *sweep(before) {
      // Rows another attempt holds are skipped rather than waited for: the sweep never blocks a
      // sign-in, nor forms a deadlock with one.
      const ended = db.select({ key: loginThrottle.key }).from(loginThrottle).where(lte(loginThrottle.windowStart, before)).for("update", { skipLocked: true });
      yield* awaiting(db.delete(loginThrottle).where(inArray(loginThrottle.key, ended)));
    },
  };
}
