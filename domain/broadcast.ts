// The broadcast queue: queuing writes one delivery per reachable user in one statement; a flush
// claims a batch with one conditional update, so two flushes never take the same row.
import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "@/db/ops.ts";
import { broadcastDeliveries, broadcasts, type Broadcast } from "@/db/schema/index.ts";
import { audit } from "./audit.ts";
import { changedRows, inTransaction, type Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { rules } from "./rules.ts";

export function validateBroadcastMessage(input: string): string {
  const message = input.trim();
  if (message.length === 0) throw new AppError("VALIDATION_FAILED", "message: Please enter a message to broadcast", { field: "message" });
  if (message.length < rules.broadcastMinLength) {
    throw new AppError("VALIDATION_FAILED", `message: Message must be at least ${rules.broadcastMinLength} characters long`, { field: "message" });
  }
  if (message.length > rules.broadcastMaxLength) {
    throw new AppError("VALIDATION_FAILED", `message: Message must be at most ${rules.broadcastMaxLength} characters long`, { field: "message" });
  }
  return message;
}

export function queueBroadcast(deps: Deps, adminId: number, input: string) {
  const message = validateBroadcastMessage(input);
  const at = deps.clock();
  const id = inTransaction(deps.db, (tx) => {
    const broadcast = tx.insert(broadcasts).values({ message, createdBy: adminId, createdAt: at }).returning().get();
    const queued = changedRows(
      tx.run(sql`
        insert into broadcast_deliveries (broadcast_id, user_id, status, attempts)
        select ${broadcast.id}, id, 'pending', 0 from users where is_active = 1 and is_banned = 0`),
    );
    tx.update(broadcasts).set({ total: queued }).where(eq(broadcasts.id, broadcast.id)).run();
    audit(tx, { adminId, action: "broadcast.queue", targetType: "broadcast", targetId: broadcast.id, detail: { recipients: queued }, at });
    return broadcast.id;
  });
  return broadcastProgress(deps, deps.db.select().from(broadcasts).where(eq(broadcasts.id, id)).get()!);
}

export function broadcastProgress(deps: Deps, b: Broadcast) {
  const pending = b.total - b.sent - b.failed;
  const { batchSize, intervalSeconds } = deps.config.broadcast;
  return {
    id: b.id,
    message: b.message,
    createdAt: b.createdAt,
    total: b.total,
    sent: b.sent,
    failed: b.failed,
    pending,
    etaSeconds: Math.ceil(pending / batchSize) * intervalSeconds,
  };
}

export function listBroadcasts(deps: Deps, limit: number) {
  return deps.db.select().from(broadcasts).orderBy(desc(broadcasts.id)).limit(limit).all().map((b) => broadcastProgress(deps, b));
}

export type DeliveryOutcome = "sent" | "retry" | "failed" | "blocked" | "not_sent";

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
  /** When a stopped flush lets the next one call Telegram again: Telegram's retry_after, or the outage backoff. */
  retryAfterSeconds: number | null;
  /** Deliveries of every broadcast still waiting after this flush. */
  leftQueued: number;
  results: { deliveryId: number; tgId: number; outcome: DeliveryOutcome; error: string | null }[];
};

/** Deliveries still waiting, from the broadcasts' counters (the deliveries table is far larger). */
export function queuedDeliveries(deps: Deps): number {
  const [row] = deps.db
    .select({ queued: sql<number>`coalesce(sum(${broadcasts.total} - ${broadcasts.sent} - ${broadcasts.failed}), 0)` })
    .from(broadcasts)
    .all();
  return row?.queued ?? 0;
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
    retryAfterSeconds: null,
    leftQueued,
    results: [],
  };
}

export type ClaimedDelivery = { id: number; broadcastId: number; userId: number; tgId: number; message: string; attempts: number };

/**
 * Claims up to `limit` deliveries that are pending, or were claimed by a flush that died more
 * than ten minutes ago. One UPDATE ... RETURNING inside an IMMEDIATE transaction: atomic across
 * processes too.
 */
export function claimBatch(deps: Deps, limit: number): { token: string; deliveries: ClaimedDelivery[] } {
  const token = randomUUID();
  const now = deps.clock();
  const staleBefore = now.getTime() - rules.staleClaimMs;
  const deliveries = inTransaction(deps.db, (tx) => {
    tx.run(sql`
      update broadcast_deliveries set status = 'sending', claim_token = ${token}, claimed_at = ${now.getTime()}
      where id in (
        select id from broadcast_deliveries where status = 'pending'
        union all
        select id from broadcast_deliveries where status = 'sending' and claimed_at < ${staleBefore}
        order by id limit ${limit})`);
    return tx.all<ClaimedDelivery>(sql`
      select d.id, d.broadcast_id as broadcastId, d.user_id as userId, u.tg_id as tgId, b.message, d.attempts
      from broadcast_deliveries d
      join users u on u.id = d.user_id
      join broadcasts b on b.id = d.broadcast_id
      where d.claim_token = ${token}
      order by d.id`);
  });
  return { token, deliveries };
}

/**
 * Records the outcome of one send and answers the delivery's new status: a retryable failure
 * goes back to pending until the attempts run out.
 */
export function settleDelivery(
  deps: Deps,
  id: number,
  outcome: { ok: true } | { ok: false; error: string; retry: boolean },
): "sent" | "pending" | "failed" | "unclaimed" {
  const now = deps.clock();
  return inTransaction(deps.db, (tx) => {
    const d = tx.select().from(broadcastDeliveries).where(eq(broadcastDeliveries.id, id)).get();
    if (!d || d.status !== "sending") return "unclaimed";
    if (outcome.ok) {
      tx.update(broadcastDeliveries).set({ status: "sent", sentAt: now, attempts: d.attempts + 1 }).where(eq(broadcastDeliveries.id, id)).run();
      tx.update(broadcasts).set({ sent: sql`${broadcasts.sent} + 1` }).where(eq(broadcasts.id, d.broadcastId)).run();
      return "sent";
    }
    const attempts = d.attempts + 1;
    const final = !outcome.retry || attempts >= rules.deliveryMaxAttempts;
    tx.update(broadcastDeliveries)
      .set({ status: final ? "failed" : "pending", attempts, lastError: outcome.error, claimToken: null })
      .where(eq(broadcastDeliveries.id, id))
      .run();
    if (final) tx.update(broadcasts).set({ failed: sql`${broadcasts.failed} + 1` }).where(eq(broadcasts.id, d.broadcastId)).run();
    return final ? "failed" : "pending";
  });
}

/**
 * Puts claimed but unsent deliveries back, attempts untouched: a 429 or a Bot API outage stopped
 * the batch, so they were never really tried.
 */
export function releaseClaim(deps: Deps, token: string): number {
  return changedRows(
    deps.db
      .update(broadcastDeliveries)
      .set({ status: "pending", claimToken: null, claimedAt: null })
      .where(sql`${broadcastDeliveries.claimToken} = ${token} and ${broadcastDeliveries.status} = 'sending'`)
      .run(),
  );
}
