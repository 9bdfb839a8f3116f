// Referral statements on SQLite; the qualification's run on every completion of a qualifying
// user, so they are plain SQL compiled once.
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { Db } from "@/db/sqlite/client.ts";
import { desc, eq } from "@/db/ops.ts";
import { referrals, users } from "@/db/sqlite/schema/index.ts";
import { milestoneHadSql } from "@/db/referral-milestone.ts";
import { recentReferralColumns } from "@/db/selections.ts";
import type { ReferralStatements } from "@/domain/statements/referrals.ts";

/** Of a select from referrals joined to the users they brought, a referrer's newest `limit`: the user's own list and the risk review read them alike. */
export const newestReferred = <Q extends SQLiteSelect>(query: Q, referrerId: number, limit: number) =>
  query.where(eq(referrals.referrerId, referrerId)).orderBy(desc(referrals.referredId)).limit(limit);

const milestoneHad = milestoneHadSql("?1");

export function referralStatements(db: Db): ReferralStatements {
  const conn = db.$client;
  return {
    *markQualified(referredId, at) {
      return conn
        .query<{ referrerId: number }, [number, number]>("update referrals set qualified_at = ? where referred_id = ? and qualified_at is null returning referrer_id as referrerId")
        .get(at.getTime(), referredId)?.referrerId;
    },
    *countQualified(referrerId) {
      return conn
        .query<{ id: number; tgId: number; qualifiedReferrals: number }, [number]>(
          "update users set qualified_referrals = qualified_referrals + 1 where id = ? returning id, tg_id as tgId, qualified_referrals as qualifiedReferrals",
        )
        .get(referrerId)!;
    },
    *milestoneHad(referrerId) {
      return conn.query<{ had: number }, [number]>(milestoneHad).get(referrerId)!.had === 1;
    },
    *addReferralEarnings(userId, amount) {
      conn.query("update users set referral_earned = referral_earned + ? where id = ?").run(amount, userId);
    },
    *recent(referrerId, limit) {
      const query = db.select(recentReferralColumns(users, referrals)).from(referrals).innerJoin(users, eq(users.id, referrals.referredId));
      return newestReferred(query.$dynamic(), referrerId, limit).all();
    },
  };
}
