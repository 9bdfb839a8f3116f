// Registration and the per-user figures derived at read time (streaks and "today" reset by day).
import { randomBytes } from "node:crypto";
import { eq, sql } from "@/db/ops.ts";
import { prepared } from "@/db/prepared.ts";
import { commitsElsewhere, onRowChange } from "@/db/row-changes.ts";
import { rowReader } from "@/db/row-reader.ts";
import type { Db } from "@/db/client.ts";
import { referrals, users, type User } from "@/db/schema/index.ts";
import { inTransaction, type Deps } from "./context.ts";
import { bumpCounter, bumpDaily } from "./counters.ts";
import { notFound } from "./errors.ts";
import { addDays, utcDay } from "./time.ts";

export type TelegramProfile = {
  tgId: number;
  firstName: string;
  lastName?: string | null;
  username?: string | null;
};

const refCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newRefCode(): string {
  return Array.from(randomBytes(8), (b) => refCodeAlphabet[b % refCodeAlphabet.length]).join("");
}

/**
 * Finds the user or registers them. The referrer is bound only here, at first registration, so
 * a later /start with another code changes nothing and no cycle can form.
 */
export function registerUser(deps: Deps, profile: TelegramProfile, startParam?: string): { user: User; created: boolean } {
  const existing = findUserByTgId(deps, profile.tgId);
  if (existing) return { user: refreshProfile(deps, existing, profile), created: false };

  const now = deps.clock();
  return inTransaction(deps.db, (tx) => {
    const again = tx.select().from(users).where(eq(users.tgId, profile.tgId)).get();
    if (again) return { user: again, created: false };
    const user = tx
      .insert(users)
      .values({
        tgId: profile.tgId,
        firstName: profile.firstName,
        lastName: profile.lastName ?? null,
        username: profile.username ?? null,
        refCode: newRefCode(),
        createdAt: now,
      })
      .returning()
      .get();
    bumpCounter(tx, "total_users");
    bumpDaily(tx, utcDay(now), "registrations");

    const code = startParam?.trim().toUpperCase();
    const referrer = code ? tx.select().from(users).where(eq(users.refCode, code)).get() : undefined;
    if (referrer && referrer.id !== user.id) {
      tx.insert(referrals).values({ referredId: user.id, referrerId: referrer.id, createdAt: now }).run();
      tx.update(users)
        .set({ totalInvited: sql`${users.totalInvited} + 1` })
        .where(eq(users.id, referrer.id))
        .run();
    }
    return { user, created: true };
  });
}

/** Keeps names current without writing on every request: only a change is written. */
function refreshProfile(deps: Deps, user: User, profile: TelegramProfile): User {
  const next = {
    firstName: profile.firstName,
    lastName: profile.lastName ?? null,
    username: profile.username ?? null,
  };
  if (next.firstName === user.firstName && next.lastName === user.lastName && next.username === user.username) {
    return user;
  }
  deps.db.update(users).set(next).where(eq(users.id, user.id)).run();
  return { ...user, ...next };
}

export function getUser(deps: Deps, id: number): User {
  const user = deps.db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound(`User ${id}`);
  return user;
}

const userRow = rowReader(users);

/**
 * Users read on the way in, kept between requests: a mini-app session asks for its user several
 * times within seconds. A users row written through this connection leaves the cache as it is
 * written (SQLite's update hook reports it, whichever code wrote it); a commit by another process
 * empties the cache within a second. Rows are cached only outside transactions, so nothing that
 * could still roll back is kept.
 */
function userCache(db: Db) {
  const cache = prepared(db, "userCache", (d) => {
    const state = {
      byId: new Map<number, User>(),
      idByTgId: new Map<number, number>(),
      /** Figures derived from other tables whose every change also writes the user's row. */
      derived: new Map<number, Map<string, unknown>>(),
      lookup: d.sqlite.prepare<unknown[], [number]>(`select ${userRow.select} from users where tg_id = ?`),
      version: -1,
    };
    onRowChange(d, "users", (id, kind) => {
      state.byId.delete(id);
      state.derived.delete(id);
      if (kind === "delete") state.idByTgId.clear();
    });
    return state;
  });
  const version = commitsElsewhere(db);
  if (version !== cache.version) {
    cache.byId.clear();
    cache.derived.clear();
    cache.version = version;
  }
  return cache;
}

const cachedUsers = 100_000;

/** Adds to a bounded map, dropping the oldest entry (a Map iterates in insertion order). */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= cachedUsers) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** The lookup behind every user request. */
export function findUserByTgId(deps: Deps, tgId: number): User | undefined {
  const cache = userCache(deps.db);
  const id = cache.idByTgId.get(tgId);
  const known = id === undefined ? undefined : cache.byId.get(id);
  if (known) return known;
  const user = userRow.read(cache.lookup.values(tgId)[0]);
  if (user && !deps.db.sqlite.inTransaction) {
    // Shared by every request that follows: frozen, so no caller can change it for the others.
    remember(cache.byId, user.id, Object.freeze(user));
    if (cache.idByTgId.size >= cachedUsers * 10) cache.idByTgId.clear();
    cache.idByTgId.set(tgId, user.id);
  }
  return user;
}

/**
 * A figure about one user read from another table, kept like the user row itself. Only for data
 * whose every change also writes that user's row in the same transaction, which is what drops it.
 */
export function derivedForUser<T>(deps: Deps, userId: number, key: string, read: () => T): T {
  const cache = userCache(deps.db);
  const forUser = cache.derived.get(userId);
  if (forUser?.has(key)) return forUser.get(key) as T;
  const value = read();
  if (!deps.db.sqlite.inTransaction) remember(cache.derived, userId, new Map([[key, value]]));
  return value;
}

/** A streak survives until the end of the day after its last daily task. */
export function effectiveStreak(user: Pick<User, "currentStreak" | "lastDailyDay">, today: string): number {
  const last = user.lastDailyDay;
  return last === today || last === addDays(today, -1) ? user.currentStreak : 0;
}

export function earnedToday(user: Pick<User, "earnedToday" | "earnedDay">, today: string): number {
  return user.earnedDay === today ? user.earnedToday : 0;
}

export function referralLink(deps: Deps, refCode: string): string {
  return `https://t.me/${deps.config.bot.username}?start=${refCode}`;
}

/** Marks whether the bot can reach the user (a 403 from Telegram makes them inactive). */
export function setReachable(deps: Deps, tgId: number, reachable: boolean): void {
  deps.db.update(users).set({ isActive: reachable }).where(eq(users.tgId, tgId)).run();
}
