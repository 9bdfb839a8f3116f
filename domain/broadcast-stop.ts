// Stopping a broadcast before its end, for good: an admin cancels it, or Telegram refuses its
// text, which it would refuse to every user alike. Either way the deliveries not yet sent fail
// with the reason and the broadcast records when and why, in one transaction, so a flush holding
// some of them settles none of them again and sends none after it checks (whyNotSend).
import type { Deps } from "./context.ts";
import { broadcastProgress, type ClaimedDelivery } from "./broadcast.ts";
import { AppError } from "./errors.ts";
import { emitting, type Recorder } from "./events.ts";
import type { Statements } from "./store.ts";

/**
 * Fails what is left of a broadcast with `reason` and records the stop; answers how many
 * deliveries it failed, or null when the broadcast had been stopped already (by a cancel, or a
 * flush meeting the same refusal), which then changed nothing.
 */
function* stopping(db: Statements, record: Recorder, broadcastId: number, reason: string, at: Date) {
  // The deliveries first, then the broadcast, in the order settling one takes its rows: a stop
  // running beside a settle waits for it instead of deadlocking with it.
  const failed = yield* db.broadcast.failUnfinished(broadcastId, reason);
  if (failed > 0) yield* db.broadcast.count(broadcastId, "failed", failed);
  if (!(yield* db.broadcast.stop(broadcastId, at, reason))) return null;
  record({ type: "broadcast_stopped", broadcastId, reason, skipped: failed });
  return failed;
}

/** Why a stopped broadcast stopped, as the history, the CLI and its failed deliveries say it. */
export const stopReasons = {
  cancelled: (email: string) => `cancelled by ${email}`,
  refused: (error: string) => `Telegram refused the text: ${error}`,
};

/**
 * Telegram refused the text of the delivery `token` holds, which it would do for every other
 * delivery of that text: the delivery fails with Telegram's answer, and so does the rest of its
 * broadcast, which stops. A text per language is not told apart: the whole broadcast stops, and
 * the admin queues it again with the text corrected. Answers how many other deliveries failed,
 * or null when the flush no longer held the delivery (the broadcast was cancelled meanwhile).
 */
export function stopForRefusedText(deps: Pick<Deps, "store" | "clock" | "events">, delivery: Pick<ClaimedDelivery, "id" | "broadcastId">, token: string, error: string): Promise<number | null> {
  const at = deps.clock();
  return emitting(deps, function* (db, record) {
    const held = yield* db.broadcast.held(delivery.id, token);
    if (!held || !(yield* db.broadcast.settle(delivery.id, token, { status: "failed", attempts: held.attempts + 1, lastError: error, claimToken: null }))) return null;
    yield* db.broadcast.count(delivery.broadcastId, "failed");
    record({ type: "broadcast_delivery", broadcastId: delivery.broadcastId, deliveryId: delivery.id, outcome: "failed", error });
    return (yield* stopping(db, record, delivery.broadcastId, stopReasons.refused(error), at)) ?? 0;
  });
}

/**
 * Cancels a broadcast that still has deliveries to send: they fail with the reason, and a flush
 * sending one of them at that moment sends no more of its broadcast. 404 for no such broadcast;
 * 409 INVALID_STATE when it has already finished or stopped.
 */
export async function cancelBroadcast(deps: Pick<Deps, "store" | "clock" | "settings" | "events">, admin: { id: number; email: string }, broadcastId: number) {
  const at = deps.clock();
  const reason = stopReasons.cancelled(admin.email);
  const broadcast = await emitting(deps, function* (db, record) {
    const found = yield* db.broadcast.get(broadcastId);
    if (!found) throw new AppError("NOT_FOUND", `No broadcast #${broadcastId}`);
    const alreadyStopped = (b: { stopReason: string | null }) => new AppError("INVALID_STATE", `Broadcast #${broadcastId} has already stopped (${b.stopReason}): nothing is left to cancel`);
    if (found.stoppedAt) throw alreadyStopped(found);
    if (found.total - found.sent - found.failed === 0) throw new AppError("INVALID_STATE", `Broadcast #${broadcastId} has finished: every delivery was sent or failed, nothing is left to cancel`);
    const failed = yield* stopping(db, record, broadcastId, reason, at);
    // Another cancel, or a flush meeting a refused text, stopped it after it was read here.
    if (failed === null) throw alreadyStopped((yield* db.broadcast.get(broadcastId))!);
    yield* db.audit.insert({ adminId: admin.id, action: "broadcast.cancel", targetType: "broadcast", targetId: broadcastId, detail: { failed }, at });
    return (yield* db.broadcast.get(broadcastId))!;
  });
  return broadcastProgress(deps, broadcast);
}

/**
 * Whether the flush holding `token` should still send the delivery, read just before it does: a
 * broadcast cancelled or stopped meanwhile answers its reason, and a lease another flush took
 * over answers that; null means send.
 */
export function whyNotSend(deps: Pick<Deps, "store">, delivery: Pick<ClaimedDelivery, "id" | "broadcastId">, token: string): Promise<{ stopped: boolean; reason: string } | null> {
  return deps.store.read(function* (db) {
    if (yield* db.broadcast.held(delivery.id, token)) return null;
    const broadcast = yield* db.broadcast.get(delivery.broadcastId);
    if (broadcast?.stopReason) return { stopped: true, reason: broadcast.stopReason };
    return { stopped: false, reason: "another flush took it over (this one's lease ran out)" };
  });
}
