// The ledger invariant, checked over a whole database: for every user the cached balance equals
// credits minus debits and is not negative, and the held balance equals the bonuses held for them;
// no withdrawal was refunded twice or both paid and refunded. Used by `refbot db check`, `refbot db
// copy-to-postgres` and the property tests.
//
// The rule is written once, here; each engine's ledger statements read the sums it compares
// (balanceTotals, withdrawalEntries), and each engine runs the program its own way
// (db/sqlite/store/ledger.ts, db/pg/store/ledger.ts: checkLedger, checkLedgerPg).
import type { BalanceTotals, WithdrawalEntries } from "./statements/ledger.ts";
import type { Op, Statements } from "./store.ts";

export type LedgerProblem = { kind: string; id: number; detail: string };
/** `balanceTotal`: every user's balance added up, in micro-USDT, as exact decimal digits (it may pass 2^53). */
export type LedgerCheck = { users: number; balanceTotal: string; problems: LedgerProblem[] };

/**
 * The check as a program over the ledger's statements. Each rule reads one statement, so each sees
 * one snapshot; no transaction is needed. The figures are compared as bigints, so a sum past 2^53
 * cannot round into agreeing with a balance.
 */
export function* ledgerCheck(db: Pick<Statements, "ledger">): Op<LedgerCheck> {
  const balances = yield* db.ledger.balanceTotals();
  const withdrawals = yield* db.ledger.withdrawalEntries();
  return findLedgerProblems(balances, withdrawals);
}

/** What counts as a problem, whichever engine the rows came from. */
function findLedgerProblems(balances: readonly BalanceTotals[], withdrawals: readonly WithdrawalEntries[]): LedgerCheck {
  const problems: LedgerProblem[] = [];
  let balanceTotal = 0n;
  for (const row of balances) {
    const id = Number(row.id);
    const balance = BigInt(row.balance);
    balanceTotal += balance;
    const ledger = BigInt(row.ledger);
    if (balance !== ledger) problems.push({ kind: "balance_mismatch", id, detail: `balance ${balance} but ledger sums to ${ledger} (micro-USDT)` });
    if (balance < 0n) problems.push({ kind: "negative_balance", id, detail: `balance ${balance}` });
    const heldBalance = BigInt(row.heldBalance);
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
  return { users: balances.length, balanceTotal: String(balanceTotal), problems };
}
