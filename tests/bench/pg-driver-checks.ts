// What the product needs from a PostgreSQL driver besides speed, tried on the server rather than
// taken from the documentation: LISTEN/NOTIFY (for cache invalidation across instances, including
// after the listening connection drops), the SQLSTATE on errors, int8 values, savepoints, session
// advisory locks on a pinned connection, which statements are prepared, and whether the client
// still works as before once drizzle sits on it.
import { drizzle as drizzleBun } from "drizzle-orm/bun-sql";
import { drizzle as drizzlePostgresJs } from "drizzle-orm/postgres-js";
import { dailyStats } from "@/db/pg/schema/index.ts";
import { until } from "@/tests/support/until.ts";
import { firstTgId } from "./pg-bench-db.ts";
import { bunClient, postgresJsClient, type Tagged } from "./pg-driver-ops.ts";

type Reserved = Tagged & { unsafe(text: string, values: any[]): PromiseLike<unknown>; release(): unknown };
type Client = Tagged & {
  begin(fn: (tx: Tagged & { savepoint(fn: (sp: Tagged) => Promise<unknown>): PromiseLike<unknown> }) => Promise<unknown>): PromiseLike<unknown>;
  reserve(): Promise<Reserved>;
  listen(channel: string, onnotify: (payload: string) => void, onlisten?: () => void): PromiseLike<{ unlisten(): Promise<void> }>;
};
/** A drizzle insert that breaks a primary key, to see where drizzle leaves the SQLSTATE. */
type DrizzleInsert = () => Promise<unknown>;

export type DriverChecks = Record<string, string>;

/** Where on an error (or its causes) a value sits, as `err.cause.errno`. */
function pathTo(error: unknown, value: string, path = "err"): string | undefined {
  if (!error || typeof error !== "object" || path.split(".").length > 3) return undefined;
  for (const [key, field] of Object.entries(error)) if (field === value) return `${path}.${key}`;
  return pathTo((error as { cause?: unknown }).cause, value, `${path}.cause`);
}

