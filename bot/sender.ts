// Sends what waits in the database at the fleet's rate: notices about money always, and with a
// send rate set (broadcastRate) broadcast deliveries too, notices first in every grant. Every
// instance runs one; they share the rate through the bucket in the database (domain/send-rate.ts)
// and never the same row, through the claims' leases.
//
// One turn: claim up to a grant's worth (a tenth of a second of sends), reserve that many slots in
// the bucket and, in the same transaction, each chat's next second (chat_sends: no chat gets two
// messages within a second, whichever instances send them), and start each send at its slot
// without waiting for the one before, so a Bot API that answers in 40 ms still sees the full
// rate. The next turn claims while those sends are in flight. A 429 stops the grant, moves the
// fleet's bucket past Telegram's retry_after, and puts the unsent rest back untried once the
// sends in flight have settled (never before: a row put back while its message is on the way
// could be sent twice). An outage does the same with a growing wait of this instance's own.
import { GrammyError, type Api } from "grammy";
import { deliveryText, heldDeliveries, settleDeliveriesSent, settleDelivery } from "@/domain/broadcast.ts";
import { stopForRefusedText } from "@/domain/broadcast-stop.ts";
import type { Deps } from "@/domain/context.ts";
import { pickLanguage } from "@/domain/i18n/languages.ts";
import { claimSends, noticeOf, releaseSends, settleNotice, settleNoticesSent, type ClaimedNotice } from "@/domain/notices.ts";
import type { ClaimedDelivery } from "@/domain/statements/broadcast.ts";
import { effectiveRate, fleetPaused, freeRateLimit, giveChatsBack, grantSize, pauseSends, reserveSends, type Reservation } from "@/domain/send-rate.ts";
import { setReachable } from "@/domain/users.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import { createBackoff, telegramBackoff, type BackoffOptions } from "./backoff.ts";
import { classifyTelegramError, describeTelegramError } from "./telegram-errors.ts";
import { texts } from "./texts.ts";

type SenderDeps = Pick<Deps, "store" | "clock" | "events" | "settings"> & { config: Pick<Deps["config"], "broadcast"> };

export type SenderOptions = {
  log?: Log;
  /**
   * How long a claim is this instance's before another may take its rows over. A grant holds its
   * rows while it waits for its slots (at most a quarter of this), sends (one Bot API call, which
   * must take at most half of this) and settles: the server gives 2 × (TELEGRAM_TIMEOUT + 5 s).
   */
  leaseMs: number;
  /** How soon an idle sender looks again for something to send. */
  idleMs?: number;
  backoff?: BackoffOptions;
};

/** How long before a grant's last slot the next turn claims and reserves (a claim and a reservation take a few ms each). */
const lookAheadMs = 50;

/**
 * How late a send may still go at its slot. The rate's 3 % of room (slotShare in send-rate.ts) is
 * some 30 ms of each of Telegram's seconds, whatever the rate: a third of it for a send that
 * leaves late, the rest for the way there, where a loaded machine or network adds its own delay.
 */
const catchUpMs = 10;

type Item = { notice: ClaimedNotice; delivery?: undefined } | { delivery: ClaimedDelivery; notice?: undefined };

const chatOf = (item: Item) => item.notice?.tgId ?? item.delivery!.tgId;

export type SendCounts = { sent: number; blocked: number; failed: number; retried: number; expired: number; skipped: number; rateLimited: number };

