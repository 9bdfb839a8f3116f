// What every domain function receives: plain values and services, never an HTTP request.
import type { Config } from "@/api/config.ts";
import type { PasswordCost } from "./admins.ts";
import type { Caches } from "./caches.ts";
import type { MembershipChecker } from "./membership.ts";
import type { Notifier } from "./notifier.ts";
import type { Store } from "./store.ts";

/** Now, as the rules read it: every rule asks the clock it is handed, never the system's directly. */
export type Clock = () => Date;

export type Deps = {
  /** The database: its statements and transactions, on whichever engine (store.ts). */
  store: Store;
  config: Config;
  clock: Clock;
  membership: MembershipChecker;
  notifier: Notifier;
  /** What the process keeps between requests, made with the store (caches.ts: makeCaches). */
  caches: Caches;
  /** argon2id's cost for admin passwords; the product's own (admins.ts) unless given. */
  passwordCost?: PasswordCost;
};
