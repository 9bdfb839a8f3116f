// The broadcast queue: queuing writes one delivery per reachable user in one statement; a flush
// leases a batch (rows another flush is claiming are skipped, never shared), and with a pace only
// one flush per interval, on any server, may start a batch: the database keeps the turn. Batches
// are claimed in delivery order, so the older broadcast goes first; one whose text Telegram
// refuses is stopped at the first refusal, and an admin may cancel one, so none holds the queue.
import { randomUUID } from "node:crypto";
import type { Broadcast } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { emitting, type Recorder } from "./events.ts";
import { languages, pickLanguage, type Language } from "./i18n/languages.ts";
import { rules } from "./rules.ts";
import { currentPace, type PaceDeps } from "./send-rate.ts";
import type { Op, Statements } from "./store.ts";
import type { ClaimedDelivery, Settlement } from "./statements/broadcast.ts";
import { describeProblem, findMarkdownProblem } from "./telegram-markdown.ts";

export type { ClaimedDelivery } from "./statements/broadcast.ts";

/**
 * `field` names the text in a refusal: the default message, or one language's (texts.ru). A text
 * Telegram's Markdown would refuse is refused here, with where the marker left open stands, by
 * the same rule the admin form checks as the admin types.
 */
export function validateBroadcastMessage(input: string, field = "message"): string {
  const message = input.trim();
  if (message.length === 0) throw new AppError("VALIDATION_FAILED", `${field}: Please enter a message to broadcast`, { field });
  if (message.length < rules.broadcastMinLength) {
    throw new AppError("VALIDATION_FAILED", `${field}: Message must be at least ${rules.broadcastMinLength} characters long`, { field });
  }
  if (message.length > rules.broadcastMaxLength) {
    throw new AppError("VALIDATION_FAILED", `${field}: Message must be at most ${rules.broadcastMaxLength} characters long`, { field });
  }
  const problem = findMarkdownProblem(input);
  if (problem) throw new AppError("VALIDATION_FAILED", `${field}: ${describeProblem(problem)}`, { field, ...problem });
  return message;
}

/** The message in languages other than English, the default text's; a user whose language has none gets the default. */
export type BroadcastTexts = Partial<Record<Exclude<Language, "en">, string>>;

/**
 * Each translation checked as the default message is. One left blank counts as not given (its
 * readers get the default), as a form with an empty field for a language means.
 */
function validateTexts(texts: BroadcastTexts): BroadcastTexts | null {
  const valid: BroadcastTexts = {};
  for (const [language, text] of Object.entries(texts) as [keyof BroadcastTexts, string | undefined][]) {
    if (text !== undefined && text.trim() !== "") valid[language] = validateBroadcastMessage(text, `texts.${language}`);
  }
  return Object.keys(valid).length > 0 ? valid : null;
}

export async function queueBroadcast(deps: Pick<Deps, "store" | "clock"> & PaceDeps, adminId: number, input: string, translations: BroadcastTexts = {}) {
  const message = validateBroadcastMessage(input);
  const texts = validateTexts(translations);
  const at = deps.clock();
  const broadcast = await deps.store.transaction(function* (db) {
    const created = yield* db.broadcast.insert({ message, texts, createdBy: adminId, createdAt: at });
    const total = yield* db.broadcast.queueToEveryone(created.id);
    yield* db.broadcast.setTotal(created.id, total);
    yield* db.audit.insert({ adminId, action: "broadcast.queue", targetType: "broadcast", targetId: created.id, detail: { recipients: total, ...(texts && { languages: Object.keys(texts) }) }, at });
    return { ...created, total };
  });
  return broadcastProgress(deps, broadcast);
}

/** `etaSeconds`: the time left at the current pace (currentPace); 0 when only a flush asked for sends. */
export function broadcastProgress(deps: PaceDeps, b: Broadcast) {
  const pending = b.total - b.sent - b.failed;
  return {
    id: b.id,
    message: b.message,
    texts: (b.texts ?? {}) as BroadcastTexts,
    createdAt: b.createdAt,
    total: b.total,
    sent: b.sent,
    failed: b.failed,
    pending,
    etaSeconds: currentPace(deps).secondsFor(pending),
    // Set when an admin cancelled it or Telegram refused its text; its unsent deliveries failed then.
    stoppedAt: b.stoppedAt,
    stopReason: b.stopReason,
  };
}

/** What a delivery says: the text in its user's language if the broadcast has one, else the default. */
export function deliveryText(d: Pick<ClaimedDelivery, "message" | "texts" | "language" | "tgLanguage">): string {
  return d.texts?.[pickLanguage(d.language, d.tgLanguage)] ?? d.message;
}

/**
 * Who a broadcast queued now would reach, by the language each reads (as deliveryText picks it),
 * and how long sending to all of them would take at the current pace.
 */
