// The fleet's send rate: one bucket in the database, in the GCRA form. The bucket is a single
// moment (broadcast_pace.sends_at), the "theoretical arrival time" of the next message: a sender
// reserves N slots of 1/rate s each with one atomic update that moves it to max(it, now) + N/rate
// and answers where its slots start, then sends slot by slot. Two instances reserving at once are
// serialised by the row, so their slots never overlap, and whatever the number of instances the
// fleet sends at most one message per slot, i.e. the rate. Grants are small (a tenth of a second
// of sends), so no second holds more than the rate plus the one message a grant may straddle. A
// 429 moves the moment to now + retry_after, which every instance meets at its next reservation.
import type { Deps } from "./context.ts";

/** Telegram's free limit for a bot's messages to different chats, and the paid broadcasts' cap. */
export const freeRateLimit = 30;
export const paidRateLimit = 1000;

/**
 * The rate the fleet sends at, messages per second: the operator's setting capped by what
 * Telegram allows (30/s free, 1 000/s with BROADCAST_PAID); 0 when the batch pace is in use.
 */
export function effectiveRate(rate: number, paid: boolean): number {
  return Math.min(rate, paid ? paidRateLimit : freeRateLimit);
}

/** How many slots one reservation takes: a tenth of a second's worth, at least one. */
export const grantSize = (rate: number) => Math.max(1, Math.round(rate / 10));

/** Reserves `count` slots at `rate`; answers when the first starts and how far apart they are. */
export async function reserveSends(deps: Pick<Deps, "store" | "clock">, count: number, rate: number): Promise<{ startsAt: number; slotMs: number }> {
  const slotMs = 1000 / rate;
  const startsAt = await deps.store.transaction((db) => db.sendRate.reserve(deps.clock(), count, slotMs));
  return { startsAt: startsAt.getTime(), slotMs };
}

/** Telegram asked to wait: no instance sends before `until`. */
export function pauseSends(deps: Pick<Deps, "store">, until: Date): Promise<void> {
  return deps.store.transaction((db) => db.sendRate.pause(until));
}

/** How long sending `pending` messages takes at `rate` per second. */
export const secondsAt = (pending: number, rate: number) => Math.ceil(pending / rate);
