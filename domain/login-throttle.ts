// Admin sign-in throttling. An attempt is counted as it starts, before its password is hashed,
// in one IMMEDIATE transaction: a burst of concurrent guesses gets no more checks than the limit,
// in one process or several. It is counted twice, for the client address alone and for that
// address with the account it names, so an attacker's failures block the attacker and never the
// admin signing in from elsewhere. The counts live in login_throttle, so a restart keeps them.
import { isIP } from "node:net";
import { and, eq, gt, lte, sql } from "@/db/ops.ts";
import { loginThrottle } from "@/db/schema/index.ts";
import { inTransaction, type Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { rules } from "./rules.ts";

const windowMs = rules.loginFailureWindowMs;

/**
 * What a client address is counted as. An IPv6 subscriber is usually given a whole /64 and may
 * use any address in it, so IPv6 clients are counted per /64; other addresses as they are.
 */
export function throttledClient(address: string): string {
  const bare = address.split("%")[0]!; // a zone index names an interface, not a client
  if (isIP(bare) !== 6) return address;
  // The URL parser writes the address in its one canonical form, hex only, "::" at most once.
  const [head = "", tail] = new URL(`http://[${bare}]`).hostname.slice(1, -1).split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups.slice(0, 4).join(":")}::/64`;
}

const tooMany = (waitMs: number) => {
  const retryAfterSeconds = Math.ceil(waitMs / 1000);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError("TOO_MANY_ATTEMPTS", `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
    retryAfterSeconds,
  });
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(deps: Pick<Deps, "db" | "clock">) {
  // Rows of ended windows are removed at most once a window by each process, inside an attempt's
  // transaction, rather than scanning the table on every attempt.
  let sweptAt = Number.NEGATIVE_INFINITY;

  return {
    /**
     * Counts a sign-in attempt from `address` for `email` (already normalised), or refuses it
     * with TOO_MANY_ATTEMPTS and the seconds until its window ends, counting nothing. Call
     * `succeeded` on the answer once the password proved right.
     */
    start(address: string, email: string): { succeeded: () => void } {
      const client = throttledClient(address);
      const addressKey = `addr:${client}`;
      const pairKey = `pair:${client}|${email}`;
      const limits = [
        { key: addressKey, limit: rules.loginAddressFailureLimit },
        { key: pairKey, limit: rules.loginFailureLimit },
      ];
      const now = deps.clock().getTime();
      const outcome = inTransaction(deps.db, (tx) => {
        if (now - sweptAt >= windowMs) {
          tx.delete(loginThrottle).where(lte(loginThrottle.windowStart, new Date(now - windowMs))).run();
          sweptAt = now;
        }
        const counts = limits.map(({ key, limit }) => {
          const row = tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).get();
          // A window that has ended starts afresh with this attempt.
          const open = row !== undefined && row.windowStart.getTime() + windowMs > now;
          return { key, limit, attempts: open ? row.attempts : 0, windowStart: open ? row.windowStart : new Date(now) };
        });
        const full = counts.filter((c) => c.attempts >= c.limit);
        if (full.length > 0) return { waitMs: Math.max(...full.map((c) => c.windowStart.getTime() + windowMs - now)) };
        for (const { key, attempts, windowStart } of counts) {
          const next = { attempts: attempts + 1, windowStart };
          tx.insert(loginThrottle).values({ key, ...next }).onConflictDoUpdate({ target: loginThrottle.key, set: next }).run();
        }
        return { addressWindow: counts[0]!.windowStart };
      });
      if (outcome.waitMs !== undefined) throw tooMany(outcome.waitMs);
      const { addressWindow } = outcome;

      // A right password forgives the account's failures from this address and gives the
      // address its attempt back (if its window is still the one it was counted in).
      const succeeded = () =>
        inTransaction(deps.db, (tx) => {
          tx.delete(loginThrottle).where(eq(loginThrottle.key, pairKey)).run();
          tx.update(loginThrottle)
            .set({ attempts: sql`${loginThrottle.attempts} - 1` })
            .where(and(eq(loginThrottle.key, addressKey), eq(loginThrottle.windowStart, addressWindow), gt(loginThrottle.attempts, 0)))
            .run();
        });
      return { succeeded };
    },
  };
}
