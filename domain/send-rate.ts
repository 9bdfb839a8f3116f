// The fleet's send rate: one bucket in the database, in the GCRA form. The bucket is a single
// moment (broadcast_pace.sends_at), the "theoretical arrival time" of the next message: a sender
// reserves N slots of 1/rate s each with one atomic update that moves it to max(it, now) + N/rate
// and answers where its slots start, then sends slot by slot. Two instances reserving at once are
// serialised by the row, so their slots never overlap, and whatever the number of instances the
// fleet sends at most one message per slot, i.e. the rate. Grants are small (a tenth of a second
// of sends), so no second holds more than the rate plus the one message a grant may straddle. A
// 429 moves the moment to now + retry_after, which every instance meets at its next reservation.
// The same transaction takes each chat's next second (chat_sends), so no chat gets two messages
// within a second either, whichever instances send them.
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

/**
 * The share of the rate the slots are cut for. Messages reach Telegram with some jitter (a slow
 * answer, a busy event loop), so slots exactly 1/rate apart put rate + 1 messages in some second
 * at Telegram's end and earn a 429 that idles the fleet for a whole retry_after; 3 % of room
 * keeps the jitter inside the limit.
 */
export const slotShare = 0.97;

/** How many slots one reservation takes: a tenth of a second's worth, at least one. */
export const grantSize = (rate: number) => Math.max(1, Math.round(rate / 10));

/** The least time between two messages to one chat: Telegram takes about one a second to a chat. */
export const perChatMs = 1000;

/**
 * Chats distinct and in ascending order, as chat_sends' statements take them: PostgreSQL refuses a
 * row updated twice by one statement, and two senders taking chats they share lock them in the same order.
 */
const inLockOrder = (chats: number[]) => [...new Set(chats)].sort((a, b) => a - b);

/** Chats taken from `startsAt`, found free by then, until `takenUntil`. */
export type ChatTaken = { startsAt: number; takenUntil: number };

/** A grant's slots, when the first starts and how far apart they are, and the chats it took. */
export type Reservation = ChatTaken & { slotMs: number; taken: Set<number> };

/**
 * Reserves a slot at `rate` for each message of `chats` (a chat's Telegram id per message) and, in
 * the same transaction, takes each chat's next second with one statement (chat_sends): a chat
 * free by the first slot is taken until a second after the last one, plus `lateMs` (how late a
 * send may still leave at its slot). A chat not free is left out of `taken`, and so is a chat's
 * second message in one grant: the sender sends at most one message per chat taken and puts the
 * rest back for a later grant. Every sender of the fleet takes chats here, for notices and
 * broadcasts alike, so no chat gets two messages within a second, whichever instances send them.
 * Slots further off than `takeWithinMs` (the fleet is paused) take no chat: the sender puts those
 * messages back rather than hold them.
 */
export async function reserveSends(
  deps: Pick<Deps, "store" | "clock">,
  chats: number[],
  rate: number,
  { lateMs, takeWithinMs }: { lateMs: number; takeWithinMs: number },
): Promise<Reservation> {
  const slotMs = 1000 / (rate * slotShare);
  const now = deps.clock();
  const distinct = inLockOrder(chats);
  const untilFor = (startsAt: number) => startsAt + (chats.length - 1) * slotMs + lateMs + perChatMs;
  const { startsAt, taken } = await deps.store.transaction(function* (db) {
    const startsAt = yield* db.sendRate.reserve(now, chats.length, slotMs);
    if (startsAt.getTime() - now.getTime() > takeWithinMs) return { startsAt, taken: [] };
    return { startsAt, taken: yield* db.chatSends.take(distinct, startsAt, new Date(untilFor(startsAt.getTime()))) };
  });
  return { startsAt: startsAt.getTime(), slotMs, taken: new Set(taken), takenUntil: untilFor(startsAt.getTime()) };
}

/**
 * Gives back the seconds a reservation took for `chats` it sent nothing to (the send failed, or
 * the grant stopped before it): their next message, perhaps a notice put back with the grant,
 * may go in the next grant. A chat is free again from the reservation's first slot,
 * which the take found it free by; one another take has had since is left alone.
 */
