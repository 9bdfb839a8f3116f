// What every domain function receives: plain values and services, never an HTTP request.
import type { PasswordCost } from "./admins.ts";
import type { Caches } from "./caches.ts";
import type { PayoutChain } from "./chain.ts";
import type { EventSink } from "./events.ts";
import type { DomainLog } from "./log.ts";
import type { MembershipChecker } from "./membership.ts";
import type { SettingsSource } from "./settings-source.ts";
import type { Store } from "./store.ts";

/** Now, as the rules read it: every rule asks the clock it is handed, never the system's directly. */
export type Clock = () => Date;

/**
 * The settings the rules read. The configuration the server reads from the environment has these
 * and more (HTTP, database, Telegram tokens); whoever builds the dependencies hands it in whole,
 * and the compiler checks it has at least these.
 */
export type DomainConfig = {
  /** The links' defaults until an operator sets them (settings.ts). */
  bot: { username: string; channelUrl: string; supportUrl: string };
  broadcast: {
    batchSize: number;
    gapMs: number;
    intervalSeconds: number;
    /** Messages per second for the fleet; 0 keeps the batch pace (send-rate.ts). */
    rate: number;
    /** Sends with allow_paid_broadcast, which lifts the cap from 30/s to 1 000/s and costs Stars. */
    paid: boolean;
  };
  risk: {
    /** How long a referral bonus is held before it is paid; 0 pays at once. */
    holdMs: number;
    /** micro-USDT a day across all users, and per user; 0: no limit. */
    payoutDailyLimit: number;
    payoutUserDailyLimit: number;
    /** The risk score that flags a user; 0: signals are neither computed nor acted on. */
    flagScore: number;
  };
};

/** C is the configuration handed in: the rules read DomainConfig, the server and the bot the rest of theirs. */
export type Deps<C extends DomainConfig = DomainConfig> = {
  /** The database: its statements and transactions, on whichever engine (store.ts). */
  store: Store;
  config: C;
  clock: Clock;
  membership: MembershipChecker;
  /**
   * Whether the rules queue notices for the users they act on (notices.ts): unless false, as for
   * the demo seed, whose made-up history has no one to tell.
   */
  tellsUsers?: boolean;
  /** What the process keeps between requests, made with the store (caches.ts: makeCaches). */
  caches: Caches;
  /**
   * What an operator tunes while the service runs (settings.ts), kept current from the database:
   * the rules read it, not the broadcast and risk figures above, which are only its defaults.
   */
  settings: SettingsSource;
  /** Who hears what the rules did, once it has committed (events.ts); baseDeps's hears nothing. */
  events?: EventSink;
  /** The process's log, for what the rules do not pass on to a caller (log.ts); nowhere unless handed in. */
  log?: DomainLog;
  /** Where payouts are checked (BSC_RPC_URL, chain.ts); without it a transaction hash is taken as typed. */
  chain?: PayoutChain;
  /** argon2id's cost for admin passwords; the product's own (admins.ts) unless given. */
  passwordCost?: PasswordCost;
};
