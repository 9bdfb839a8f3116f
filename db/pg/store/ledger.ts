// The ledger's statements on PostgreSQL: every write to a balance and the ledger check's sums. Each
// balance change is one conditional UPDATE: under READ COMMITTED a second writer waits for the row
// and evaluates the condition again on the committed balance, so two debits can never both pass on
// one balance. Plain SQL (runner.ts), as every task completion runs them.
import { balanceTotalsSql, withdrawalEntriesSql } from "@/db/ledger-sums.ts";
import { ledgerCheck, type LedgerCheck } from "@/domain/ledger-check.ts";
import type { BalanceTotals, CompletionCredit, LedgerStatements, WithdrawalEntries } from "@/domain/statements/ledger.ts";
import { awaiting, runAwaiting } from "@/domain/store.ts";
import { merged, roundsByKey } from "./merge.ts";
import { clientOf, int8, type PgRunner } from "./runner.ts";
import { completedFigures, completionSets, figuresOf } from "./tasks.ts";

/** What a credit changes on the user's row `u`, given the SQL of its amount and, for earnings, of the day. */
const creditSets = (earning: boolean, v: { amount: string; day?: string }) =>
  earning
    ? `balance = u.balance + ${v.amount}, total_earned = u.total_earned + ${v.amount},
       earned_today = case when u.earned_day = ${v.day} then u.earned_today + ${v.amount} else ${v.amount} end, earned_day = ${v.day}`
    : `balance = u.balance + ${v.amount}`;

/**
 * The credit's conditions on row `u`, given the SQL of the amount, of the limit and of whether a
 * banned user is refused. The ban is read by the update itself: under READ COMMITTED a ban
 * committed while the update waited for the row is what it evaluates.
 */
const creditFits = (earning: boolean, v: { amount: string; limit: string; unlessBanned: string }) =>
  `${earning ? `u.balance + ${v.amount} <= ${v.limit} and u.total_earned + ${v.amount} <= ${v.limit}` : `u.balance + ${v.amount} <= ${v.limit}`}
    and (not ${v.unlessBanned} or not u.is_banned)`;

// An earning's parameters are the user, amount, day, limit and the ban rule; another credit's have no day.
const addEarning = `update users u set ${creditSets(true, { amount: "$2", day: "$3" })} where u.id = $1 and ${creditFits(true, { amount: "$2", limit: "$4", unlessBanned: "$5::bool" })}`;
const addOther = `update users u set ${creditSets(false, { amount: "$2" })} where u.id = $1 and ${creditFits(false, { amount: "$2", limit: "$3", unlessBanned: "$4::bool" })}`;

/**
 * Completions with their credits, one per user, in one statement (merge.ts): the completion rows,
 * then, for the rows inserted, one update of each user's row with its figures and the credit, which
 * fires the rank-count trigger once and leaves one new version of the row instead of two, and the
 * ledger rows, written only for the rows updated and only for a reward (a task without one has no
 * ledger row). The rows are locked first, in id order, so the figures answered as before are
 * exactly those the update started from, and two batches never lock two users in opposite orders.
 * With the lock an update takes (FOR NO KEY UPDATE), not FOR UPDATE, which would wait for the
 * key-share lock that another completion of the same user took inserting its completion row, and
 * deadlock with it.
 */
const completionColumns = [
  ["user_id", "int4"],
  ["task_id", "int4"],
  ["c_day", "text"],
  ["reward", "int8"],
  ["c_at", "timestamptz"],
  ["at", "timestamptz"],
  ["today", "text"],
  ["yesterday", "text"],
  ["daily", "int4"],
  ["channel", "bool"],
  ["amount", "int8"],
  ["day", "text"],
  ["balance_limit", "int8"],
  ["unless_banned", "bool"],
  ["e_type", "text"],
  ["e_reason", "text"],
  ["e_amount", "int8"],
  ["e_note", "text"],
  ["e_at", "timestamptz"],
] as const;
const completionCredits = (earning: boolean) => `with p as (
      select * from unnest(${completionColumns.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ")}) as p(${completionColumns.map(([name]) => name).join(", ")})),
    c as (
      insert into task_completions (task_id, user_id, day, reward, created_at)
      select task_id, user_id, c_day, reward, c_at from p
      on conflict (user_id, task_id, day) do nothing returning id, user_id),
    o as (select id, last_active_day, channel_joined from users where id in (select user_id from c) order by id for no key update),
    u as (
      update users u set ${completionSets({ at: "p.at", today: "p.today", yesterday: "p.yesterday", daily: "p.daily", channel: "p.channel" })},
        ${creditSets(earning, { amount: "p.amount", day: "p.day" })}
      from p join o on o.id = p.user_id
      where u.id = p.user_id and ${creditFits(earning, { amount: "p.amount", limit: "p.balance_limit", unlessBanned: "p.unless_banned" })}
      returning u.id as user_id, o.last_active_day as was_active_day, o.channel_joined as was_joined, ${completedFigures}),
    entry as (
      insert into ledger (user_id, type, reason, amount, ref_id, note, created_at)
      select p.user_id, p.e_type, p.e_reason, p.e_amount, c.id, p.e_note, p.e_at from p join c on c.user_id = p.user_id join u on u.user_id = p.user_id
      where p.e_type is not null)
    select c.id as completion_id, c.user_id as completed_by, u.* from c left join u on u.user_id = c.user_id`;
