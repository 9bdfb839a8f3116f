// Notices about a user's money, kept in the database until Telegram has them: queued as the
// action that causes them commits, claimed under a lease by whichever instance sends next, ahead
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
import type { ClaimedDelivery } from "./statements/broadcast.ts";
import type { ClaimedNotice } from "./statements/notices.ts";
import type { Notice, Notifier } from "./notifier.ts";
import { rules } from "./rules.ts";

export type { ClaimedNotice } from "./statements/notices.ts";

/** Writes the notice to the queue; false when no user has its Telegram id. */
export function queueNotice(deps: Pick<Deps, "store" | "clock">, notice: Notice): Promise<boolean> {
  const { kind, tgId, ...payload } = notice;
  return deps.store.transaction((db) => db.notices.insert({ tgId, kind, payload, createdAt: deps.clock() }));
}

/** The notice a queued row stands for, as the texts render it. */
export function noticeOf(row: Pick<ClaimedNotice, "kind" | "tgId" | "payload">): Notice {
  return { ...row.payload, kind: row.kind, tgId: row.tgId } as Notice;
}

/** Tries to queue a notice before giving up on it (the database briefly unreachable). */
const queueTries = 3;

/**
 * The Notifier the processes hand the rules: each notice goes to the durable queue the moment the
 * action that caused it has committed; a sender delivers it (bot/sender.ts). The action never
 * waits on it nor fails with it.
 */
export function queuedNotifier(deps: Pick<Deps, "store" | "clock" | "log">, sleep: (ms: number) => Promise<void> = Bun.sleep): Notifier & { idle(): Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  return {
    notify(notice) {
      const queuing = (async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            if (!(await queueNotice(deps, notice))) deps.log?.warn({ tgId: notice.tgId, kind: notice.kind }, "a notice for an unknown user was not queued");
            return;
          } catch (error) {
            if (attempt >= queueTries) {
              deps.log?.error({ tgId: notice.tgId, kind: notice.kind, error: (error as Error).message }, "a notice could not be queued");
              return;
            }
            await sleep(200 * attempt);
          }
        }
      })().finally(() => inFlight.delete(queuing));
      inFlight.add(queuing);
    },
    async idle() {
      await Promise.all(inFlight);
    },
  };
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
 * sender may take before another may take them over.
 */
export function claimSends(deps: Pick<Deps, "store" | "clock">, { limit, leaseMs, broadcasts }: { limit: number; leaseMs: number; broadcasts: boolean }): Promise<SendClaim> {
  const token = randomUUID();
  const now = deps.clock();
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const cutoff = new Date(now.getTime() - rules.noticeMaxAgeMs);
  return deps.store.transaction(function* (db) {
    const expired = yield* db.notices.expire(cutoff, now);
    const skipped = yield* db.notices.skipUnreachable(now);
    const notices = yield* db.notices.claim({ token, now, leaseUntil, limit });
    const deliveries = broadcasts ? yield* db.broadcast.claim({ token, now, leaseUntil, limit: limit - notices.length }) : [];
    return { token, notices, deliveries, expired, skipped };
  });
}

/**
 * Records one notice's outcome while `token` holds it. `sent` ends it; `retry` counts a try and
 * puts it back until rules.noticeMaxAttempts; `failed` and `skipped` end it unsent.
 */
export function settleNotice(deps: Pick<Deps, "store" | "clock">, n: Pick<ClaimedNotice, "id" | "attempts">, token: string, outcome: "sent" | "retry" | "failed" | "skipped", error: string | null = null) {
  const attempts = n.attempts + 1;
  const status = outcome === "retry" ? (attempts >= rules.noticeMaxAttempts ? "failed" : "pending") : outcome;
  const now = deps.clock();
  return deps.store.transaction((db) => db.notices.settle(n.id, token, status === "sent" ? { status, attempts, sentAt: now } : { status, attempts, lastError: error }));
}

/** Records as sent, in one transaction, the notices of a grant that went out under `token`. */
export function settleNoticesSent(deps: Pick<Deps, "store" | "clock">, sent: Pick<ClaimedNotice, "id" | "attempts">[], token: string): Promise<void> {
  if (sent.length === 0) return Promise.resolve();
  const sentAt = deps.clock();
  return deps.store.transaction(function* (db) {
    for (const n of sent) yield* db.notices.settle(n.id, token, { status: "sent", attempts: n.attempts + 1, sentAt });
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
