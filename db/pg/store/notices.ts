// The notice queue and the fleet's send rate on PostgreSQL: claims lock their rows with FOR UPDATE
// SKIP LOCKED, as broadcast claims do, and the bucket is one row updated in place, which
// PostgreSQL serialises between instances reserving at once.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { broadcastPace, notices } from "@/db/pg/schema/index.ts";
import type { NoticeStatus } from "@/domain/model/index.ts";
import type { ClaimedNotice, NoticeStatements, SendRateStatements } from "@/domain/statements/notices.ts";
import { awaiting } from "@/domain/store.ts";
import { chatFreeBy } from "./chat-sends.ts";
import type { PgRunner } from "./runner.ts";

const held = (id: number, token: string) => and(eq(notices.id, id), eq(notices.claimToken, token), eq(notices.status, "sending"));

/** Pending, or held under a lease that ran out before `now` (its sender died). */
const waiting = (now: Date): SQL => sql`(status = 'pending' or (status = 'sending' and lease_until < ${now}))`;

const countOf = (result: unknown) => (result as { count: number }).count;

type Raw = Omit<ClaimedNotice, "tgId" | "createdAt"> & { tgId: string; createdAt: string | Date };

export function noticeStatements(db: PgRunner): NoticeStatements {
  return {
    *insert({ tgId, kind, payload, createdAt }) {
      const inserted = yield* awaiting(
        db.execute(sql`
          insert into notices (user_id, kind, payload, status, attempts, created_at)
          select id, ${kind}, ${JSON.stringify(payload)}::jsonb, 'pending', 0, ${createdAt} from users where tg_id = ${tgId}`),
      );
      return countOf(inserted) === 1;
    },
    *expire(cutoff, now) {
      return countOf(
        yield* awaiting(db.execute(sql`update notices set status = 'expired', claim_token = null, lease_until = null where ${waiting(now)} and created_at < ${cutoff}`)),
      );
    },
    *skipUnreachable(now) {
      return countOf(
        yield* awaiting(
          db.execute(sql`
            update notices set status = 'skipped', claim_token = null, lease_until = null, last_error = 'the user blocked the bot'
            where ${waiting(now)} and user_id in (select id from users where not is_active)`),
        ),
      );
    },
    *claim({ token, now, leaseUntil, limit, chatFreeBy: free }) {
      if (limit <= 0) return [];
      // A notice whose user has an older one waiting or one in flight is skipped, never waited
      // for: if a concurrent claim holds the older one, this snapshot still sees it waiting.
      const rows = yield* awaiting(
        db.execute(sql`
          with claimed as (
            update notices set status = 'sending', claim_token = ${token}, lease_until = ${leaseUntil}
            where id in (
              select id from notices n where ${waiting(now)}
                and not exists (
                  select 1 from notices o where o.user_id = n.user_id and o.id <> n.id
                    and ((o.id < n.id and o.status in ('pending', 'sending')) or (o.status = 'sending' and o.lease_until >= ${now})))
                and ${chatFreeBy(sql`n.user_id`, free)}
                order by id limit ${limit} for update skip locked)
            returning id, user_id, kind, payload, attempts, created_at)
          select c.id, c.kind, c.payload, c.attempts, c.created_at as "createdAt", u.tg_id as "tgId", u.language, u.tg_language as "tgLanguage"
          from claimed c join users u on u.id = c.user_id order by c.id`),
      );
      return (rows as unknown as Raw[]).map((r) => ({
        ...r,
        payload: typeof r.payload === "string" ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
        tgId: Number(r.tgId),
        createdAt: new Date(r.createdAt),
      }));
    },
    *settle(id, token, set) {
      const rows = yield* awaiting(db.update(notices).set({ ...set, leaseUntil: null }).where(held(id, token)).returning({ id: notices.id }));
      return rows.length === 1;
    },
    *release(token) {
      const rows = yield* awaiting(
        db.update(notices).set({ status: "pending", claimToken: null, leaseUntil: null }).where(and(eq(notices.claimToken, token), eq(notices.status, "sending"))).returning({ id: notices.id }),
      );
      return rows.length;
    },
    *counts() {
      const rows = (yield* awaiting(db.execute(sql`select status, count(*)::int as n from notices group by status`))) as unknown as { status: NoticeStatus; n: number }[];
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}

export function sendRateStatements(db: PgRunner): SendRateStatements {
  return {
    *reserve(now, count, slotMs) {
      const span = `${count * slotMs} milliseconds`;
      const rows = yield* awaiting(
        db
          .insert(broadcastPace)
          .values({ nextBatchAt: new Date(0), sendsAt: new Date(now.getTime() + count * slotMs) })
          .onConflictDoUpdate({ target: broadcastPace.id, set: { sendsAt: sql`greatest(${broadcastPace.sendsAt}, ${now}::timestamptz) + ${span}::interval` } })
          .returning({ sendsAt: broadcastPace.sendsAt }),
      );
      return new Date(rows[0]!.sendsAt!.getTime() - count * slotMs);
    },
    *next() {
      const [row] = yield* awaiting(db.select({ sendsAt: broadcastPace.sendsAt }).from(broadcastPace));
      return row?.sendsAt ?? undefined;
    },
    *pause(until) {
      yield* awaiting(
        db
          .insert(broadcastPace)
          .values({ nextBatchAt: new Date(0), sendsAt: until })
          .onConflictDoUpdate({ target: broadcastPace.id, set: { sendsAt: sql`greatest(${broadcastPace.sendsAt}, ${until}::timestamptz)` } }),
      );
    },
  };
}
