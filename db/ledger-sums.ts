// The ledger check's two questions (domain/ledger-check.ts), in plain SQL that both engines read
// alike: each user's balance beside its ledger's sum and its held bonuses, and each withdrawal
// beside its debit and refund rows. Each engine's ledger statements send them as they are; on
// PostgreSQL the sum of int8 is numeric and comes back exactly, as text.
export const balanceTotalsSql = `select u.id, u.balance, u.held_balance as "heldBalance",
    coalesce((select sum(case when l.type = 'credit' then l.amount else -l.amount end) from ledger l where l.user_id = u.id), 0) as ledger,
    coalesce((select sum(h.amount) from referral_holds h where h.referrer_id = u.id and h.status = 'held'), 0) as held
  from users u`;

export const withdrawalEntriesSql = `select w.id, w.status,
    (select count(*) from ledger l where l.reason = 'withdrawal' and l.ref_id = w.id) as debits,
    (select count(*) from ledger l where l.reason = 'withdrawal_refund' and l.ref_id = w.id) as refunds
  from withdrawals w`;
