// The ledger invariant, checked over a whole database: for every user the cached balance equals
// credits minus debits and is not negative, and the held balance equals the bonuses held for them; no withdrawal was refunded twice or both paid and
// refunded. Used by `refbot db check`, `refbot db copy-to-postgres` and the property tests.
//
// The rule is written once (findLedgerProblems); each engine only runs the same two statements
// and hands over their rows. The engines are imported as types only, so loading this module
// opens no database driver.
import { sql } from "@/db/ops.ts";
import type { Db } from "@/db/client.ts";
import type { PgDb } from "@/db/pg/client.ts";

export type LedgerProblem = { kind: string; id: number; detail: string };
export type LedgerCheck = { users: number; problems: LedgerProblem[] };

/**
 * An integer as a driver hands it back: SQLite gives numbers; PostgreSQL gives sums (numeric)
 * and counts (int8) as strings, or bigints when asked. The rule compares them as bigints, which
 * is exact for all three, so a sum past 2^53 cannot round into agreeing with a balance.
 */
type Integer = number | bigint | string;
type BalanceRow = { id: Integer; balance: Integer; ledger: Integer; held_balance: Integer; held: Integer };
type WithdrawalRow = { id: Integer; status: string; refunds: Integer; debits: Integer };

// Plain SQL both engines read alike; PostgreSQL's sum of int8 is numeric, read back exactly.
const balancesQuery = sql`
  select u.id, u.balance, u.held_balance,
    coalesce((select sum(case when l.type = 'credit' then l.amount else -l.amount end) from ledger l where l.user_id = u.id), 0) as ledger,
    coalesce((select sum(h.amount) from referral_holds h where h.referrer_id = u.id and h.status = 'held'), 0) as held
  from users u`;
const withdrawalsQuery = sql`
  select w.id, w.status,
    (select count(*) from ledger l where l.reason = 'withdrawal_refund' and l.ref_id = w.id) as refunds,
    (select count(*) from ledger l where l.reason = 'withdrawal' and l.ref_id = w.id) as debits
  from withdrawals w`;

/** What counts as a problem, whichever engine the rows came from. */
function findLedgerProblems(balances: readonly BalanceRow[], withdrawals: readonly WithdrawalRow[]): LedgerCheck {
  const problems: LedgerProblem[] = [];
  for (const row of balances) {
    const id = Number(row.id);
    const balance = BigInt(row.balance);
    const ledger = BigInt(row.ledger);
    if (balance !== ledger) problems.push({ kind: "balance_mismatch", id, detail: `balance ${balance} but ledger sums to ${ledger} (micro-USDT)` });
    if (balance < 0n) problems.push({ kind: "negative_balance", id, detail: `balance ${balance}` });
    const heldBalance = BigInt(row.held_balance);
    const held = BigInt(row.held);
    if (heldBalance !== held) problems.push({ kind: "held_mismatch", id, detail: `held balance ${heldBalance} but held bonuses sum to ${held} (micro-USDT)` });
  }
  for (const row of withdrawals) {
    const id = Number(row.id);
    const debits = BigInt(row.debits);
    const refunds = BigInt(row.refunds);
    if (debits !== 1n) problems.push({ kind: "withdrawal_debit", id, detail: `${debits} debits for one request` });
    const expected = row.status === "rejected" ? 1n : 0n;
    if (refunds !== expected) problems.push({ kind: "withdrawal_refund", id, detail: `${row.status} with ${refunds} refunds` });
  }
  return { users: balances.length, problems };
}

export function checkLedger(db: Db): LedgerCheck {
  return findLedgerProblems(db.all<BalanceRow>(balancesQuery), db.all<WithdrawalRow>(withdrawalsQuery));
}

export async function checkLedgerPg(db: PgDb): Promise<LedgerCheck> {
  // Each rule reads one statement, so each sees one snapshot, as on SQLite; no transaction needed.
  // drizzle's bun-sql driver types every raw row as Record<string, any>, whatever it is asked for.
  const balances = (await db.execute(balancesQuery)) as BalanceRow[];
  const withdrawals = (await db.execute(withdrawalsQuery)) as WithdrawalRow[];
  return findLedgerProblems(balances, withdrawals);
}