async function failure(run: () => PromiseLike<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

async function check(sql: Client, drizzleInsert: DrizzleInsert, channel: string): Promise<DriverChecks> {
  const out: DriverChecks = {};
  const [session] = await sql`select current_setting('synchronous_commit') as sync, current_setting('transaction_isolation') as isolation`;
  out.session = `synchronous_commit ${session!.sync}, ${session!.isolation}`;

  const [ints] = await sql`select 9007199254740993::int8 as big, 42::int8 as small`;
  out.int8 = `${typeof ints!.small} (${String(ints!.small)}); 2^53+1 reads ${String(ints!.big)}`;

  const duplicate = () => sql`insert into users (tg_id, first_name, ref_code, created_at) values (${firstTgId + 1}, 'Copy', 'check-duplicate', now())`;
  const error = await failure(duplicate);
  out["unique violation"] = `${pathTo(error, "23505") ?? "no 23505"}, ${pathTo(error, "users_tg_id_unique") ?? "no constraint name"}`;
  out["… through drizzle"] = `${pathTo(await failure(drizzleInsert), "23505") ?? "no 23505"}`;

  const day = `check-${channel}`;
  await sql.begin(async (tx) => {
    await tx`insert into daily_stats (day) values (${`${day}-outer`})`;
    await failure(() =>
      tx.savepoint(async (sp) => {
        await sp`insert into daily_stats (day) values (${`${day}-inner`})`;
        throw new Error("undo the savepoint");
      }),
    );
  });
  const kept = (await sql`select day from daily_stats where starts_with(day, ${day}) order by day`).map((r) => r.day);
  out.savepoint = kept.join() === `${day}-outer` ? "rolled back alone, transaction kept" : `unexpected: ${kept.join()}`;

  const [holder, other] = [await sql.reserve(), await sql.reserve()];
  await holder`select pg_advisory_lock(4242)`;
  const [blocked] = await other`select pg_try_advisory_lock(4242) as got`;
  await holder`select pg_advisory_unlock(4242)`;
  const [free] = await other`select pg_try_advisory_lock(4242) as got`;
  await other`select pg_advisory_unlock(4242)`;
  out["advisory lock"] = !blocked!.got && free!.got ? "session lock held on reserve()d connection" : "not exclusive";

  const prepared = async () => Number((await holder`select count(*)::int as n from pg_prepared_statements`)[0]!.n);
  const start = await prepared();
  for (let i = 0; i < 2; i++) await holder`select ${i}::int as x`;
  const tagged = (await prepared()) - start;
  for (let i = 0; i < 2; i++) await holder.unsafe("select $1::int as y", [i]);
  const unsafe = (await prepared()) - start - tagged;
  out["prepared statements"] = `tagged template: ${tagged ? "named" : "unnamed"}; unsafe(text, values): ${unsafe ? "named" : "unnamed"}`;
  holder.release();
  other.release();

  out["LISTEN/NOTIFY"] = await listenNotify(sql, channel);
  return out;
}

/**
 * A notification sent inside a transaction must arrive after its commit and never before; and
 * when the listening connection is killed, the client must listen again by itself, or an
 * instance would serve stale cache entries from then on without knowing.
 */
async function listenNotify(sql: Client, channel: string): Promise<string> {
  const got: { payload: string; at: number }[] = [];
  let listens = 0;
  const subscription = await sql.listen(channel, (payload) => got.push({ payload, at: performance.now() }), () => listens++);
  try {
    let early = false;
    await sql.begin(async (tx) => {
      await tx`select pg_notify(${channel}, 'first')`;
      await Bun.sleep(100);
      early = got.length > 0;
    });
    const committed = performance.now();
    const first = await until("the first notification", () => got.find((n) => n.payload === "first"), 2000).catch(() => undefined);
    if (!first) return "not delivered";
    const result = [`delivered ${(first.at - committed).toFixed(1)} ms after commit${early ? ", but also before it" : ", not before"}`];

    const killedAt = performance.now();
    const [killed] = await sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`;
    const again = await until("a second LISTEN", () => listens > 1, 15_000).then(() => true, () => false);
    if (killed!.n !== 1) result.push(`${killed!.n} listening connections found to kill`);
    else if (!again) result.push("not listening again within 15 s after its connection was killed");
    else {
      await sql`select pg_notify(${channel}, 'second')`;
      const second = await until("the second notification", () => got.some((n) => n.payload === "second"), 2000).then(() => true, () => false);
      result.push(`${second ? "listened again and delivered" : "listened again but did not deliver"} ${Math.round(performance.now() - killedAt)} ms after its connection was killed`);
    }
    return result.join("; ");
  } finally {
    await subscription.unlisten();
  }
}

/**
 * refbot runs plain SQL beside drizzle on the same connections (README, hot paths), so a client
 * must still take and give Dates with drizzle on top of it.
 */
async function besideDrizzle(sql: Tagged): Promise<string> {
  try {
    const [row] = await sql`select ${new Date(0)}::timestamptz as t`;
    return row!.t instanceof Date ? "own queries unchanged (Date in, Date out)" : `own queries now read timestamptz as ${typeof row!.t}`;
  } catch (error) {
    return `own queries now fail on a Date parameter (${(error as Error).name})`;
  }
}

export async function checkDrivers(url: string): Promise<Record<string, DriverChecks>> {
  const bun = bunClient(url, 4);
  const pgjs = postgresJsClient(url, 4);
  // Drizzle goes on top of each client first, as it would in the product.
  const onBun = drizzleBun({ client: bun });
  const onPgjs = drizzlePostgresJs({ client: pgjs });
  // The row goes in once here, so each driver's drizzle insert of it breaks the primary key.
  const row = { day: "check-drizzle" };
  try {
    await onBun.insert(dailyStats).values(row);
    const results: Record<string, DriverChecks> = {
      "bun-sql": await check(bun, () => onBun.insert(dailyStats).values(row), "bench_bun"),
      "postgres.js": await check(pgjs, () => onPgjs.insert(dailyStats).values(row), "bench_pgjs"),
    };
    results["bun-sql"]!["with drizzle on the client"] = await besideDrizzle(bun);
    results["postgres.js"]!["with drizzle on the client"] = await besideDrizzle(pgjs);
    return results;
  } finally {
    await bun.close();
    await pgjs.end();
  }
}
