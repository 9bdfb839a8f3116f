// The PostgreSQL side of the driver bench: scratch databases on the server PG_URL names (as the
// tests use it), refbot's schema with users and a task loaded, and dropping it all again.
import type { SQL } from "bun";
import { randomBytes } from "node:crypto";
import { pgClient } from "@/db/pg/client.ts";
import { rankBlockBits } from "@/domain/model/index.ts";

export const serverUrl = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const prefix = "refbot_bench_";
// A database left by a bench that was killed (kill -9, power) goes at a later run once it is this
// old; a younger one may belong to a bench running now against the same server.
const staleAfterSeconds = 6 * 3600;

export type ScratchDb = { name: string; url: string };

/** The maintenance connection and the databases made through it, all dropped by dropAll(). */
export async function openBenchServer() {
  const admin = pgClient(serverUrl, { max: 2, connectionTimeout: 5 });
  const made: ScratchDb[] = [];
  await admin`select 1`;
  const rows: { datname: string }[] = await admin`select datname from pg_database where starts_with(datname, ${prefix})`;
  for (const { datname } of rows) {
    const born = parseInt(datname.split("_").at(-2) ?? "", 36);
    if (Date.now() / 1000 - born > staleAfterSeconds) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  }
  let dropping: Promise<void> | undefined;
  return {
    async create(purpose: string): Promise<ScratchDb> {
      const name = `${prefix}${purpose}_${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(3).toString("hex")}`;
      await admin.unsafe(`create database "${name}"`);
      const db = { name, url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href };
      made.push(db);
      return db;
    },
    /** Idempotent, so a Ctrl-C during the cleanup the normal end started does not drop twice. */
    dropAll(): Promise<void> {
      dropping ??= (async () => {
        // `with (force)` ends the connections a failed or interrupted measurement left open.
        for (const db of made) await admin.unsafe(`drop database if exists "${db.name}" with (force)`);
        await admin.close();
      })();
      return dropping;
    },
  };
}

export const firstTgId = 10_000_000;

/**
 * `users` users with ids 1..users, Telegram ids from firstTgId + 1, and earnings and task counts
 * spread over many values, so the rank-count triggers a completion fires touch many rank_counts
 * rows rather than one row every completion would queue on; then the one active daily task every
 * completion in the bench pays for.
 *
 * The triggers are off while the users go in, and rank_counts is filled with one count after:
 * through the triggers, one statement would update the row of each score once per user, and
 * PostgreSQL walks all of a row's versions from the same transaction on every update, so 100 000
 * users took six minutes.
 */
export async function loadRefbotData(sql: SQL, users: number): Promise<{ taskId: number; reward: number; seconds: number }> {
  const started = performance.now();
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`insert into users (tg_id, username, first_name, ref_code, balance, total_earned, tasks_completed, daily_tasks_completed, created_at)
      select ${firstTgId} + i, case when i % 9 <> 0 then 'user' || i end, 'User ' || i, 'R' || to_hex(i), (i % 997) * 10000, (i % 997) * 10000,
        i % 61, i % 61, now() - make_interval(secs => i)
      from generate_series(1, ${users}::int) as i`;
    await tx`insert into rank_counts (category, block, score, users)
      select category, block, score, count(*)
      from users
      cross join lateral (values ('earnings', total_earned), ('referrals', qualified_referrals), ('activity', tasks_completed)) as s(category, score)
      cross join lateral (values (-1), (id >> ${rankBlockBits})) as b(block)
      where not is_banned
      group by 1, 2, 3`;
  });
  const reward = 100_000;
  const [task] = await sql`insert into tasks (kind, title, description, reward, is_active, created_at)
    values ('daily_activity', 'Bench task', '', ${reward}, true, now()) returning id`;
  // Fresh statistics and a set visibility map, so the first measurement does not pay for them.
  await sql.unsafe("vacuum analyze");
  return { taskId: task.id, reward, seconds: (performance.now() - started) / 1000 };
}
