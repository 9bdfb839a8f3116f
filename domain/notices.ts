// Notices about a user's money, kept in the database until Telegram has them: written in the
// transaction of the action that causes them, so an action that commits has its notice and one
// rolled back has none, claimed under a lease by whichever instance sends next, ahead
// of broadcast deliveries, and settled once. A 429 or an outage puts them back untried; a sender
// killed mid-send leaves them to the next one when its lease runs out. A notice that could not go
// out within rules.noticeMaxAgeMs is dropped (expired) and counted rather than sent late, and one
// for a user who blocked the bot is skipped.
//
// The text is rendered when the notice is sent, not when it is queued: the row keeps the facts
// (amount, reason, hash), so the user reads it in the language they have by then, and a catalogue
// fixed meanwhile applies to notices still waiting.
import { randomUUID } from "node:crypto";
import type { Deps } from "./context.ts";
import { emitting, type NoticeOutcome, type Recorder } from "./events.ts";
import type { ClaimedDelivery } from "./statements/broadcast.ts";
import type { ClaimedNotice } from "./statements/notices.ts";
import { rules } from "./rules.ts";
import type { Op, Statements } from "./store.ts";

export type { ClaimedNotice } from "./statements/notices.ts";

/** A message to a user about their money. */
export type Notice =
  | { kind: "withdrawal_approved"; tgId: number; amount: string }
  | { kind: "withdrawal_paid"; tgId: number; amount: string; txHash: string }
  | { kind: "withdrawal_rejected"; tgId: number; amount: string; reason: string }
  | { kind: "referral_qualified"; tgId: number; friend: string; bonus: string; /** Hours the bonus is held before it can be spent; 0 when paid at once. */ heldHours: number };

/** Queues the notice in the transaction of the action it tells of; false when no user has its Telegram id. */
export function* noticeQueued(db: Statements, notice: Notice, at: Date): Op<boolean> {
  const { kind, tgId, ...payload } = notice;
  return yield* db.notices.insert({ tgId, kind, payload, createdAt: at });
}

/** Queues a notice in a transaction of its own. */
export function queueNotice(deps: Pick<Deps, "store" | "clock">, notice: Notice): Promise<boolean> {
  const at = deps.clock();
  return deps.store.transaction((db) => noticeQueued(db, notice, at));
}

/** The notice a queued row stands for, as the texts render it. */
export function noticeOf(row: Pick<ClaimedNotice, "kind" | "tgId" | "payload">): Notice {
  return { ...row.payload, kind: row.kind, tgId: row.tgId } as Notice;
}

/** What one claim took: notices first, then broadcast deliveries for the rest of the grant. */
export type SendClaim = {
  token: string;
  notices: ClaimedNotice[];
  deliveries: ClaimedDelivery[];
  /** Notices dropped by this claim as too old to send. */
  expired: number;
  /** Notices dropped by this claim as their users blocked the bot. */
  skipped: number;
};

/**
 * Leases up to `limit` messages to send, in one transaction: waiting notices too old are expired
 * and those of users who blocked the bot skipped first, then notices are claimed, oldest first,
 * and broadcast deliveries (with `broadcasts`) fill what is left. `leaseMs` is how long the
 * sender may take before another may take them over. Nothing is claimed for a chat taken past
 * `chatFreeBy` (the wall clock's now: chat_sends holds Telegram's seconds), so a claim leaves
 * what its sender could not take; the take at the reservation decides (send-rate.ts).
 */
export function claimSends(
  deps: Pick<Deps, "store" | "clock" | "events">,
  { limit, leaseMs, broadcasts, chatFreeBy }: { limit: number; leaseMs: number; broadcasts: boolean; chatFreeBy: Date },
): Promise<SendClaim> {
  const token = randomUUID();
  const now = deps.clock();
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const cutoff = new Date(now.getTime() - rules.noticeMaxAgeMs);
  return emitting(deps, function* (db, record) {
    const expired = yield* db.notices.expire(cutoff, now);
    const skipped = yield* db.notices.skipUnreachable(now);
    ended(record, "expired", expired);
    ended(record, "skipped", skipped);
    const notices = yield* db.notices.claim({ token, now, leaseUntil, limit, chatFreeBy });
    const deliveries = broadcasts ? yield* db.broadcast.claim({ token, now, leaseUntil, limit: limit - notices.length, chatFreeBy }) : [];
    return { token, notices, deliveries, expired, skipped };
  });
}

const ended = (record: Recorder, outcome: NoticeOutcome, count: number) => void (count > 0 && record({ type: "notices_ended", outcome, count }));

/**
 * Records one notice's outcome while `token` holds it. `sent` ends it; `retry` counts a try and
 * puts it back until rules.noticeMaxAttempts; `failed` and `skipped` end it unsent.
 */
export function settleNotice(deps: Pick<Deps, "store" | "clock" | "events">, n: Pick<ClaimedNotice, "id" | "attempts">, token: string, outcome: "sent" | "retry" | "failed" | "skipped", error: string | null = null) {
  const attempts = n.attempts + 1;
  const status = outcome === "retry" ? (attempts >= rules.noticeMaxAttempts ? "failed" : "pending") : outcome;
  const now = deps.clock();
  return emitting(deps, function* (db, record) {
    const settled = yield* db.notices.settle(n.id, token, status === "sent" ? { status, attempts, sentAt: now } : { status, attempts, lastError: error });
    if (settled && status !== "pending") ended(record, status, 1);
    return settled;
  });
}

/**
 * Records as sent, in one transaction, the notices of a grant that went out under `token`. The
 * sender hands in the wall clock: the time sent is Telegram's.
 */
export function settleNoticesSent(deps: Pick<Deps, "store" | "clock" | "events">, sent: Pick<ClaimedNotice, "id" | "attempts">[], token: string): Promise<void> {
  if (sent.length === 0) return Promise.resolve();
  const sentAt = deps.clock();
  return emitting(deps, function* (db, record) {
    let settled = 0;
    for (const n of sent) if (yield* db.notices.settle(n.id, token, { status: "sent", attempts: n.attempts + 1, sentAt })) settled++;
    ended(record, "sent", settled);
  });
}

/** Puts back, untried, what `token` still holds of both queues (a 429, an outage, a stop). */
export function releaseSends(deps: Pick<Deps, "store">, token: string): Promise<number> {
  return deps.store.transaction(function* (db) {
    return (yield* db.notices.release(token)) + (yield* db.broadcast.release(token));
  });
}

/** How many notices are in each status: waiting, delivered, and dropped (expired, skipped, failed). */
export function noticeCounts(deps: Pick<Deps, "store">) {
  return deps.store.read((db) => db.notices.counts());
}
