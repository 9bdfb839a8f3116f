// What the rules report as it happens, for whoever watches the service (metrics, logs). A port:
// the domain declares the events and emits them only once the transaction that did the thing has
// committed; the process hands in the sink (deps.events), and one without a watcher tells nobody.
// Amounts are micro-USDT, as everywhere in the domain.
import type { LedgerReason, TaskKind, WithdrawalStatus } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import type { Op, Statements } from "./store.ts";

/**
 * A referral bonus `paid` at once, `held` for the settling period, and a held one `released`
 * (paid), `forfeited` (the friend left the channel) or `reversed` (fraud confirmed).
 */
export type BonusOutcome = "paid" | "held" | "released" | "forfeited" | "reversed";

export type DomainEvent =
  | { type: "task_completed"; userId: number; taskId: number; kind: TaskKind; reward: number }
  | { type: "referral_bonus"; outcome: BonusOutcome; referrerId: number; referredId: number; reason: Extract<LedgerReason, "referral_bonus" | "referral_milestone">; amount: number }
  /** `from` is null for a new request. */
  | { type: "withdrawal_moved"; withdrawalId: number; userId: number; from: WithdrawalStatus | null; to: WithdrawalStatus; amount: number }
  /** A delivery's last word: sent, or failed for good (`error` says why). A try to be retried is not one. */
  | { type: "broadcast_delivery"; broadcastId: number; deliveryId: number; outcome: "sent" | "failed"; error: string | null }
  /** A broadcast stopped before its end (cancelled, or its text refused): `skipped` deliveries were never sent. */
  | { type: "broadcast_stopped"; broadcastId: number; reason: string; skipped: number }
  /**
   * `count` notices about money ended: sent, failed for good, skipped (the user blocked the bot) or
   * expired (too old to send).
   */
  | { type: "notices_ended"; outcome: NoticeOutcome; count: number };

export type NoticeOutcome = "sent" | "failed" | "skipped" | "expired";

/**
 * Where events go. Emitted after the commit, so a sink that throws would turn a done action into
 * an error for its caller: a sink must not throw.
 */
export type EventSink = { emit(event: DomainEvent): void };

export const silentEvents: EventSink = { emit() {} };

/** Several sinks as one, each told every event in turn. */
export function eventSinks(...sinks: EventSink[]): EventSink {
  return { emit: (event) => sinks.forEach((sink) => sink.emit(event)) };
}

/** Records an event from inside a transaction's program; see `emitting`. */
export type Recorder = (event: DomainEvent) => void;

/**
 * Runs `program` as one transaction (store.transaction) and emits the events it recorded once it
 * has committed. Nothing is emitted for a transaction rolled back, and a program run again (a
 * transaction tried anew) records afresh.
 */
export async function emitting<T>(
  deps: Pick<Deps, "store" | "events">,
  program: (db: Statements, record: Recorder) => Op<T>,
  options?: { grouped?: boolean },
): Promise<T> {
  let recorded: DomainEvent[] = [];
  const result = await deps.store.transaction((db) => {
    const mine: DomainEvent[] = [];
    recorded = mine;
    return program(db, (event) => mine.push(event));
  }, options);
  if (deps.events) for (const event of recorded) deps.events.emit(event);
  return result;
}
