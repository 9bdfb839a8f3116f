// The notice queue and the fleet's send rate on SQLite. Every program runs in one IMMEDIATE
// transaction holding the write lock, so claims from several processes take turns.
import type { Db } from "@/db/sqlite/client.ts";
import { and, eq, sql } from "@/db/ops.ts";
import { broadcastPace, notices } from "@/db/sqlite/schema/index.ts";
import { changedRows } from "@/db/sqlite/transaction.ts";
import { chatFreeBy } from "./chat-sends.ts";
import type { NoticeStatus } from "@/domain/model/index.ts";
import type { ClaimedNotice, NoticeStatements, SendRateStatements } from "@/domain/statements/notices.ts";

const held = (id: number, token: string) => and(eq(notices.id, id), eq(notices.claimToken, token), eq(notices.status, "sending"));

/** Pending, or held under a lease that ran out before `now` (its sender died). */
const waiting = (now: Date) => sql`(status = 'pending' or (status = 'sending' and lease_until < ${now.getTime()}))`;

export function noticeStatements(db: Db): NoticeStatements {
  return {
    *insert({ tgId, kind, payload, createdAt }) {
      const inserted = db.run(sql`
        insert into notices (user_id, kind, payload, status, attempts, created_at)
        select id, ${kind}, ${JSON.stringify(payload)}, 'pending', 0, ${createdAt.getTime()} from users where tg_id = ${tgId}`);
      return changedRows(inserted) === 1;
    },
    *expire(cutoff, now) {
      return changedRows(
        db.run(sql`update notices set status = 'expired', claim_token = null, lease_until = null where ${waiting(now)} and created_at < ${cutoff.getTime()}`),
      );
    },
    *skipUnreachable(now) {
      return changedRows(
        db.run(sql`
          update notices set status = 'skipped', claim_token = null, lease_until = null, last_error = 'the user blocked the bot'
          where ${waiting(now)} and user_id in (select id from users where is_active = 0)`),
      );
    },
    *claim({ token, now, leaseUntil, limit, chatFreeBy: free }) {
      if (limit <= 0) return [];
      db.run(sql`
        update notices set status = 'sending', claim_token = ${token}, lease_until = ${leaseUntil.getTime()}
        where id in (
          select id from notices n where ${waiting(now)}
            and not exists (
              select 1 from notices o where o.user_id = n.user_id and o.id <> n.id
                and ((o.id < n.id and o.status in ('pending', 'sending')) or (o.status = 'sending' and o.lease_until >= ${now.getTime()})))
            and ${chatFreeBy(sql`n.user_id`, free)}
            order by id limit ${limit})`);
      const rows = db.all<Omit<ClaimedNotice, "payload" | "createdAt"> & { payload: string; createdAt: number }>(sql`
        select n.id, n.kind, n.payload, n.attempts, n.created_at as createdAt, u.tg_id as tgId, u.language, u.tg_language as tgLanguage
        from notices n join users u on u.id = n.user_id
        where n.claim_token = ${token} and n.status = 'sending' order by n.id`);
      return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown>, createdAt: new Date(r.createdAt) }));
    },
    *settle(id, token, set) {
      return changedRows(db.update(notices).set({ ...set, leaseUntil: null }).where(held(id, token)).run()) === 1;
    },
    *release(token) {
      return changedRows(db.update(notices).set({ status: "pending", claimToken: null, leaseUntil: null }).where(and(eq(notices.claimToken, token), eq(notices.status, "sending"))).run());
    },
    *counts() {
      const rows = db.all<{ status: NoticeStatus; n: number }>(sql`select status, count(*) as n from notices group by status`);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
  };
}

export function sendRateStatements(db: Db): SendRateStatements {
  return {
    *reserve(now, count, slotMs) {
      const at = now.getTime();
      const row = db
        .insert(broadcastPace)
        .values({ nextBatchAt: new Date(0), sendsAt: new Date(at + count * slotMs) })
        .onConflictDoUpdate({ target: broadcastPace.id, set: { sendsAt: sql`max(coalesce(${broadcastPace.sendsAt}, 0), ${at}) + ${count * slotMs}` } })
        .returning({ sendsAt: broadcastPace.sendsAt })
        .get()!;
      return new Date(row.sendsAt!.getTime() - count * slotMs);
    },
    *next() {
      return db.select({ sendsAt: broadcastPace.sendsAt }).from(broadcastPace).get()?.sendsAt ?? undefined;
    },
    *pause(until) {
      db.insert(broadcastPace)
        .values({ nextBatchAt: new Date(0), sendsAt: until })
        .onConflictDoUpdate({ target: broadcastPace.id, set: { sendsAt: sql`max(coalesce(${broadcastPace.sendsAt}, 0), ${until.getTime()})` } })
        .run();
    },
  };
}
