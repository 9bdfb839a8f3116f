// The ledger invariant, checked over a whole database: for every user the cached balance equals
// credits minus debits and is not negative; no withdrawal was refunded twice or both paid and
// refunded. Used by `refbot db check` and by the property tests.
import { sql } from "@/db/ops.ts";
import type { Db } from "@/db/client.ts";

export type LedgerProblem = { kind: string; id: number; detail: string };

export function checkLedger(db: Db): { users: number; problems: LedgerProblem[] } {
  const problems: LedgerProblem[] = [];
  const balances = db.all<{ id: number; balance: number; ledger: number }>(sql`
    select u.id, u.balance,
      coalesce((select sum(case when l.type = 'credit' then l.amount else -l.amount end) from ledger l where l.user_id = u.id), 0) as ledger
    from users u`);
  for (const b of balances) {
    if (b.balance !== b.ledger) problems.push({ kind: "balance_mismatch", id: b.id, detail: `balance ${b.balance} but ledger sums to ${b.ledger} (micro-USDT)` });
    if (b.balance < 0) problems.push({ kind: "negative_balance", id: b.id, detail: `balance ${b.balance}` });
  }
  const refunds = db.all<{ id: number; status: string; refunds: number; debits: number }>(sql`
    select w.id, w.status,
      (select count(*) from ledger l where l.reason = 'withdrawal_refund' and l.ref_id = w.id) as refunds,
      (select count(*) from ledger l where l.reason = 'withdrawal' and l.ref_id = w.id) as debits
    from withdrawals w`);
  for (const w of refunds) {
    if (w.debits !== 1) problems.push({ kind: "withdrawal_debit", id: w.id, detail: `${w.debits} debits for one request` });
    const expected = w.status === "rejected" ? 1 : 0;
    if (w.refunds !== expected) problems.push({ kind: "withdrawal_refund", id: w.id, detail: `${w.status} with ${w.refunds} refunds` });
  }
  return { users: balances.length, problems };
}