export async function broadcastAudience(deps: Pick<Deps, "store"> & PaceDeps) {
  const groups = await deps.store.read((db) => db.broadcast.audience());
  const byLanguage = Object.fromEntries(languages.map((language) => [language, 0])) as Record<Language, number>;
  for (const group of groups) byLanguage[pickLanguage(group.language, group.tgLanguage)] += group.users;
  const total = groups.reduce((sum, group) => sum + group.users, 0);
  const pace = currentPace(deps);
  return { total, byLanguage, etaSeconds: pace.secondsFor(total), messagesPerSecond: pace.messagesPerSecond, byRate: pace.byRate };
}

export async function listBroadcasts(deps: Pick<Deps, "store"> & PaceDeps, limit: number, before?: number) {
  const rows = await deps.store.read((db) => db.broadcast.list(limit, before));
  return rows.map((b) => broadcastProgress(deps, b));
}

/** `stopped`: not sent, as its broadcast was cancelled or stopped (its error says why) while the flush held it. */
export type DeliveryOutcome = "sent" | "retry" | "failed" | "blocked" | "not_sent" | "stopped";

/** What one flush did, delivery by delivery (the bot sends; the CLI and API report it). */
export type FlushReport = {
  claimed: number;
  sent: number;
  failed: number;
  retried: number;
  blocked: number;
  stoppedByRateLimit: boolean;
  /** Telegram could not be used (network, timeout, 5xx): the batch stopped, no try was counted. */
  stoppedByOutage: boolean;
  outageError: string | null;
  /** A batch started, on this server or another, less than BROADCAST_INTERVAL ago: nothing was claimed. */
  stoppedByPace: boolean;
  /** When a stopped flush lets the next one call Telegram again: Telegram's retry_after, the outage backoff, or the pace. */
  retryAfterSeconds: number | null;
  /** With a pace, when the next batch may start: after the one this flush started, or the one it must wait for. */
  nextBatchAt: Date | null;
  /** Broadcasts this flush stopped because Telegram refused their text, and how many of their other deliveries failed with it. */
  stoppedBroadcasts: { broadcastId: number; reason: string; failed: number }[];
  /** Deliveries of every broadcast still waiting after this flush. */
  leftQueued: number;
  results: { deliveryId: number; tgId: number; outcome: DeliveryOutcome; error: string | null }[];
};

/** Deliveries still waiting, from the broadcasts' counters (the deliveries table is far larger). */
export function queuedDeliveries(deps: Pick<Deps, "store">): Promise<number> {
  return deps.store.read((db) => db.broadcast.queued());
}

export function emptyFlushReport(leftQueued: number): FlushReport {
  return {
    claimed: 0,
    sent: 0,
    failed: 0,
    retried: 0,
    blocked: 0,
    stoppedByRateLimit: false,
    stoppedByOutage: false,
    outageError: null,
    stoppedByPace: false,
    retryAfterSeconds: null,
    nextBatchAt: null,
    stoppedBroadcasts: [],
    leftQueued,
    results: [],
  };
}

export type Claim = {
  /** Holds the lease on the deliveries; settling and releasing name it. */
  token: string;
  deliveries: ClaimedDelivery[];
  /** Another flush has the current turn: nothing was claimed before `nextBatchAt`. */
  waiting: boolean;
  /** With a pace: the turn after the one this claim took, or the one it must wait for. */
  nextBatchAt: Date | null;
};

/**
 * Leases up to `limit` deliveries for rules.deliveryLeaseMs: pending ones, and those of a flush
 * whose lease ran out (it died). With `intervalMs`, the claim first takes the fleet's turn, in
 * the same transaction: refused when a batch started less than `intervalMs` ago, and not used
 * up when there is nothing to send, so a message queued just after goes out at once.
 */
export function claimBatch(deps: Pick<Deps, "store" | "clock">, limit: number, intervalMs = 0): Promise<Claim> {
  const token = randomUUID();
  const now = deps.clock();
  const leaseUntil = new Date(now.getTime() + rules.deliveryLeaseMs);
  const next = new Date(now.getTime() + intervalMs);
  const paced = intervalMs > 0;
  return deps.store.transaction(function* (db) {
    if (paced && !(yield* db.broadcast.takeTurn(now, next))) {
      return { token, deliveries: [], waiting: true, nextBatchAt: (yield* db.broadcast.nextTurn()) ?? now };
    }
    const deliveries = yield* db.broadcast.claim({ token, now, leaseUntil, limit, chatFreeBy: now });
    if (paced && deliveries.length === 0) yield* db.broadcast.giveTurnBack(now);
    return { token, deliveries, waiting: false, nextBatchAt: paced && deliveries.length > 0 ? next : null };
  });
}

/**
 * Records the outcome of one send and answers the delivery's new status: a retryable failure
 * goes back to pending until the attempts run out. Only while `token` still holds the lease: a
 * flush too slow for its lease must not settle what another flush has taken over. A message that
 * went out although its broadcast was stopped while it was on its way is counted sent, not
 * failed, since its user has it.
 */
