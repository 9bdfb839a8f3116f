// The statements the admin-users rules (admin-users.ts) need from an engine.
import type { LedgerEntry, User } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

/** Who referred a user, as the admin's user detail names them. */
export type Referrer = Pick<User, "id" | "tgId" | "username" | "firstName" | "lastName">;

/** The text keys a search matches a prefix of, each lower-cased and indexed so. */
export type SearchKey = "username" | "wallet";

export type AdminUserStatements = {
  userById(id: number): Op<User | undefined>;
  userByTgId(tgId: number): Op<User | undefined>;
  /** The user who referred `userId`, or undefined when nobody did. */
  referrerOf(userId: number): Op<Referrer | undefined>;
  /** Newest first; only ids below `before` when given. */
  newestUsers(limit: number, before?: number): Op<User[]>;
  /** Users whose lower-cased key lies in [from, to), compared code point by code point, in that order. */
  usersInRange(key: SearchKey, from: string, to: string, limit: number): Op<User[]>;
  /** The user as changed, or undefined when there is none. */
  setBanned(id: number, banned: boolean, reason: string | null): Op<User | undefined>;
  ledgerEntry(id: number): Op<LedgerEntry | undefined>;
  /** A user's ledger, newest first: ids follow the order money moved in (commit order). */
  /** Newest first; with `before`, only entries below that id (the next page). */
  ledgerOf(userId: number, limit: number, before?: number): Op<LedgerEntry[]>;
};
