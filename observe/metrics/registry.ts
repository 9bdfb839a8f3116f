// The process's metrics, made once at start and handed to what reports to them: the HTTP layer
// (http.ts), the bot's Bot API client (bot-api.ts), the database's group commit (db.ts) and the
// rules, through the event sink (domain-events.ts). What is read rather than reported (the work
// waiting, the bot's state, the database's) is attached once the server has built what it reads
// (`watch`). GET /metrics answers `text()`.
import { Registry } from "prom-client";
import type { Deps } from "@/domain/context.ts";
import type { EventSink } from "@/domain/events.ts";
import { serviceFigures } from "@/domain/service-figures.ts";
import { botApiMetrics, type BotApiMetrics } from "./bot-api.ts";
import { dbGauges, dbMetrics, type DbMetrics, type PoolConnections } from "./db.ts";
import { domainEventMetrics } from "./domain-events.ts";
import type { WalletFloat } from "@/domain/wallet-status.ts";
import { hotWalletGauges } from "./hot-wallet.ts";
import { httpMetrics, type HttpMetrics } from "./http.ts";
import { processMetrics } from "./process.ts";
import { runtimeGauges, type RuntimeSources } from "./runtime-state.ts";
import { serviceGauges } from "./service-state.ts";

/** What the gauges read at each scrape: the database through the rules' store, and the process. */
export type WatchSources = RuntimeSources & {
  deps: Pick<Deps, "store" | "clock">;
  /** SQLite: the write-ahead log's size in bytes. */
  walBytes?: () => number;
  /** PostgreSQL: this instance's pool connections by state. */
  poolConnections?: () => Promise<PoolConnections>;
  /** With a hot wallet (PAYOUT_KEY_FILE): what it can still pay for. */
  hotWallet?: () => Promise<WalletFloat>;
};

export type Metrics = {
  http: HttpMetrics;
  botApi: BotApiMetrics;
  db: DbMetrics;
  /** Hand it to the rules (deps.events). */
  events: EventSink;
  /** Attaches the gauges read at each scrape; once per registry. */
  watch(sources: WatchSources): void;
  /** The exposition, in Prometheus's text format, and its content type. */
  text(): Promise<string>;
  contentType: string;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  processMetrics(registry);
  return {
    http: httpMetrics(registry),
    botApi: botApiMetrics(registry),
    db: dbMetrics(registry),
    events: domainEventMetrics(registry),
    watch({ deps, walBytes, poolConnections, hotWallet, ...runtime }) {
      serviceGauges(registry, { figures: () => serviceFigures(deps), now: () => deps.clock().getTime() });
      runtimeGauges(registry, runtime);
      dbGauges(registry, { state: () => deps.store.health.state(), walBytes, poolConnections });
      if (hotWallet) hotWalletGauges(registry, hotWallet);
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