export function settleDelivery(
  deps: Pick<Deps, "store" | "clock" | "events">,
  id: number,
  token: string,
  outcome: { ok: true } | { ok: false; error: string; retry: boolean },
): Promise<"sent" | "pending" | "failed" | "unclaimed"> {
  const now = deps.clock();
  return emitting(deps, (db, record) => settling(db, record, id, token, outcome, now));
}

/**
 * Records as sent, in one transaction, every delivery of `ids` that went out under `token`: a
 * sender at the fleet's rate settles a grant at once rather than a transaction per message.
 */
export function settleDeliveriesSent(deps: Pick<Deps, "store" | "clock" | "events">, ids: number[], token: string): Promise<void> {
  if (ids.length === 0) return Promise.resolve();
  const now = deps.clock();
  return emitting(deps, function* (db, record) {
    const told = (broadcastId: number, deliveryId: number) => record({ type: "broadcast_delivery", broadcastId, deliveryId, outcome: "sent", error: null });
    // One statement for the grant, and one count per broadcast rather than per delivery: at a
    // thousand a second, a write per delivery to the broadcast's row queued every instance's
    // settle behind that one row.
    const settled = yield* db.broadcast.settleSent(ids, token, now);
    const perBroadcast = new Map<number, number>();
    for (const { id, broadcastId } of settled) {
      perBroadcast.set(broadcastId, (perBroadcast.get(broadcastId) ?? 0) + 1);
      told(broadcastId, id);
    }
    // In id order, so two instances counting the same broadcasts take their rows in one order.
    for (const [broadcastId, sent] of [...perBroadcast].sort(([a], [b]) => a - b)) yield* db.broadcast.count(broadcastId, "sent", sent);
    // No longer held: a stop may have failed it meanwhile, though its message went out.
    const done = new Set(settled.map((d) => d.id));
    for (const id of ids) {
      if (done.has(id)) continue;
      const broadcastId = yield* sentAfterStop(db, id, token, now);
      if (broadcastId !== undefined) told(broadcastId, id);
    }
  });
}

/** The deliveries of `ids` `token` still holds: one read for a grant, before it is sent (one cancelled meanwhile is not). */
export async function heldDeliveries(deps: Pick<Deps, "store">, ids: number[], token: string): Promise<Set<number>> {
  return new Set(await deps.store.read((db) => db.broadcast.heldOf(ids, token)));
}

function* settling(db: Statements, record: Recorder, id: number, token: string, outcome: { ok: true } | { ok: false; error: string; retry: boolean }, now: Date): Op<"sent" | "pending" | "failed" | "unclaimed"> {
  const error = outcome.ok ? null : outcome.error;
  const told = <S extends "sent" | "failed">(status: S, broadcastId: number): S => {
    record({ type: "broadcast_delivery", broadcastId, deliveryId: id, outcome: status, error });
    return status;
  };
  // Not held, or no longer by the time the settle got the row (on PostgreSQL a cancel may commit
  // between the two): a message that went out may still be one the stop failed.
  const notHeld = function* () {
    const broadcastId = outcome.ok ? yield* sentAfterStop(db, id, token, now) : undefined;
    return broadcastId === undefined ? "unclaimed" : told("sent", broadcastId);
  };
  const held = yield* db.broadcast.held(id, token);
  if (!held) return yield* notHeld();
  const attempts = held.attempts + 1;
  const status = outcome.ok ? "sent" : !outcome.retry || attempts >= rules.deliveryMaxAttempts ? "failed" : "pending";
  // A sent delivery keeps its token, as a record of the flush that sent it.
  const set: Settlement = outcome.ok ? { status, attempts, sentAt: now } : { status, attempts, lastError: outcome.error, claimToken: null };
  if (!(yield* db.broadcast.settle(id, token, set))) return yield* notHeld();
  if (status === "pending") return status;
  yield* db.broadcast.count(held.broadcastId, status);
  return told(status, held.broadcastId);
}

/** Moves a delivery the stop counted failed to sent, when `token` was sending it then; answers its broadcast. */
function* sentAfterStop(db: Statements, id: number, token: string, at: Date) {
  const broadcastId = yield* db.broadcast.sentAfterStop(id, token, at);
  if (broadcastId === undefined) return undefined;
  yield* db.broadcast.count(broadcastId, "sent");
  yield* db.broadcast.count(broadcastId, "failed", -1);
  return broadcastId;
}

/**
 * Puts claimed but unsent deliveries back, attempts untouched: a 429 or a Bot API outage stopped
 * the batch, so they were never really tried.
 */
export function releaseClaim(deps: Pick<Deps, "store">, token: string): Promise<number> {
  return deps.store.transaction((db) => db.broadcast.release(token));
}
