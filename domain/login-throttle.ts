// Admin sign-in throttling. An attempt is counted as it starts, before its password is hashed,
// in one transaction that holds the rows it counts on: a burst of concurrent guesses gets no
// more checks than the limit, from one server instance or several, on either engine. It is
// counted twice, for the client address alone and for that address with the account it names,
// so an attacker's failures block the attacker and never the admin signing in from elsewhere.
// The counts live in login_throttle, so a restart keeps them.
import { isIP } from "node:net";
import type { LoginThrottleRow } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { rules } from "./rules.ts";
import type { Op, Statements } from "./store.ts";

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

type Count = LoginThrottleRow & { limit: number };

/**
 * Counts the attempt on every key, or on none when one of them is full: then answers how long
 * until the last full window ends. The keys' rows are claimed first, so concurrent attempts on
 * them are counted one after another (see LoginThrottleStatements.claim).
 */
function* count(db: Pick<Statements, "admins">, limits: { key: string; limit: number }[], now: Date): Op<{ waitMs: number } | { addressWindow: Date }> {
  const rows = yield* db.admins.throttle.claim(limits.map((l) => l.key));
  const counts: Count[] = limits.map(({ key, limit }) => {
    const row = rows.find((r) => r.key === key);
    // A window that has ended starts afresh with this attempt.
    const open = row !== undefined && row.windowStart.getTime() + windowMs > now.getTime();
    return { key, limit, attempts: open ? row.attempts : 0, windowStart: open ? row.windowStart : now };
  });
  const full = counts.filter((c) => c.attempts >= c.limit);
  if (full.length > 0) return { waitMs: Math.max(...full.map((c) => c.windowStart.getTime() + windowMs - now.getTime())) };
  for (const { key, attempts, windowStart } of counts) yield* db.admins.throttle.set({ key, attempts: attempts + 1, windowStart });
  return { addressWindow: counts[0]!.windowStart };
}

export function createLoginThrottle(deps: Pick<Deps, "store" | "clock">) {
  // Rows of ended windows are removed at most once a window by each process, rather than
  // scanning the table on every attempt; in a transaction of their own, which waits for nothing.
  let sweptAt = Number.NEGATIVE_INFINITY;

  return {
    /**
     * Counts a sign-in attempt from `address` for `email` (already normalised), or refuses it
     * with TOO_MANY_ATTEMPTS and the seconds until its window ends, counting nothing. Call
     * `succeeded` on the answer once the password proved right.
     */
    async start(address: string, email: string): Promise<{ succeeded: () => Promise<void> }> {
      const client = throttledClient(address);
      const addressKey = `addr:${client}`;
      const pairKey = `pair:${client}|${email}`;
      const limits = [
        { key: addressKey, limit: rules.loginAddressFailureLimit },
        { key: pairKey, limit: rules.loginFailureLimit },
      ];
      const now = deps.clock();
      if (now.getTime() - sweptAt >= windowMs) {
        sweptAt = now.getTime();
        await deps.store.transaction((db) => db.admins.throttle.sweep(new Date(now.getTime() - windowMs)));
      }
      const outcome = await deps.store.transaction((db) => count(db, limits, now));
      if ("waitMs" in outcome) throw tooMany(outcome.waitMs);
      const { addressWindow } = outcome;

      // A right password forgives the account's failures from this address and gives the
      // address its attempt back (if its window is still the one it was counted in).
      const succeeded = () =>
        deps.store.transaction(function* (db) {
          yield* db.admins.throttle.remove(pairKey);
          yield* db.admins.throttle.giveBack(addressKey, addressWindow);
        });
      return { succeeded };
    },
  };
}
