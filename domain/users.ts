// Registration and the per-user figures derived at read time (streaks and "today" reset by day).
import { randomBytes } from "node:crypto";
import type { User } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { notFound } from "./errors.ts";
import { pickLanguage, type Language } from "./i18n/languages.ts";
import { assessSignUp } from "./risk.ts";
import type { Program, Store } from "./store.ts";
import { addDays, utcDay } from "./time.ts";

export type TelegramProfile = {
  tgId: number;
  firstName: string;
  lastName?: string | null;
  username?: string | null;
  isPremium?: boolean;
  /** Telegram's language_code ("ru", "es-419"); left out when the client did not send one. */
  languageCode?: string | null;
};

type UserDeps = Pick<Deps, "store" | "clock" | "config" | "settings" | "caches">;

const refCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newRefCode(): string {
  return Array.from(randomBytes(8), (b) => refCodeAlphabet[b % refCodeAlphabet.length]).join("");
}

/**
 * Finds the user or registers them. The referrer is bound only here, at first registration, so
 * a later /start with another code changes nothing and no cycle can form.
 */
export async function registerUser(deps: UserDeps, profile: TelegramProfile, startParam?: string): Promise<{ user: User; created: boolean }> {
  const existing = await findUserByTgId(deps, profile.tgId);
  if (existing) return { user: await refreshProfile(deps, existing, profile), created: false };

  const registered = await deps.store.transaction(registration(profile, startParam, deps.clock()));
  if (registered.created && registered.referrerId !== undefined) await assessSignUp(deps, registered.user, registered.referrerId);
  return registered;
}

/** Registers a user unless one with this Telegram id exists, binding the referrer if any. */
export function registration(profile: TelegramProfile, startParam: string | undefined, now: Date): Program<{ user: User; created: boolean; referrerId?: number }> {
  return function* (db) {
    const user = yield* db.users.insert({
      tgId: profile.tgId,
      firstName: profile.firstName,
      lastName: profile.lastName ?? null,
      username: profile.username ?? null,
      isPremium: profile.isPremium ?? false,
      tgLanguage: profile.languageCode ?? null,
      refCode: newRefCode(),
      createdAt: now,
    });
    // Registered at the same moment by another request (or instance): theirs counts.
    if (!user) return { user: (yield* db.users.byTgId(profile.tgId))!, created: false };
    yield* db.counters.bump("total_users", 1);
    yield* db.counters.bumpDaily(utcDay(now), "registrations");

    const code = startParam?.trim().toUpperCase();
    const referrer = code ? yield* db.users.byRefCode(code) : undefined;
    if (!referrer || referrer.id === user.id) return { user, created: true };
    yield* db.users.addReferral(user.id, referrer.id, now);
    return { user, created: true, referrerId: referrer.id };
  };
}

/**
 * Keeps what Telegram says of a user (names, language, premium) current without writing on every
 * request or update: only a change is written. What a client left out stays as last seen.
 */
export async function refreshProfile(deps: Pick<Deps, "store">, user: User, profile: TelegramProfile): Promise<User> {
  if (profileIsCurrent(user, profile)) return user;
  const next = {
    firstName: profile.firstName,
    lastName: profile.lastName ?? null,
    username: profile.username ?? null,
    tgLanguage: profile.languageCode ?? user.tgLanguage,
    isPremium: profile.isPremium ?? user.isPremium,
  };
  await deps.store.transaction((db) => db.users.setProfile(user.id, next));
  return { ...user, ...next };
}

// A user row's version, where the database gives one as the row is read (PostgreSQL's xmin: every
// write to the row makes a new version of it, one that writes the same values too). Carried on the
// row itself, not enumerable: a copy of the row is not that version, and no JSON shows it.
const versionKey = Symbol("row version");
const versionOf = (user: User): string | undefined => (user as User & { [versionKey]?: string })[versionKey];

