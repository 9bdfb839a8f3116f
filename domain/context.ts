// What every domain function receives: plain values and services, never an HTTP request.
import type { Config } from "@/api/config.ts";
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
};
