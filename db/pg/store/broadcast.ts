// The broadcast statements on PostgreSQL, where flushes from several servers and from cron run
// side by side: a claim locks its rows with FOR UPDATE SKIP LOCKED, so two claims never wait on
// each other or take the same row, and the pace row is taken with one conditional upsert, which
// PostgreSQL re-checks against the committed row when two flushes ask at once.
import { and, desc, eq, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { broadcastDeliveries, broadcastPace, broadcasts } from "@/db/pg/schema/index.ts";
import type { AudienceGroup, BroadcastStatements, ClaimedDelivery } from "@/domain/statements/broadcast.ts";
import { awaiting, type Op } from "@/domain/store.ts";
import { chatFreeBy } from "./chat-sends.ts";
import type { PgRunner } from "./runner.ts";

const held = (id: number, token: string) =>
  and(eq(broadcastDeliveries.id, id), eq(broadcastDeliveries.claimToken, token), eq(broadcastDeliveries.status, "sending"));
const heldAmong = (ids: number[], token: string) =>
  and(inArray(broadcastDeliveries.id, ids), eq(broadcastDeliveries.claimToken, token), eq(broadcastDeliveries.status, "sending"));

type Raw = Omit<ClaimedDelivery, "id" | "tgId"> & { id: string; tgId: string };

/** The row count of an INSERT or UPDATE run through execute (Bun's client reports it as `count`). */
const countOf = (result: unknown) => (result as { count: number }).count;

export function broadcastStatements(db: PgRunner): BroadcastStatements {
  /** Leases up to `limit` of the rows `which` picks, in id order, with where each goes. */
  function* lease(which: SQL, limit: number, { token, now, leaseUntil, chatFreeBy: free }: { token: string; now: Date; leaseUntil: Date; chatFreeBy: Date }): Op<ClaimedDelivery[]> {
    if (limit <= 0) return [];
    const rows = yield* awaiting(
      db.execute(sql`
        with claimed as (
          update broadcast_deliveries set status = 'sending', claim_token = ${token}, claimed_at = ${now}, lease_until = ${leaseUntil}
          where id in (select id from broadcast_deliveries d where ${which} and ${chatFreeBy(sql`d.user_id`, free)} order by id limit ${limit} for update skip locked)
          returning id, broadcast_id, user_id, attempts)
        select c.id, c.broadcast_id as "broadcastId", c.user_id as "userId", u.tg_id as "tgId", b.message, b.texts, u.language, u.tg_language as "tgLanguage", c.attempts
        from claimed c join users u on u.id = c.user_id join broadcasts b on b.id = c.broadcast_id
        order by c.id`),
    );
    // execute() bypasses the schema's int8-as-number columns: ids and Telegram ids come as text.
    return (rows as unknown as Raw[]).map((r) => ({ ...r, id: Number(r.id), tgId: Number(r.tgId) }));
  }

  return {
    *insert(values) {
      return (yield* awaiting(db.insert(broadcasts).values(values).returning()))[0]!;
    },
    *queueToEveryone(broadcastId) {
      return countOf(
        yield* awaiting(
          db.execute(sql`
            insert into broadcast_deliveries (broadcast_id, user_id, status, attempts)
            select ${broadcastId}, id, 'pending', 0 from users where is_active and not is_banned`),
        ),
      );
    },
    *audience() {
      const groups = yield* awaiting(
        db.execute(sql`
          select language, tg_language as "tgLanguage", count(*)::int as users from users
          where is_active and not is_banned group by language, tg_language`),
      );
      return groups as unknown as AudienceGroup[];
    },
    *setTotal(broadcastId, total) {
      yield* awaiting(db.update(broadcasts).set({ total }).where(eq(broadcasts.id, broadcastId)));
    },
    *get(broadcastId) {
      return (yield* awaiting(db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId))))[0];
    },
    *list(limit, before) {
      return yield* awaiting(db.select().from(broadcasts).where(before ? lt(broadcasts.id, before) : undefined).orderBy(desc(broadcasts.id)).limit(limit));
    },
    *queued() {
      const [row] = yield* awaiting(
        db.select({ n: sql<number>`coalesce(sum(${broadcasts.total} - ${broadcasts.sent} - ${broadcasts.failed}), 0)::int8` }).from(broadcasts),
      );
      return Number(row!.n);
    },
    *takeTurn(now, next) {
      const taken = yield* awaiting(
        db
          .insert(broadcastPace)
          .values({ nextBatchAt: next })
          .onConflictDoUpdate({ target: broadcastPace.id, set: { nextBatchAt: next }, setWhere: lte(broadcastPace.nextBatchAt, now) })
          .returning(),
      );
      return taken.length > 0;
    },
    *nextTurn() {
      return (yield* awaiting(db.select().from(broadcastPace)))[0]?.nextBatchAt;
    },
    *giveTurnBack(now) {
      yield* awaiting(db.update(broadcastPace).set({ nextBatchAt: now }));
    },
    *claim(claim) {
      // Two statements, as FOR UPDATE cannot lock through a UNION: first the deliveries of flushes
      // whose lease ran out, then pending ones, each a short run of its partial index.
      const expired = yield* lease(sql`status = 'sending' and lease_until < ${claim.now}`, claim.limit, claim);
      const pending = yield* lease(sql`status = 'pending'`, claim.limit - expired.length, claim);
      return [...expired, ...pending].sort((a, b) => a.id - b.id);
    },
    *held(id, token) {
      const [row] = yield* awaiting(
        db.select({ broadcastId: broadcastDeliveries.broadcastId, attempts: broadcastDeliveries.attempts }).from(broadcastDeliveries).where(held(id, token)),
      );
      return row;
    },
    *heldOf(ids, token) {
      if (ids.length === 0) return [];
      const rows = yield* awaiting(db.select({ id: broadcastDeliveries.id }).from(broadcastDeliveries).where(heldAmong(ids, token)));
      return rows.map((r) => r.id);
    },
    *settleSent(ids, token, at) {
      if (ids.length === 0) return [];
      return yield* awaiting(
        db
          .update(broadcastDeliveries)
          .set({ status: "sent", attempts: sql`${broadcastDeliveries.attempts} + 1`, sentAt: at, leaseUntil: null })
          .where(heldAmong(ids, token))
          .returning({ id: broadcastDeliveries.id, broadcastId: broadcastDeliveries.broadcastId }),
      );
    },
    *settle(id, token, set) {
      const done = yield* awaiting(db.update(broadcastDeliveries).set({ ...set, leaseUntil: null }).where(held(id, token)).returning({ id: broadcastDeliveries.id }));
      return done.length === 1;
    },
    *count(broadcastId, outcome, by = 1) {
      yield* awaiting(db.update(broadcasts).set({ [outcome]: sql`${broadcasts[outcome]} + ${by}` }).where(eq(broadcasts.id, broadcastId)));
    },
    *failUnfinished(broadcastId, reason) {
      // Two equalities rather than IN, so each matches one of the partial indexes of what is left
      // to send (pending, sending) and the statement reads only those, not every delivery ever.
      return countOf(
        yield* awaiting(
          db.execute(sql`
            update broadcast_deliveries set status = 'failed', last_error = ${reason}, lease_until = null
            where broadcast_id = ${broadcastId} and (status = 'pending' or status = 'sending')`),
        ),
      );
    },
    *stop(broadcastId, at, reason) {
      const stopped = yield* awaiting(
        db
          .update(broadcasts)
          .set({ stoppedAt: at, stopReason: reason })
          .where(and(eq(broadcasts.id, broadcastId), isNull(broadcasts.stoppedAt)))
          .returning({ id: broadcasts.id }),
      );
      return stopped.length === 1;
    },
    *sentAfterStop(id, token, at) {
      const [row] = yield* awaiting(
        db
          .update(broadcastDeliveries)
          .set({ status: "sent", sentAt: at, lastError: null })
          .where(and(eq(broadcastDeliveries.id, id), eq(broadcastDeliveries.claimToken, token), eq(broadcastDeliveries.status, "failed")))
          .returning({ broadcastId: broadcastDeliveries.broadcastId }),
      );
      return row?.broadcastId;
    },
    *release(token) {
      const released = yield* awaiting(
        db
          .update(broadcastDeliveries)
          .set({ status: "pending", claimToken: null, claimedAt: null, leaseUntil: null })
          .where(and(eq(broadcastDeliveries.claimToken, token), eq(broadcastDeliveries.status, "sending")))
          .returning({ id: broadcastDeliveries.id }),
      );
      return released.length;
    },
  };
}