export function startSender(deps: SenderDeps, api: Api, { log = silentLog, leaseMs, idleMs = 250, backoff = telegramBackoff }: SenderOptions) {
  const stopping = new AbortController();
  const outage = createBackoff(backoff);
  const counts: SendCounts = { sent: 0, blocked: 0, failed: 0, retried: 0, expired: 0, skipped: 0, rateLimited: 0 };
  // Until when this instance sends nothing: Telegram's retry_after or an outage's backoff.
  let pausedUntil = 0;
  const grants = new Set<Promise<void>>();
  // The bucket counts wall time, whatever clock the rules are handed: its slots are Telegram's seconds.
  const wall = { store: deps.store, clock: () => new Date() };

  const sleep = (ms: number) =>
    ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          stopping.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
        });

  /** The rate this turn sends at, and whether broadcasts are this sender's (else the pace's flush). */
  const mode = () => {
    const rate = effectiveRate(deps.settings.current().broadcastRate, deps.config.broadcast.paid);
    return rate > 0 ? { rate, broadcasts: true } : { rate: freeRateLimit, broadcasts: false };
  };

  /**
   * Sends one item, whose chat the grant took; answers "sent" (settled with its grant), "done"
   * (settled here: refused for a reason of the user's or the text's), or "stop" when the grant
   * must end (429, outage, stopping). Its chat goes in `reached` when Telegram took the message.
   */
  async function sendOne(item: Item, token: string, reached: Set<number>): Promise<"sent" | "done" | "stop"> {
    if (stopping.signal.aborted || Date.now() < pausedUntil) return "stop";
    try {
      if (item.notice) {
        const n = item.notice;
        // With paid broadcasts on, a notice sent among them at up to 1 000/s is paid for too (0.1 Star).
        await api.sendMessage(n.tgId, texts.notice(noticeOf(n), pickLanguage(n.language, n.tgLanguage)), { link_preview_options: { is_disabled: true }, ...(deps.config.broadcast.paid && { allow_paid_broadcast: true }) });
      } else {
        const d = item.delivery;
        await api.sendMessage(d.tgId, deliveryText(d), { parse_mode: "Markdown", ...(deps.config.broadcast.paid && { allow_paid_broadcast: true }) });
      }
      reached.add(chatOf(item));
      counts.sent++;
      outage.reset();
      return "sent";
    } catch (error) {
      return failed(item, token, error);
    }
  }

  async function failed(item: Item, token: string, error: unknown): Promise<"done" | "stop"> {
    const message = describeTelegramError(error);
    const tgId = chatOf(item);
    switch (classifyTelegramError(error)) {
      case "rate_limited": {
        const seconds = error instanceof GrammyError ? (error.parameters.retry_after ?? 1) : 1;
        const until = Date.now() + seconds * 1000;
        pausedUntil = Math.max(pausedUntil, until);
        counts.rateLimited++;
        // Every instance meets the pause at its next reservation.
        await pauseSends(wall, new Date(until)).catch((e: Error) => log.error({ err: e }, "could not pause the fleet's sends"));
        log.warn({ retryAfterSeconds: seconds }, "Telegram asked to wait (429): the fleet's sends pause");
        return "stop";
      }
      case "unavailable": {
        const wait = outage.next();
        pausedUntil = Math.max(pausedUntil, Date.now() + wait);
        log.warn({ error: message, retryInSeconds: Math.ceil(wait / 1000) }, "sending stopped: the Bot API is unreachable");
        return "stop";
      }
      case "user": {
        const blocked = error instanceof GrammyError && error.error_code === 403;
        if (blocked) await setReachable(deps, tgId, false);
        counts[blocked ? "blocked" : "failed"]++;
        if (item.notice) await settleNotice(deps, item.notice, token, blocked ? "skipped" : "failed", message);
        else await settleDelivery(deps, item.delivery.id, token, { ok: false, error: message, retry: false });
        return "done";
      }
      case "text":
        counts.failed++;
        if (item.notice) await settleNotice(deps, item.notice, token, "failed", message);
        else await stopForRefusedText(deps, item.delivery, token, error instanceof GrammyError ? error.description : message);
        return "done";
      case "request":
        counts.retried++;
        if (item.notice) await settleNotice(deps, item.notice, token, "retry", message);
        else await settleDelivery(deps, item.delivery.id, token, { ok: false, error: message, retry: true });
        return "done";
    }
  }

  /**
   * Sends a grant's items at their slots, and settles those that went out in one transaction once
   * every send has answered; the unsent rest goes back after that, never before. A delivery whose
   * broadcast was cancelled since the claim is left out (one read for the grant).
   */
  async function sendGrant(claimed: Item[], token: string, reservation: Reservation) {
    const { startsAt, slotMs, taken } = reservation;
    const deliveryIds = claimed.flatMap((i) => (i.delivery ? [i.delivery.id] : []));
    const held = deliveryIds.length > 0 ? await heldDeliveries(deps, deliveryIds, token) : new Set<number>();
    const live = claimed.filter((i) => !i.delivery || held.has(i.delivery.id));
    // One message per chat the reservation took, the first the claim gave (notices come first). A
    // chat not free, or a second message to one chat, goes back untried for a later grant, its slot
    // unused rather than held (a held row would outlive its lease).
    const free = new Set(taken);
    const items = live.filter((i) => free.delete(chatOf(i)));
    const sends: Promise<void>[] = [];
    const reached = new Set<number>();
    const sentNotices: ClaimedNotice[] = [];
    const sentDeliveries: number[] = [];
    const slots = claimed.length;
    // Asked before the wait for the first slot, so the read never makes that slot late.
    let stop = await fleetPaused(wall, slots * slotMs);
    await sleep(startsAt - Date.now());
    // A slot missed by more than catchUpMs (the process stalled) stays missed: catching up further
    // would crowd more messages into one of Telegram's seconds than the rate's 3 % of room holds,
    // and a second over the rate costs the whole fleet a retry_after. What no slot is left for
    // goes back untried.
    let leftOver = items.length < live.length;
    let slot = 0;
    const slotAt = (n: number) => startsAt + n * slotMs;
    for (let i = 0; i < items.length && !stop; ) {
      while (slot < slots && Date.now() - slotAt(slot) > catchUpMs) slot++;
      if (slot >= slots) {
        leftOver = true;
        break;
      }
      // Looked at again after the wait: a timer that fired late (the process stalled meanwhile)
      // must not send on a slot it has missed, or that message and the next grant's first would
      // reach Telegram together.
      const wait = slotAt(slot) - Date.now();
      if (wait > 0) {
        await sleep(wait);
        continue;
      }
      slot++;
      if (stop || stopping.signal.aborted || Date.now() < pausedUntil) {
        stop = true;
        break;
      }
      const item = items[i++]!;
      sends.push(
        sendOne(item, token, reached)
          .catch((error: Error) => {
            log.error({ err: error }, "a send could not be recorded");
            return "stop" as const;
          })
          .then((answer) => {
            if (answer === "stop") stop = true;
            else if (answer === "sent" && item.notice) sentNotices.push(item.notice);
            else if (answer === "sent") sentDeliveries.push(item.delivery!.id);
          }),
      );
    }
    await Promise.all(sends);
    await settleNoticesSent({ ...wall, events: deps.events }, sentNotices, token);
    await settleDeliveriesSent(deps, sentDeliveries, token);
    // The seconds of chats no message reached (refused, failed, or never tried: the grant stopped,
    // or the broadcast was cancelled) go back before the rows do, so a notice put back finds its
    // chat free at its next claim rather than behind the broadcast's next messages to other
    // chats. A timeout whose message Telegram took all the same frees its chat early: that
    // message goes again anyway (the at-least-once case), and a second early at worst.
    await giveChatsBack(wall, [...taken].filter((chat) => !reached.has(chat)), reservation);
    if (stop || leftOver) await releaseSends(deps, token);
  }

  async function turn(): Promise<number> {
    const wait = pausedUntil - Date.now();
    if (wait > 0) return wait;
    const { rate, broadcasts } = mode();
    const claim = await claimSends(deps, { limit: grantSize(rate), leaseMs, broadcasts, chatFreeBy: new Date() });
    if (claim.expired > 0) log.warn({ expired: claim.expired }, "notices older than 24 h dropped: never sent late");
    counts.expired += claim.expired;
    counts.skipped += claim.skipped;
    const items: Item[] = [...claim.notices.map((notice) => ({ notice })), ...claim.deliveries.map((delivery) => ({ delivery }))];
    if (items.length === 0) return idleMs;
    // Slots further off than this (the fleet paused): the rows go back rather than outlive their
    // lease here, and the reservation takes no chat for them.
    const farOffMs = leaseMs / 4;
    const reservation = await reserveSends(wall, items.map(chatOf), rate, { lateMs: catchUpMs, takeWithinMs: farOffMs });
    const { startsAt, slotMs } = reservation;
    if (startsAt - Date.now() > farOffMs) {
      await releaseSends(deps, claim.token);
      return startsAt - Date.now() - leaseMs / 8;
    }
    const grant = sendGrant(items, claim.token, reservation)
      .catch((error: Error) => log.error({ err: error }, "a grant of sends failed"))
      .finally(() => grants.delete(grant));
    grants.add(grant);
    // The next turn claims and reserves while this grant is still sending, early enough that its
    // slots follow on from these without a gap.
    return startsAt + (items.length - 1) * slotMs - Date.now() - lookAheadMs;
  }

  const running = (async () => {
    while (!stopping.signal.aborted) {
      let next: number;
      try {
        next = await turn();
      } catch (error) {
        log.error({ err: error }, "sending failed");
        next = idleMs * 4;
      }
      await sleep(next);
    }
  })();

  return {
    counts,
    async stop() {
      stopping.abort();
      await running;
      await Promise.all(grants);
    },
  };
}

export type Sender = ReturnType<typeof startSender>;
