// Statements of the referral-farm defences on PostgreSQL; see db/sqlite/store/risk.ts.
import { and, desc, eq, gte, inArray, lt, lte, ne, sql } from "drizzle-orm";
import { referralHoldColumns, referredUserColumns } from "@/db/selections.ts";
import { openWithdrawalStatuses, type RiskStatus } from "@/domain/model/index.ts";
import { clientSightings, ledger, payoutDays, referralHolds, referrals, riskSignals, users, withdrawals } from "@/db/pg/schema/index.ts";
import type { RiskStatements } from "@/domain/statements/risk.ts";
import { awaiting } from "@/domain/store.ts";
import { newestReferred } from "./referrals.ts";
import { clientOf, type PgRunner } from "./runner.ts";

const referrerStatus = sql<RiskStatus | null>`(select r.risk_status from users r where r.id = ${referralHolds.referrerId})`;

const sightClient = "insert into client_sightings (user_id, client, address, user_agent, seen_at) values ($1, $2, $3, $4, $5) on conflict do nothing returning user_id";
const accountsOnClient = "select user_id from client_sightings where client = $1 limit $2";

export function riskStatements(db: PgRunner): RiskStatements {
  const moveHeld = (userId: number, amount: number) =>
    awaiting(db.update(users).set({ heldBalance: sql`${users.heldBalance} + ${amount}` }).where(eq(users.id, userId)));
  return {
    *hold(newHold) {
      yield* awaiting(db.insert(referralHolds).values(newHold));
      yield* moveHeld(newHold.referrerId, newHold.amount);
    },
    *dueHolds(now, limit, skip) {
      return yield* awaiting(
        db
          .select({ ...referralHoldColumns(referralHolds), referredTgId: users.tgId, referredStatus: users.riskStatus, referrerStatus })
          .from(referralHolds)
          .innerJoin(users, eq(users.id, referralHolds.referredId))
          .where(and(eq(referralHolds.status, "held"), lte(referralHolds.releaseAt, now)))
          .orderBy(referralHolds.releaseAt, referralHolds.referredId, referralHolds.reason)
          .limit(limit)
          .offset(skip),
      );
    },
    *settleHold(referredId, reason, to, at) {
      const [hold] = yield* awaiting(
        db
          .update(referralHolds)
          .set({ status: to, settledAt: at })
          .where(and(eq(referralHolds.referredId, referredId), eq(referralHolds.reason, reason), eq(referralHolds.status, "held")))
          .returning(),
      );
      if (hold) yield* moveHeld(hold.referrerId, -hold.amount);
      return hold;
    },
    *holdsFrom(referredId) {
      return yield* awaiting(db.select().from(referralHolds).where(eq(referralHolds.referredId, referredId)));
    },
    *holdsOf(referrerId) {
      return yield* awaiting(db.select().from(referralHolds).where(eq(referralHolds.referrerId, referrerId)).orderBy(desc(referralHolds.createdAt)).limit(500));
    },

    *saveSignal({ at, ...signal }) {
      yield* awaiting(
        db
          .insert(riskSignals)
          .values({ ...signal, createdAt: at, updatedAt: at })
          .onConflictDoUpdate({ target: [riskSignals.userId, riskSignals.name], set: { weight: signal.weight, evidence: signal.evidence, updatedAt: at } }),
      );
    },
    *signalsOf(userId) {
      return yield* awaiting(db.select().from(riskSignals).where(eq(riskSignals.userId, userId)).orderBy(desc(riskSignals.weight)));
    },
    *rescore(userId, flagAt) {
      const score = sql`(select coalesce(sum(weight), 0)::int from risk_signals where user_id = ${userId})`;
      const [row] = yield* awaiting(
        db
          .update(users)
          .set({
            riskScore: score,
            riskStatus: sql`case when ${users.riskStatus} is null and ${flagAt}::int > 0 and ${score} >= ${flagAt}::int then 'flagged' else ${users.riskStatus} end`,
          })
          .where(eq(users.id, userId))
          .returning({ score: users.riskScore, status: users.riskStatus }),
      );
      return row!;
    },
    *setStatus(userId, from, to) {
      const current = from === null ? sql`${users.riskStatus} is null` : eq(users.riskStatus, from);
      const rows = yield* awaiting(db.update(users).set({ riskStatus: to }).where(and(eq(users.id, userId), current)).returning({ id: users.id }));
      return rows.length > 0;
    },
    *list(filter) {
      return yield* awaiting(
        db
          .select()
          .from(users)
          .where(and(eq(users.riskStatus, filter.status), filter.before ? lt(users.id, filter.before) : undefined))
          .orderBy(desc(users.id))
          .limit(filter.limit),
      );
    },

    // Plain SQL: both run on the first request of every session while the defences are on.
    *sight(sighting) {
      const rows = yield* awaiting(clientOf(db).unsafe(sightClient, [sighting.userId, sighting.client, sighting.address, sighting.userAgent, sighting.seenAt]).values());
      return rows.length > 0;
    },
    *accountsOn(client, limit) {
      const rows: [number][] = yield* awaiting(clientOf(db).unsafe(accountsOnClient, [client, limit]).values());
      return rows.map(([id]) => id);
    },
    *clientsOf(userId) {
      return yield* awaiting(db.select().from(clientSightings).where(eq(clientSightings.userId, userId)).orderBy(desc(clientSightings.seenAt)).limit(50));
    },

    // Plain SQL (runner.ts). A completion reads the same with its figures (referralPending).
    *referrerOf(userId) {
      const [row] = yield* awaiting(clientOf(db)`select referrer_id, qualified_at from referrals where referred_id = ${userId}`);
      return row && { referrerId: row.referrer_id, qualifiedAt: row.qualified_at };
    },
    *referralsSince(referrerId, since, cap) {
      const latest = db
        .select({ createdAt: referrals.createdAt })
        .from(referrals)
        .where(eq(referrals.referrerId, referrerId))
        .orderBy(desc(referrals.referredId))
        .limit(cap)
        .as("latest");
      const [row] = yield* awaiting(db.select({ n: sql<number>`count(*)::int` }).from(latest).where(gte(latest.createdAt, since)));
      return row!.n;
    },
    *referred(referrerId, limit) {
      const query = db.select({ ...referredUserColumns(users), joinedAt: referrals.createdAt, qualifiedAt: referrals.qualifiedAt }).from(referrals).innerJoin(users, eq(users.id, referrals.referredId));
      return yield* awaiting(newestReferred(query.$dynamic(), referrerId, limit));
    },
    *lastQualifiedAt(referrerId) {
      const [row] = yield* awaiting(db.select({ at: sql<Date | null>`max(${referrals.qualifiedAt})`.mapWith(referrals.qualifiedAt) }).from(referrals).where(eq(referrals.referrerId, referrerId)));
      return row?.at ?? null;
    },
    *unreversedBonus(referrerId, referredId) {
      const [row] = yield* awaiting(
        db
          .select({ n: sql<number>`coalesce(sum(case when ${ledger.reason} = 'referral_reversal' then -${ledger.amount} else ${ledger.amount} end), 0)::int8`.mapWith(Number) })
          .from(ledger)
          .where(and(eq(ledger.userId, referrerId), eq(ledger.refId, referredId), inArray(ledger.reason, ["referral_bonus", "referral_milestone", "referral_reversal"]))),
      );
      return row!.n;
    },

    *addPayout(day, amount, limit) {
      const rows = yield* awaiting(
        db.execute(sql`
          insert into payout_days (day, total) select ${day}, ${amount}::int8 where ${limit}::int8 = 0 or ${amount}::int8 <= ${limit}::int8
          on conflict (day) do update set total = payout_days.total + excluded.total
            where ${limit}::int8 = 0 or payout_days.total + excluded.total <= ${limit}::int8
          returning total`),
      );
      return (rows as unknown[]).length > 0;
    },
    *subtractPayout(day, amount) {
      yield* awaiting(db.update(payoutDays).set({ total: sql`greatest(${payoutDays.total} - ${amount}, 0)` }).where(eq(payoutDays.day, day)));
    },
    *requestedSince(userId, since) {
      const [row] = yield* awaiting(
        db
          .select({ n: sql<number>`coalesce(sum(${withdrawals.amount}), 0)::int8`.mapWith(Number) })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, since), ne(withdrawals.status, "rejected"))),
      );
      return row!.n;
    },
    *openWithdrawal(userId) {
      const [row] = yield* awaiting(
        db.select().from(withdrawals).where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, openWithdrawalStatuses))),
      );
      return row;
    },
  };
}


