// User statements on PostgreSQL.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { referrals, users } from "@/db/pg/schema/index.ts";
import type { UserStatements } from "@/domain/statements/users.ts";
import { awaiting } from "@/domain/store.ts";
import type { User } from "@/domain/model/index.ts";
import { remember, rowVersion, versioned } from "@/domain/users.ts";
import { rowReader } from "@/db/row-reader.ts";
import { mergedLookup } from "./merge.ts";
import { clientOf, type PgRunner } from "./runner.ts";

const userRow = rowReader(users);
/** The expression users_wallet_idx indexes (in "C", as the admin search's), so a look-up by address uses it. */
const sameWallet = (address: string) => sql`(lower(${users.walletBep20}) collate "C") = ${address.toLowerCase()}`;
/** The whole row and, last, its version (domain/users.ts: rowVersion). */
const versionedUser = `${userRow.select("u")}, u.xmin::text`;
const userById = `select ${versionedUser} from users u where u.id = $1`;
/**
 * Every signed-in request looks its user up: the lookups of concurrent requests go as one
 * (merge.ts), and ask first only for each row's id and version. A row already read at that version
 * is taken as it was; the others are read whole by id. Most requests' rows have not changed since
 * the last, and a whole row (some thirty columns) cost PostgreSQL and the client about 40 % more
 * than its id and version do.
 */
const versionsByTgId = `select u.id, u.xmin::text from users u where u.tg_id = any($1::int8[])`;
const usersById = `select ${versionedUser} from users u where u.id = any($1::int4[])`;
const idAt = userRow.keys.indexOf("id");

/**
 * Reads versioned rows, handing back the very row read before when its version is the same, which
 * is the same row: a signed-in request, which reads its user, does not decode them again, and what
 * is kept for the row (its answers) is found by identity. Shared by requests, so frozen, as the
 * users SQLite keeps are.
 */
function versionedRows() {
  const known = new Map<number, User>();
  /** The row read before for this id, if it is at this version. */
  const at = (id: number, version: string): User | undefined => {
    const seen = known.get(id);
    return seen && rowVersion(seen) === version ? seen : undefined;
  };
  const read = (values: unknown[] | undefined): User | undefined => {
    if (!values) return undefined;
    const version = values.at(-1) as string;
    const seen = at(values[idAt] as number, version);
    if (seen) return seen;
    const user = Object.freeze(versioned(userRow.read(values)!, version));
    remember(known, user.id, user);
    return user;
  };
  return { read, at };
}

export function userStatements(db: PgRunner): UserStatements {
  const firstRow = <T>(rows: T[]) => rows[0];
  const versions = versionedRows();
  const byTgId = mergedLookup(async (tgIds: number[]) => {
    const client = clientOf(db);
    const found: User[] = [];
    const changed: number[] = [];
    for (const [id, version] of (await client.unsafe(versionsByTgId, [tgIds]).values()) as [number, string][]) {
      const seen = versions.at(id, version);
      if (seen) found.push(seen);
      else changed.push(id);
    }
    // Read whole at their version of now, which may be newer than the one just seen.
    if (changed.length > 0) for (const values of (await client.unsafe(usersById, [changed]).values()) as unknown[][]) found.push(versions.read(values)!);
    return found;
  }, (user) => user.tgId);
  return {
    // Plain SQL (runner.ts): every user request looks its user up.
    *byId(id) {
      return versions.read((yield* awaiting(clientOf(db).unsafe(userById, [id]).values()))[0]);
    },
    *byTgId(tgId) {
      return yield* awaiting(byTgId(tgId));
    },
    *byRefCode(refCode) {
      return firstRow(yield* awaiting(db.select().from(users).where(eq(users.refCode, refCode))));
    },
    *insert(user) {
      return firstRow(yield* awaiting(db.insert(users).values(user).onConflictDoNothing({ target: users.tgId }).returning())) ?? null;
    },
    *addReferral(referredId, referrerId, at) {
      yield* awaiting(db.insert(referrals).values({ referredId, referrerId, createdAt: at }));
      yield* awaiting(db.update(users).set({ totalInvited: sql`${users.totalInvited} + 1` }).where(eq(users.id, referrerId)));
    },
    *setProfile(id, profile) {
      yield* awaiting(db.update(users).set(profile).where(eq(users.id, id)));
    },
    *setLanguage(id, language) {
      yield* awaiting(db.update(users).set({ language }).where(eq(users.id, id)));
    },
    *setWallet(id, address) {
      return firstRow(yield* awaiting(db.update(users).set({ walletBep20: address }).where(eq(users.id, id)).returning()))!;
    },
    *walletSharers(address, except, limit) {
      const rows = yield* awaiting(db.select({ id: users.id }).from(users).where(and(sameWallet(address), ne(users.id, except))).orderBy(asc(users.id)).limit(limit));
      return rows.map((u) => u.id);
    },
    *walletOfBanned(address, except) {
      const rows = yield* awaiting(db.select({ id: users.id }).from(users).where(and(sameWallet(address), ne(users.id, except), eq(users.isBanned, true))).limit(1));
      return rows.length > 0;
    },
    *setReachable(tgId, reachable) {
      yield* awaiting(db.update(users).set({ isActive: reachable }).where(eq(users.tgId, tgId)));
    },
    *first() {
      return firstRow(yield* awaiting(db.select().from(users).orderBy(asc(users.id)).limit(1)));
    },
    *count() {
      return firstRow(yield* awaiting(db.select({ n: sql<number>`count(*)::int` }).from(users)))!.n;
    },
  };
}
