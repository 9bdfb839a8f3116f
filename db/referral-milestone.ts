// Whether a referrer has had the referral milestone (domain/referrals.ts), the same question on
// both engines, which name its one parameter differently: a row of it in the ledger (paid, later
// reversed or not) or among the holds (whatever became of the hold). Each side is a probe of a
// partial index (db/indexes.ts: milestoneIndex).
export const milestoneHadSql = (referrer: string) => `select exists (select 1 from ledger where user_id = ${referrer} and reason = 'referral_milestone')
  or exists (select 1 from referral_holds where referrer_id = ${referrer} and reason = 'referral_milestone') as had`;
