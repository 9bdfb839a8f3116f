// The statements the admin accounts (admins.ts) and their sign-in throttle need from an engine.
import type { Admin, AdminRole } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";
import type { ApiTokenStatements } from "./api-tokens.ts";
import type { LoginThrottleStatements } from "./login-throttle.ts";

export type AdminStatements = {
  /** `email` already normalised, as it is stored. */
  byEmail(email: string): Op<Admin | undefined>;
  byId(id: number): Op<Admin | undefined>;
  /** The admin added first, if any. */
  first(): Op<Admin | undefined>;
  /** The new admin, or null when the e-mail is taken (its unique index decides, not a read before). */
  insert(values: Pick<Admin, "email" | "passwordHash" | "role" | "createdAt">): Op<Admin | null>;
  /** Every admin, oldest first. */
  list(): Op<Admin[]>;
  /**
   * The owners' ids, held until the transaction ends (PostgreSQL: FOR UPDATE, in id order), so
   * two demotions at once count the owners one after the other and the second sees the first.
   */
  lockOwners(): Op<number[]>;
  setRole(id: number, role: AdminRole): Op<Admin | undefined>;
  /** Replaces the password hash and raises the token version, which revokes every token issued before. */
  setPassword(id: number, passwordHash: string): Op<Admin | undefined>;
  /** Raises the token version: every token issued before stops working. */
  revokeTokens(id: number): Op<void>;
  throttle: LoginThrottleStatements;
  tokens: ApiTokenStatements;
};
