// Referral statements on PostgreSQL.
import { desc, eq, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { referrals, users } from "@/db/pg/schema/index.ts";
import { milestoneHadSql } from "@/db/referral-milestone.ts";
import { recentReferralColumns } from "@/db/selections.ts";
import type { ReferralStatements } from "@/domain/statements/referrals.ts";
import { awaiting } from "@/domain/store.ts";
import { clientOf, type PgRunner } from "./runner.ts";

/** Of a select from referrals joined to the users they brought, a referrer's newest `limit`: the user's own list and the risk review read them alike. */
export const newestReferred = <Q extends PgSelect>(query: Q, referrerId: number, limit: number) =>
  query.where(eq(referrals.referrerId, referrerId)).orderBy(desc(referrals.referredId)).limit(limit);

const milestoneHad = milestoneHadSql("$1");

export function referralStatements(db: PgRunner): ReferralStatements {
  return {
    // Plain SQL (runner.ts): asked by every completion of a user who qualifies.
    *markQualified(referredId, at) {
      const [marked] = yield* awaiting(
        clientOf(db)`update referrals set qualified_at = ${at} where referred_id = ${referredId} and qualified_at is null returning referrer_id`,
      );
      return marked?.referrer_id;
    },
    *countQualified(referrerId) {
      const [referrer] = yield* awaiting(
        db
          .update(users)
          .set({ qualifiedReferrals: sql`${users.qualifiedReferrals} + 1` })
          .where(eq(users.id, referrerId))
          .returning({ id: users.id, tgId: users.tgId, qualifiedReferrals: users.qualifiedReferrals }),
      );
      return referrer!;
    },
    *milestoneHad(referrerId) {
      const [row] = yield* awaiting(clientOf(db).unsafe(milestoneHad, [referrerId]));
      return row.had as boolean;
    },
    *addReferralEarnings(userId, amount) {
      yield* awaiting(db.update(users).set({ referralEarned: sql`${users.referralEarned} + ${amount}` }).where(eq(users.id, userId)));
    },
    *recent(referrerId, limit) {
      const query = db.select(recentReferralColumns(users, referrals)).from(referrals).innerJoin(users, eq(users.id, referrals.referredId));
      return yield* awaiting(newestReferred(query.$dynamic(), referrerId, limit));
    },
  };
}
