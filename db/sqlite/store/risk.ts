// Statements of the referral-farm defences on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { and, desc, eq, gte, inArray, lt, lte, ne, sql } from "@/db/ops.ts";
import { referralHoldColumns, referredUserColumns } from "@/db/selections.ts";
import { openWithdrawalStatuses, type RiskStatus } from "@/domain/model/index.ts";
import { clientSightings, ledger, payoutDays, referralHolds, referrals, riskSignals, users, withdrawals } from "@/db/sqlite/schema/index.ts";
import type { RiskStatements } from "@/domain/statements/risk.ts";
import { newestReferred } from "./referrals.ts";

const referrerStatus = sql<RiskStatus | null>`(select r.risk_status from users r where r.id = ${referralHolds.referrerId})`;

const sightClient = "insert into client_sightings (user_id, client, address, user_agent, seen_at) values (?, ?, ?, ?, ?) on conflict do nothing returning user_id";
const accountsOnClient = "select user_id from client_sightings where client = ? limit ?";

export function riskStatements(db: Db): RiskStatements {
  const conn = db.$client;
  const moveHeld = (userId: number, amount: number) => conn.query("update users set held_balance = held_balance + ? where id = ?").run(amount, userId);
  return {
    *hold(h) {
      db.insert(referralHolds).values(h).run();
      moveHeld(h.referrerId, h.amount);
    },
    *dueHolds(now, limit, skip) {
      return db
        .select({
          ...referralHoldColumns(referralHolds),
          referredTgId: users.tgId,
          referredStatus: users.riskStatus,
          referrerStatus,
        })
        .from(referralHolds)
        .innerJoin(users, eq(users.id, referralHolds.referredId))
        .where(and(eq(referralHolds.status, "held"), lte(referralHolds.releaseAt, now)))
        .orderBy(referralHolds.releaseAt, referralHolds.referredId, referralHolds.reason)
        .limit(limit)
        .offset(skip)
        .all();
    },
    *settleHold(referredId, reason, to, at) {
      const hold = db
        .update(referralHolds)
        .set({ status: to, settledAt: at })
        .where(and(eq(referralHolds.referredId, referredId), eq(referralHolds.reason, reason), eq(referralHolds.status, "held")))
        .returning()
        .get();
      if (hold) moveHeld(hold.referrerId, -hold.amount);
      return hold;
    },
    *holdsFrom(referredId) {
      return db.select().from(referralHolds).where(eq(referralHolds.referredId, referredId)).all();
    },
    *holdsOf(referrerId) {
      return db.select().from(referralHolds).where(eq(referralHolds.referrerId, referrerId)).orderBy(desc(referralHolds.createdAt)).limit(500).all();
    },

    *saveSignal({ at, ...signal }) {
      db.insert(riskSignals)
        .values({ ...signal, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: [riskSignals.userId, riskSignals.name], set: { weight: signal.weight, evidence: signal.evidence, updatedAt: at } })
        .run();
    },
    *signalsOf(userId) {
      return db.select().from(riskSignals).where(eq(riskSignals.userId, userId)).orderBy(desc(riskSignals.weight)).all();
    },
    *rescore(userId, flagAt) {
      return conn
        .query<{ score: number; status: "flagged" | "cleared" | "confirmed" | null }, { $id: number; $flagAt: number }>(
          `update users set
             risk_score = (select coalesce(sum(weight), 0) from risk_signals where user_id = $id),
             risk_status = case when risk_status is null and $flagAt > 0
               and (select coalesce(sum(weight), 0) from risk_signals where user_id = $id) >= $flagAt then 'flagged' else risk_status end
           where id = $id returning risk_score as score, risk_status as status`,
        )
        .get({ $id: userId, $flagAt: flagAt })!;
    },
    *setStatus(userId, from, to) {
      const current = from === null ? sql`${users.riskStatus} is null` : eq(users.riskStatus, from);
      return db.update(users).set({ riskStatus: to }).where(and(eq(users.id, userId), current)).returning({ id: users.id }).get() !== undefined;
    },
    *list(f) {
      return db
        .select()
        .from(users)
        .where(and(eq(users.riskStatus, f.status), f.before ? lt(users.id, f.before) : undefined))
        .orderBy(desc(users.id))
        .limit(f.limit)
        .all();
    },

    // Plain SQL: both run on the first request of every session while the defences are on.
    *sight(s) {
      return conn.query(sightClient).get(s.userId, s.client, s.address, s.userAgent, s.seenAt.getTime()) !== null;
    },
    *accountsOn(client, limit) {
      return conn.query(accountsOnClient).values(client, limit).map(([id]) => id as number);
    },
    *clientsOf(userId) {
      return db.select().from(clientSightings).where(eq(clientSightings.userId, userId)).orderBy(desc(clientSightings.seenAt)).limit(50).all();
    },

    *referrerOf(userId) {
      return db.select({ referrerId: referrals.referrerId, qualifiedAt: referrals.qualifiedAt }).from(referrals).where(eq(referrals.referredId, userId)).get();
    },
    *referralsSince(referrerId, since, cap) {
      return conn
        .query<{ n: number }, [number, number, number]>(
          "select count(*) as n from (select created_at from referrals where referrer_id = ? order by referred_id desc limit ?) where created_at >= ?",
        )
        .get(referrerId, cap, since.getTime())!.n;
    },
    *referred(referrerId, limit) {
      const query = db.select({ ...referredUserColumns(users), joinedAt: referrals.createdAt, qualifiedAt: referrals.qualifiedAt }).from(referrals).innerJoin(users, eq(users.id, referrals.referredId));
      return newestReferred(query.$dynamic(), referrerId, limit).all();
    },
    *lastQualifiedAt(referrerId) {
      const row = db.select({ at: sql<number | null>`max(${referrals.qualifiedAt})` }).from(referrals).where(eq(referrals.referrerId, referrerId)).get();
      return row?.at == null ? null : new Date(row.at);
    },
    *unreversedBonus(referrerId, referredId) {
      // Through the referrer's own ledger rows (ledger_user_idx): the ledger has no index on ref_id.
      return db
        .select({
          n: sql<number>`coalesce(sum(case when ${ledger.reason} = 'referral_reversal' then -${ledger.amount} else ${ledger.amount} end), 0)`,
        })
        .from(ledger)
        .where(and(eq(ledger.userId, referrerId), eq(ledger.refId, referredId), inArray(ledger.reason, ["referral_bonus", "referral_milestone", "referral_reversal"])))
        .get()!.n;
    },

    *addPayout(day, amount, limit) {
      const row = conn
        .query<{ total: number }, { $day: string; $amount: number; $limit: number }>(
          `insert into payout_days (day, total) select $day, $amount where $limit = 0 or $amount <= $limit
           on conflict (day) do update set total = total + excluded.total where $limit = 0 or payout_days.total + excluded.total <= $limit
           returning total`,
        )
        .get({ $day: day, $amount: amount, $limit: limit });
      return row !== null;
    },
    *subtractPayout(day, amount) {
      db.update(payoutDays).set({ total: sql`max(${payoutDays.total} - ${amount}, 0)` }).where(eq(payoutDays.day, day)).run();
    },
    *requestedSince(userId, since) {
      return db
        .select({ n: sql<number>`coalesce(sum(${withdrawals.amount}), 0)` })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, since), ne(withdrawals.status, "rejected")))
        .get()!.n;
    },
    *openWithdrawal(userId) {
      return db.select().from(withdrawals).where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, openWithdrawalStatuses))).get();
    },
  };
}


