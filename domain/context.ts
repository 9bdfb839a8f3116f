// What every domain function receives: plain values and services, never an HTTP request.
import type { Config } from "@/api/config.ts";
import type { PasswordCost } from "./admins.ts";
import type { MembershipChecker } from "./membership.ts";
import type { Notifier } from "./notifier.ts";
import type { Store } from "./store.ts";

export type Clock = () => Date;

export type Deps = {
  /** The database: its statements and transactions, on whichever engine (store.ts). */
  store: Store;
  config: Config;
  clock: Clock;
  membership: MembershipChecker;
  notifier: Notifier;
  /** argon2id's cost for admin passwords; the product's own (admins.ts) unless given. */
  passwordCost?: PasswordCost;
};
