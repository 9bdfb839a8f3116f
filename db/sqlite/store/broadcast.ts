// The broadcast statements on SQLite. Every program runs in one IMMEDIATE transaction, which
// holds the database's write lock from its start: claims and turns from several processes on the
// file simply take turns, so nothing here needs to skip or wait for a row.
import type { Db } from "@/db/sqlite/client.ts";
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from "@/db/ops.ts";
import { broadcastDeliveries, broadcastPace, broadcasts } from "@/db/sqlite/schema/index.ts";
import { changedRows } from "@/db/sqlite/transaction.ts";
import { chatFreeBy } from "./chat-sends.ts";
import type { AudienceGroup, BroadcastStatements, ClaimedDelivery } from "@/domain/statements/broadcast.ts";

const held = (id: number, token: string) =>
  and(eq(broadcastDeliveries.id, id), eq(broadcastDeliveries.claimToken, token), eq(broadcastDeliveries.status, "sending"));
const heldAmong = (ids: number[], token: string) =>
  and(inArray(broadcastDeliveries.id, ids), eq(broadcastDeliveries.claimToken, token), eq(broadcastDeliveries.status, "sending"));

export function broadcastStatements(db: Db): BroadcastStatements {
  return {
    *insert(values) {
      return db.insert(broadcasts).values(values).returning().get();
    },
    *queueToEveryone(broadcastId) {
      return changedRows(
        db.run(sql`
          insert into broadcast_deliveries (broadcast_id, user_id, status, attempts)
          select ${broadcastId}, id, 'pending', 0 from users where is_active = 1 and is_banned = 0`),
      );
    },
    *audience() {
      return db.all<AudienceGroup>(sql`
        select language, tg_language as tgLanguage, count(*) as users from users
        where is_active = 1 and is_banned = 0 group by language, tg_language`);
    },
    *setTotal(broadcastId, total) {
      db.update(broadcasts).set({ total }).where(eq(broadcasts.id, broadcastId)).run();
    },
    *get(broadcastId) {
      return db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)).get();
    },
    *list(limit, before) {
      return db.select().from(broadcasts).where(before ? lt(broadcasts.id, before) : undefined).orderBy(desc(broadcasts.id)).limit(limit).all();
    },
    *queued() {
      return db.select({ n: sql<number>`coalesce(sum(${broadcasts.total} - ${broadcasts.sent} - ${broadcasts.failed}), 0)` }).from(broadcasts).get()!.n;
    },
    *takeTurn(now, next) {
      const taken = db
        .insert(broadcastPace)
        .values({ nextBatchAt: next })
        .onConflictDoUpdate({ target: broadcastPace.id, set: { nextBatchAt: next }, setWhere: lte(broadcastPace.nextBatchAt, now) })
        .returning()
        .get();
      return taken !== undefined;
    },
    *nextTurn() {
      return db.select().from(broadcastPace).get()?.nextBatchAt;
    },
    *giveTurnBack(now) {
      db.update(broadcastPace).set({ nextBatchAt: now }).run();
    },
    *claim({ token, now, leaseUntil, limit, chatFreeBy: free }) {
      // Two index ranges joined, not one OR: each is a short run of (status, id) entries however
      // many sent rows the table holds.
      const chatFree = chatFreeBy(sql`d.user_id`, free);
      db.run(sql`
        update broadcast_deliveries set status = 'sending', claim_token = ${token}, claimed_at = ${now.getTime()}, lease_until = ${leaseUntil.getTime()}
        where id in (
          select id from broadcast_deliveries d where status = 'pending' and ${chatFree}
          union all
          select id from broadcast_deliveries d where status = 'sending' and lease_until < ${now.getTime()} and ${chatFree}
          order by id limit ${limit})`);
      const claimed = db.all<Omit<ClaimedDelivery, "texts"> & { texts: string | null }>(sql`
        select d.id, d.broadcast_id as broadcastId, d.user_id as userId, u.tg_id as tgId, b.message, b.texts, u.language, u.tg_language as tgLanguage, d.attempts
        from broadcast_deliveries d
        join users u on u.id = d.user_id
        join broadcasts b on b.id = d.broadcast_id
        where d.claim_token = ${token} and d.status = 'sending'
        order by d.id`);
      // Plain SQL bypasses the column's JSON mode: the texts come as their stored JSON text.
      return claimed.map((d) => ({ ...d, texts: d.texts === null ? null : (JSON.parse(d.texts) as Record<string, string>) }));
    },
    *held(id, token) {
      return db.select({ broadcastId: broadcastDeliveries.broadcastId, attempts: broadcastDeliveries.attempts }).from(broadcastDeliveries).where(held(id, token)).get();
    },
    *heldOf(ids, token) {
      if (ids.length === 0) return [];
      return db.select({ id: broadcastDeliveries.id }).from(broadcastDeliveries).where(heldAmong(ids, token)).all().map((r) => r.id);
    },
    *settleSent(ids, token, at) {
      if (ids.length === 0) return [];
      return db
        .update(broadcastDeliveries)
        .set({ status: "sent", attempts: sql`${broadcastDeliveries.attempts} + 1`, sentAt: at, leaseUntil: null })
        .where(heldAmong(ids, token))
        .returning({ id: broadcastDeliveries.id, broadcastId: broadcastDeliveries.broadcastId })
        .all();
    },
    *settle(id, token, set) {
      return changedRows(db.update(broadcastDeliveries).set({ ...set, leaseUntil: null }).where(held(id, token)).run()) === 1;
    },
    *count(broadcastId, outcome, by = 1) {
      const column = broadcasts[outcome];
      db.update(broadcasts).set({ [outcome]: sql`${column} + ${by}` }).where(eq(broadcasts.id, broadcastId)).run();
    },
    *failUnfinished(broadcastId, reason) {
      const unfinished = or(eq(broadcastDeliveries.status, "pending"), eq(broadcastDeliveries.status, "sending"));
      return changedRows(
        db
          .update(broadcastDeliveries)
          .set({ status: "failed", lastError: reason, leaseUntil: null })
          .where(and(eq(broadcastDeliveries.broadcastId, broadcastId), unfinished))
          .run(),
      );
    },
    *stop(broadcastId, at, reason) {
      const stopped = db.update(broadcasts).set({ stoppedAt: at, stopReason: reason }).where(and(eq(broadcasts.id, broadcastId), isNull(broadcasts.stoppedAt))).run();
      return changedRows(stopped) === 1;
    },
    *sentAfterStop(id, token, at) {
      const row = db
        .update(broadcastDeliveries)
        .set({ status: "sent", sentAt: at, lastError: null })
        .where(and(eq(broadcastDeliveries.id, id), eq(broadcastDeliveries.claimToken, token), eq(broadcastDeliveries.status, "failed")))
        .returning({ broadcastId: broadcastDeliveries.broadcastId })
        .get();
      return row?.broadcastId;
    },
    *release(token) {
      return changedRows(
        db
          .update(broadcastDeliveries)
          .set({ status: "pending", claimToken: null, claimedAt: null, leaseUntil: null })
          .where(and(eq(broadcastDeliveries.claimToken, token), eq(broadcastDeliveries.status, "sending")))
          .run(),
      );
    },
  };
}