/** Records the version the database read this row at. */
export function versioned(user: User, version: string): User {
  return Object.defineProperty(user, versionKey, { value: version });
}

/**
 * What tells this read of the user's row from every other: its version where the database gives
 * one, else the row itself, which a store that keeps users replaces on every write to it. Equal
 * for two reads only if nothing wrote the row between them, so what is kept for a user whose
 * every change writes their row (derivedForUser) may be kept under it.
 */
export const rowVersion = (user: User): unknown => versionOf(user) ?? user;

/** Whether two reads of a user's row found it the same: the same version, else every field equal, times by their instant. */
export function sameUserRow(a: User, b: User): boolean {
  if (a === b) return true;
  const version = versionOf(a);
  if (version !== undefined && version === versionOf(b)) return true;
  for (const key in a) {
    const x = a[key as keyof User];
    const y = b[key as keyof User];
    if (x !== y && !(x instanceof Date && y instanceof Date && x.getTime() === y.getTime())) return false;
  }
  return true;
}

/** Whether the row already says what the profile says (refreshProfile would write nothing): checked on every signed-in request. */
export function profileIsCurrent(user: User, profile: TelegramProfile): boolean {
  return (
    user.firstName === profile.firstName &&
    user.lastName === (profile.lastName ?? null) &&
    user.username === (profile.username ?? null) &&
    user.tgLanguage === (profile.languageCode ?? user.tgLanguage) &&
    user.isPremium === (profile.isPremium ?? user.isPremium)
  );
}

export async function getUser(deps: Pick<Deps, "store">, id: number): Promise<User> {
  const user = await deps.store.read((db) => db.users.byId(id));
  if (!user) throw notFound(`User ${id}`);
  return user;
}

/**
 * Users read on the way in, kept between requests where the store allows it (SQLite): a mini-app
 * session asks for its user several times within seconds. A written users row leaves the cache
 * as the store's change feed reports it: as this connection writes it, and within a second of
 * another process's commit. What is read while a change may be under way is served but not kept:
 * the generation moves with every change reported. One per store, made where the dependencies are
 * built (caches.ts).
 */
export type UserCache = {
  byId: Map<number, User>;
  idByTgId: Map<number, number>;
  /** Figures derived from other tables whose every change also writes the user's row. */
  derived: Map<number, Map<string, unknown>>;
  /** Moves with every change reported: a read that spans a move is not kept. */
  generation: number;
};

export function userCache(store: Store): UserCache {
  const cache: UserCache = {
    byId: new Map<number, User>(),
    idByTgId: new Map<number, number>(),
    derived: new Map<number, Map<string, unknown>>(),
    generation: 0,
  };
  store.changes.onUsers((id) => {
    cache.generation++;
    if (id === undefined) {
      cache.byId.clear();
      cache.derived.clear();
      cache.idByTgId.clear();
      return;
    }
    cache.byId.delete(id);
    cache.derived.delete(id);
  });
  return cache;
}

/** The cache, once it has heard of what other processes committed since it was last asked. */
function usersKept({ store, caches }: Pick<Deps, "store" | "caches">): UserCache {
  store.changes.poll();
  return caches.users;
}

/** How many users are kept between requests, and what is made for them. */
const keptUsers = 100_000;

/**
 * Adds to a map bounded at as many entries as users are kept, as its newest entry: a key already
 * there moves to the end, and a new key past the bound drops the oldest (a Map iterates in
 * insertion order).
 */
export function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (!map.delete(key) && map.size >= keptUsers) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * The user the cache holds for this Telegram id, without reading anything: undefined when it
 * holds none (or the store keeps no users), and findUserByTgId reads. The signed-in user's
 * request asks this first, so a kept user costs no turn of the event loop.
 */
export function keptUserByTgId(deps: Pick<Deps, "store" | "caches">, tgId: number): User | undefined {
  if (!deps.store.changes.keepsUsers) return undefined;
  const cache = usersKept(deps);
  const id = cache.idByTgId.get(tgId);
  return id === undefined ? undefined : cache.byId.get(id);
}

