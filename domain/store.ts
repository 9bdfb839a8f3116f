// The boundary between the rules and the engines. A rule that reads or writes is written once, as
// a generator over the statements it needs; each engine supplies those statements (db/store/ for
// SQLite, db/pg/store/ for PostgreSQL) and runs the generator in its own way:
//
// - SQLite's statements are synchronous, so a program never yields and runs to its end inside one
//   synchronous IMMEDIATE transaction: nothing else can run on the connection in between, which
//   an `await` inside the transaction would allow (another request's reads would see uncommitted
//   rows, and its writes would join the transaction).
// - PostgreSQL's statements are network round trips: each yields its promise, and the runner
//   awaits it and hands the rows back, or throws the error into the program where it stands.
//
// So a rule reads the same on both: `const wallet = yield* tx.withdrawals.walletOf(userId)`.
import type { LedgerEntry, LedgerReason, Withdrawal, WithdrawalStatus } from "@/db/schema/index.ts";
import type { AuditEntry } from "./audit.ts";

/** One or more statements, giving T. Written `function* () { ... }`, used with `yield*`. */
export type Op<T> = Generator<Promise<unknown>, T, unknown>;

/** An Op over the statements of one transaction. */
export type Program<T> = (tx: Statements) => Op<T>;

export type Store = {
  engine: "sqlite" | "postgres";
  /** Runs `program` as one transaction: all of it or nothing. */
  transaction<T>(program: Program<T>): Promise<T>;
  /** Runs `program` outside a transaction (each statement on its own), for reads. */
  read<T>(program: Program<T>): Promise<T>;
};

/** What the rules need from a database, per area. */
export type Statements = {
  ledger: LedgerStatements;
  audit: AuditStatements;
  withdrawals: WithdrawalStatements;
};

export type BalanceChange = {
  userId: number;
  amount: number;
  /** Also added to the total earned and to today's earnings (`day`, a UTC day). */
  earning: boolean;
  day: string;
  /** Refused when the balance (or, when earning, the total earned) would pass it. */
  limit: number;
};

export type LedgerRow = { userId: number; type: LedgerEntry["type"]; reason: LedgerReason; amount: number; refId: number | null; note: string | null; at: Date };

export type LedgerStatements = {
  /** Adds to the cached balance unless that passes the limit; false when refused or no such user. */
  addToBalance(change: BalanceChange): Op<boolean>;
  /** Takes from the cached balance only if it covers the amount; false otherwise. */
  takeFromBalance(userId: number, amount: number): Op<boolean>;
  /** Appends a ledger row and answers its id. */
  insertEntry(row: LedgerRow): Op<number>;
  userExists(userId: number): Op<boolean>;
};

export type AuditStatements = {
  insert(entry: AuditEntry): Op<void>;
};

/** A withdrawal with the requester's Telegram id and username, as lists and answers show it. */
export type WithdrawalRow = Pick<Withdrawal, "id" | "userId" | "amount" | "address" | "status" | "txHash" | "failReason" | "createdAt" | "processedAt"> & {
  tgId: number;
  username: string | null;
};

export type WithdrawalFilter = { status?: WithdrawalStatus; userId?: number; limit: number; before?: number };

export type WithdrawalStatements = {
  walletOf(userId: number): Op<string | null | undefined>;
  /** The new request, or null when the user already has one open (a unique index decides). */
  insertOpen(values: { userId: number; amount: number; address: string; createdAt: Date }): Op<Withdrawal | null>;
  /**
   * Moves a request from `from` to `set.status` only if it is still in `from`: the row as moved,
   * undefined when it was not in `from` (or does not exist), or "tx hash used" when the unique
   * index on the transaction hash refused `set.txHash`.
   */
  move(id: number, from: WithdrawalStatus, set: Partial<Withdrawal> & { status: WithdrawalStatus }): Op<Withdrawal | undefined | "tx hash used">;
  statusOf(id: number): Op<WithdrawalStatus | undefined>;
  /** The withdrawal a transaction hash (lower case) paid, if any. */
  paidWith(hash: string): Op<number | undefined>;
  find(id: number): Op<WithdrawalRow | undefined>;
  list(filter: WithdrawalFilter): Op<WithdrawalRow[]>;
  countByStatus(status: WithdrawalStatus): Op<number>;
};

/** Runs a program whose statements never wait (SQLite's), to its end, now. */
export function runNow<T>(op: Op<T>): T {
  const step = op.next();
  if (!step.done) throw new Error("a statement waited where the engine runs synchronously");
  return step.value;
}

/** Runs a program whose statements wait (PostgreSQL's): each yielded promise is awaited in turn. */
export async function runAwaiting<T>(op: Op<T>): Promise<T> {
  let step = op.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = await step.value;
    } catch (error) {
      // Thrown where the statement stands, so the rule's own try/catch sees it.
      step = op.throw(error);
      continue;
    }
    step = op.next(answer);
  }
  return step.value;
}

/** A statement that waits, as an Op: what PostgreSQL's statements are made of. */
export function* awaiting<T>(promise: PromiseLike<T>): Op<T> {
  return (yield Promise.resolve(promise)) as T;
}
