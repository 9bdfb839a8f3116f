// The statements registration, profiles, wallets and the user lookup (users.ts, wallet.ts) need.
import type { User } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type NewUser = Pick<User, "tgId" | "firstName" | "lastName" | "username" | "isPremium" | "tgLanguage" | "refCode" | "createdAt">;
export type Profile = Pick<User, "firstName" | "lastName" | "username" | "tgLanguage" | "isPremium">;

export type UserStatements = {
  byId(id: number): Op<User | undefined>;
  byTgId(tgId: number): Op<User | undefined>;
  byRefCode(refCode: string): Op<User | undefined>;
  /** The new user, or null when one with this Telegram id exists already (a unique index decides). */
  insert(user: NewUser): Op<User | null>;
  /** Binds the referral and counts the invite on the referrer. */
  addReferral(referredId: number, referrerId: number, at: Date): Op<void>;
  setProfile(id: number, profile: Profile): Op<void>;
  /** The language the user picked in the mini app. */
  setLanguage(id: number, language: string): Op<void>;
  /** The user with the new wallet. Several accounts may hold one address. */
  setWallet(id: number, address: string): Op<User>;
  /** The other accounts holding this wallet address (compared in lower case), up to `limit`, by id. */
  walletSharers(address: string, except: number, limit: number): Op<number[]>;
  /** Whether a banned account other than `except` holds this wallet address (compared in lower case). */
  walletOfBanned(address: string, except: number): Op<boolean>;
  setReachable(tgId: number, reachable: boolean): Op<void>;
  count(): Op<number>;
  /** The user registered first, if any. */
  first(): Op<User | undefined>;
};