const earningCompletions = completionCredits(true);
const otherCompletions = completionCredits(false);

const completionRow = ({ completion: n, change: c, credit, entry: e }: CompletionCredit) => [
  n.userId, n.taskId, n.day, n.reward, n.at, c.at, c.today, c.yesterday, c.isDaily ? 1 : 0, c.isChannel, credit.amount, credit.day, credit.limit, credit.unlessBanned,
  e?.type ?? null, e?.reason ?? null, e?.amount ?? null, e?.note ?? null, e?.at ?? null,
];
/** Rows as columns: unnest's arrays. */
const columnsOf = (rows: unknown[][]) => rows[0]!.map((_, i) => rows.map((row) => row[i]));


export function ledgerStatements(db: PgRunner): LedgerStatements {
  const sql = clientOf(db);
  // The completions of the programs of one batch, made at the same step, go as one statement.
  const completionsWith = (text: string) =>
    merged(async (inputs: CompletionCredit[]) => {
      const answers = new Map<CompletionCredit, Record<string, unknown> | "done already">();
      // A user's row is updated once per statement: a user's second completion goes in the next.
      for (const round of roundsByKey(inputs, (input) => input.completion.userId)) {
        const rows = await sql.unsafe(text, columnsOf(round.map(completionRow)));
        // No row for a completion done already; no figures for one whose credit was refused.
        const byUser = new Map<number, Record<string, unknown>>(rows.map((r: Record<string, unknown>) => [r.completed_by as number, r]));
        for (const input of round) answers.set(input, byUser.get(input.completion.userId) ?? "done already");
      }
      return inputs.map((input) => answers.get(input)!);
    });
  const earningCompletion = completionsWith(earningCompletions);
  const otherCompletion = completionsWith(otherCompletions);
  return {
    *addToBalance({ userId, amount, earning, day, limit, unlessBanned }) {
      const rows = yield* awaiting(
        earning ? sql.unsafe(addEarning, [userId, amount, day, limit, unlessBanned]) : sql.unsafe(addOther, [userId, amount, limit, unlessBanned]),
      );
      return rows.count === 1;
    },
    *takeFromBalance(userId, amount, unlessBanned) {
      const rows = yield* awaiting(
        sql`update users set balance = balance - ${amount} where id = ${userId} and balance >= ${amount} and (not ${unlessBanned}::bool or not is_banned)`,
      );
      return rows.count === 1;
    },
    *insertEntry(row) {
      const [entry] = yield* awaiting(
        sql`insert into ledger (user_id, type, reason, amount, ref_id, note, created_at)
          values (${row.userId}, ${row.type}, ${row.reason}, ${row.amount}, ${row.refId}, ${row.note}, ${row.at}) returning id`,
      );
      return int8(entry.id);
    },
    *creditCompletion(input) {
      const row = yield* awaiting((input.credit.earning ? earningCompletion : otherCompletion)(input));
      if (row === "done already") return row;
      if (row.user_id === null) return undefined; // the credit refused: no user's row updated
      return {
        completionId: int8(row.completion_id),
        before: { lastActiveDay: row.was_active_day as string | null, channelJoined: row.was_joined as boolean },
        updated: figuresOf(row),
      };
    },
    *userExists(userId) {
      return (yield* awaiting(sql`select 1 from users where id = ${userId}`)).length > 0;
    },
    *isBanned(userId) {
      const [user] = yield* awaiting(sql`select is_banned from users where id = ${userId}`);
      return user?.is_banned === true;
    },
    *balanceTotals() {
      return yield* awaiting<BalanceTotals[]>(sql.unsafe(balanceTotalsSql));
    },
    *withdrawalEntries() {
      return yield* awaiting<WithdrawalEntries[]>(sql.unsafe(withdrawalEntriesSql));
    },
  };
}

/** The ledger check (domain/ledger-check.ts) over a PostgreSQL database. */
export function checkLedgerPg(db: PgRunner): Promise<LedgerCheck> {
  return runAwaiting(ledgerCheck({ ledger: ledgerStatements(db) }));
}
