// What the server's PostgreSQL connections do during a load test, sampled from the side: each
// backend's state, what it waits on (pg_stat_activity's wait event, and the lock it has not been
// granted, from pg_locks) and the statement it runs; with the WAL flushes and commits of the run
// (pg_stat_wal, pg_stat_database), which tell how many commits shared a flush.
import type { SQL } from "bun";
import { pgClient } from "@/db/pg/client.ts";

export type WaitShare = { what: string; share: number; samples: number };
export type WaitReport = {
  samples: number;
  /** The most connections of the server's pool seen at once (its LISTEN connection left out). */
  poolConnections: number;
  /** Mean of the pool's connections inside a transaction or a statement, per sample. */
  meanBusy: number;
  /** Share of the pool's busy backend-samples per state and wait, the largest first. */
  waits: WaitShare[];
  /** Over the run and the reports after it: transactions committed in the database (reads too). */
  commits: number;
  /** WAL flushes (fsync) on the whole server. */
  walFlushes: number;
  walBytes: number;
  walFullPageImages: number;
};

/**
 * Starts sampling the database's client backends every `everyMs`; `stop()` answers the report.
 * Its own connection is left out of what it counts, and those of the backends in `exclude`.
 * A backend waiting for a row another transaction holds waits on that transaction's id
 * (`Lock:transactionid`), which names no table: the statement it runs tells which row.
 */
export async function sampleWaits(url: string, { exclude = [] as number[], everyMs = 25 } = {}): Promise<{ stop(): Promise<WaitReport> }> {
  const sql = pgClient(url, { max: 1 });
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  const before = await counters(sql, database);
  const tally = new Map<string, number>();
  let samples = 0;
  let busySamples = 0;
  let poolConnections = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const rows: { state: string | null; wait: string | null; lock: string | null; query: string }[] = await sql`
        select a.state, a.wait_event_type || ':' || a.wait_event as wait,
          (select string_agg(distinct l.locktype || coalesce(' on ' || coalesce(l.relation::regclass::text, l.classid::regclass::text), ''), ', ')
             from pg_locks l where l.pid = a.pid and not l.granted) as lock,
          regexp_replace(left(a.query, 200), '\\s+', ' ', 'g') as query
        from pg_stat_activity a
        where a.datname = ${database} and a.pid <> pg_backend_pid() and a.pid <> all(string_to_array(${exclude.join(",")}, ',')::int[]) and a.backend_type = 'client backend' and a.query not ilike 'listen %'`;
      samples++;
      poolConnections = Math.max(poolConnections, rows.length);
      for (const r of rows) {
        if (r.state === "idle") continue;
        busySamples++;
        const what = r.state === "active" ? `${r.wait ?? "running (no wait event)"}${r.lock ? ` [${r.lock}]` : ""} in ${statement(r.query)}` : `${r.state} (${r.wait ?? ""}) after ${statement(r.query)}`;
        tally.set(what, (tally.get(what) ?? 0) + 1);
      }
      await Bun.sleep(everyMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      // A backend reports its counts at most once a second while busy, and 10 s after it goes
      // idle: wait for the last reports, or the end of the run would be missing from them.
      await Bun.sleep(11_000);
      const after = await counters(sql, database);
      await sql.close();
      const waits = [...tally].map(([what, n]) => ({ what, samples: n, share: n / busySamples })).sort((a, b) => b.samples - a.samples);
      return {
        samples,
        poolConnections,
        meanBusy: busySamples / samples,
        waits,
        commits: after.commits - before.commits,
        walFlushes: after.walFlushes - before.walFlushes,
        walBytes: after.walBytes - before.walBytes,
        walFullPageImages: after.walFpi - before.walFpi,
      };
    },
  };
}

/** The statement's first words, enough to tell which one it is: `update "tasks" set "completion_count"`. */
function statement(query: string): string {
  const q = query.replace(/^\s*(with \w+ as \(\s*)?/i, "").toLowerCase();
  const words = q.split(" ");
  if (words[0] === "insert" || words[0] === "delete") return words.slice(0, 3).join(" ");
  if (words[0] === "update") return words.slice(0, 4).join(" ");
  if (words[0] === "select") return `select … from ${/ from ("?\w+"?)/.exec(q)?.[1] ?? "?"}`;
  return words.slice(0, 2).join(" ");
}

async function counters(sql: SQL, database: string) {
  const [row] = await sql`
    select (select xact_commit from pg_stat_database where datname = ${database})::float8 as commits,
      wal_sync::float8 as "walFlushes", wal_bytes::float8 as "walBytes", wal_fpi::float8 as "walFpi"
    from pg_stat_wal`;
  return row as { commits: number; walFlushes: number; walBytes: number; walFpi: number };
}