export async function giveChatsBack(deps: Pick<Deps, "store">, chats: number[], { startsAt, takenUntil }: ChatTaken): Promise<void> {
  if (chats.length === 0) return;
  await deps.store.transaction((db) => db.chatSends.giveBack(inLockOrder(chats), new Date(startsAt), new Date(takenUntil)));
}

/** How soon after its take a message sent one at a time leaves: at once, with nothing in between. */
const takenAheadMs = 10;

/**
 * Takes one chat's next second for a message that leaves at once (the batch pace's flush sends one
 * at a time), as reserveSends does for a grant; null when the chat is not free, its message then
 * going back queued.
 */
export async function takeChat(deps: Pick<Deps, "store" | "clock">, tgId: number): Promise<ChatTaken | null> {
  const now = deps.clock().getTime();
  const until = now + takenAheadMs + perChatMs;
  const taken = await deps.store.transaction((db) => db.chatSends.take([tgId], new Date(now), new Date(until)));
  return taken.length === 1 ? { startsAt: now, takenUntil: until } : null;
}

/** Telegram asked to wait: no instance sends before `until`. */
export function pauseSends(deps: Pick<Deps, "store">, until: Date): Promise<void> {
  return deps.store.transaction((db) => db.sendRate.pause(until));
}

/**
 * Whether the fleet was paused since a grant was reserved: its next free slot is further off
 * than reservations alone put it (a grant or two of this size), i.e. a 429 moved it. A grant
 * asks once before its first send, so an instance that did not get the 429 stops within a grant.
 */
export async function fleetPaused(deps: Pick<Deps, "store" | "clock">, grantMs: number): Promise<boolean> {
  const next = await deps.store.read((db) => db.sendRate.next());
  return next !== undefined && next.getTime() - deps.clock().getTime() > Math.max(1000, 3 * grantMs);
}

/** How long sending `pending` messages takes at `rate` per second. */
export const secondsAt = (pending: number, rate: number) => Math.ceil(pending / rate);

/** The broadcast side of the configuration a pace needs; without it, no paid broadcasts. */
export type PaceDeps = Pick<Deps, "settings"> & { config?: { broadcast: Pick<Deps["config"]["broadcast"], "paid"> } };

/**
 * How fast broadcasts go out now: at the fleet's rate when one is set, else the batch pace
 * (batch every interval; with no interval, only when a flush is asked for, so no time can be told).
 */
export function currentPace(deps: PaceDeps): { byRate: boolean; messagesPerSecond: number; secondsFor: (messages: number) => number } {
  const s = deps.settings.current();
  const rate = effectiveRate(s.broadcastRate, deps.config?.broadcast.paid ?? false);
  if (rate > 0) return { byRate: true, messagesPerSecond: rate, secondsFor: (n) => secondsAt(n, rate) };
  return {
    byRate: false,
    messagesPerSecond: s.broadcastInterval > 0 ? s.broadcastBatch / s.broadcastInterval : 0,
    secondsFor: (n) => Math.ceil(n / s.broadcastBatch) * s.broadcastInterval,
  };
}

/** A span of time as the panel and the CLI say it before a broadcast: "40 s", "55 min", "3 h 20 min", "12 days 4 h". */
export function spokenDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} days ${hours % 24} h` : `${Math.floor(hours / 24)} days`;
}

/** How long sending to the whole audience takes at the server's current pace (broadcastAudience's figures). */
export function sendingTime(audience: { total: number; etaSeconds: number; messagesPerSecond: number; byRate: boolean }): string {
  if (audience.total === 0) return "nothing to send";
  if (audience.messagesPerSecond === 0) return "as flushes are asked for (no interval set)";
  const pace = audience.byRate ? `${audience.messagesPerSecond} messages/s` : `the batch pace, ${(audience.messagesPerSecond * 60).toFixed(1)} messages/min`;
  return `about ${spokenDuration(audience.etaSeconds)} at ${pace}`;
}
