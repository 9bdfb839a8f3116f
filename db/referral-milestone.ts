// Whether a referrer has had the referral milestone (domain/referrals.ts): a row of it in the
// ledger (paid, later reversed or not) or among the holds (whatever became of the hold). The
// question is asked inside the completion that brings a referrer's count to the target, so each
// table keeps an index of that one reason's rows by referrer, and the query and the indexes share
// their condition here: a probe, not a walk through all a busy referrer was ever paid or held.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { IndexOf } from "./indexes.ts";

const reason = "referral_milestone";

/** The partial index of the milestone's rows in the ledger or the holds, on either engine. */
export const milestoneIndex = <C extends SQLWrapper, B extends { where(condition: SQL): B }>(name: string, t: Record<"referrer" | "reason", C>, index: IndexOf<C, B>): B =>
  index(name).on(t.referrer).where(sql`${t.reason} = ${sql.raw(`'${reason}'`)}`);

/** The question in plain SQL, its one parameter named as the engine names it. */
export const milestoneHadSql = (referrer: string) => `select exists (select 1 from ledger where user_id = ${referrer} and reason = '${reason}')
  or exists (select 1 from referral_holds where referrer_id = ${referrer} and reason = '${reason}') as had`;