/** The lookup behind every user request. */
export async function findUserByTgId(deps: Pick<Deps, "store" | "caches">, tgId: number): Promise<User | undefined> {
  if (!deps.store.changes.keepsUsers) return deps.store.read((db) => db.users.byTgId(tgId));
  const known = keptUserByTgId(deps, tgId);
  if (known) return known;
  const cache = deps.caches.users;
  const generation = cache.generation;
  // Asked before the read: on SQLite the read runs at once, and a transaction open now may be
  // rolled back by the time the answer is awaited.
  const settled = deps.store.changes.settled();
  const user = await deps.store.read((db) => db.users.byTgId(tgId));
  if (user && settled && generation === cache.generation) {
    // Shared by every request that follows: frozen, so no caller can change it for the others.
    remember(cache.byId, user.id, Object.freeze(user));
    if (cache.idByTgId.size >= keptUsers * 10) cache.idByTgId.clear();
    cache.idByTgId.set(tgId, user.id);
  }
  return user;
}

/**
 * A figure about one user read from another table, kept like the user row itself. Only for data
 * whose every change also writes that user's row in the same transaction, which is what drops it.
 */
export async function derivedForUser<T>(deps: Pick<Deps, "store" | "caches">, userId: number, key: string, read: () => Promise<T>): Promise<T> {
  if (!deps.store.changes.keepsUsers) return read();
  const cache = usersKept(deps);
  const forUser = cache.derived.get(userId);
  if (forUser?.has(key)) return forUser.get(key) as T;
  const generation = cache.generation;
  const settled = deps.store.changes.settled();
  const value = await read();
  if (settled && generation === cache.generation) remember(cache.derived, userId, new Map([[key, value]]));
  return value;
}

/** The user a demo-mode sign-in stands for: the one with this Telegram id, else the first registered. */
export async function demoUser(deps: Pick<Deps, "store" | "caches">, tgId?: number): Promise<User | undefined> {
  return tgId === undefined ? deps.store.read((db) => db.users.first()) : findUserByTgId(deps, tgId);
}

/** A streak survives until the end of the day after its last daily task. */
export function effectiveStreak(user: Pick<User, "currentStreak" | "lastDailyDay">, today: string): number {
  const last = user.lastDailyDay;
  return last === today || last === addDays(today, -1) ? user.currentStreak : 0;
}

export function earnedToday(user: Pick<User, "earnedToday" | "earnedDay">, today: string): number {
  return user.earnedDay === today ? user.earnedToday : 0;
}

export function referralLink(deps: Pick<Deps, "config">, refCode: string): string {
  return `https://t.me/${deps.config.bot.username}?start=${refCode}`;
}

/** Marks whether the bot can reach the user (a 403 from Telegram makes them inactive). */
export function setReachable(deps: Pick<Deps, "store">, tgId: number, reachable: boolean): Promise<void> {
  return deps.store.transaction((db) => db.users.setReachable(tgId, reachable));
}

/** The language a user is spoken to in: their choice in the mini app, else Telegram's, else English. */
export function userLanguage(user: Pick<User, "language" | "tgLanguage">): Language {
  return pickLanguage(user.language, user.tgLanguage);
}

/** Records the language the user picked; written only when it changes. */
export async function chooseLanguage(deps: Pick<Deps, "store">, user: User, language: Language): Promise<User> {
  if (user.language === language) return user;
  await deps.store.transaction((db) => db.users.setLanguage(user.id, language));
  return { ...user, language };
}

/** The language to write to a Telegram user in, for messages sent without an update to answer. */
export async function languageOfTgUser(deps: Pick<Deps, "store" | "caches">, tgId: number): Promise<Language> {
  const user = await findUserByTgId(deps, tgId);
  return user ? userLanguage(user) : pickLanguage();
}
