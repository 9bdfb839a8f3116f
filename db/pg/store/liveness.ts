// Connections that died without saying so. A connection whose network froze (half-open TCP: a
// NAT or a firewall forgot it, a partition) takes statements and never answers, and the kernel
// has nothing to report for hours; keepalive probes would not help behind a proxy, which answers
// them itself. A client-side deadline alone would cut the statements that are long on purpose (a
// million-row broadcast queue). So a statement unanswered after `stallMs` makes the store ask
// the database, on a new connection, whether any connection of the pool is running a statement:
// if one is, the wait goes on (and is asked about again later); if none is, the pool's
// connections are dead or stuck, and if the database cannot be asked in time, it is away. Either
// way the pool is replaced: the old one is closed, which fails what waits on it as a lost
// connection (attempts.ts runs it again or answers DATABASE_UNAVAILABLE), and its backends that
// the database still keeps are ended, so that their row locks go with them and what became of a
// COMMIT in flight can be told. Bun's pool cannot drop one connection it handed to a
// transaction, hence the whole pool; a pool whose network froze is seldom half alive.
import type { SQL } from "bun";
import { pgClient, type PgDb } from "@/db/pg/client.ts";
import { silentLog, type Log } from "@/observe/log.ts";

type Verdict = "running" | "stuck" | "away";

export type Liveness = {
  /** The pool in use now. */
  db(): PgDb;
  /** Runs `work` on the pool in use, watched as above. */
  watch<T>(work: (db: PgDb) => Promise<T>): Promise<T>;
  /** Closes the pool in use and any check still running. */
  close(): Promise<void>;
};

const orTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, Bun.sleep(ms).then(() => Promise.reject(new Error(`no answer in ${ms} ms`)))]);

/**
 * What became of a pool's statements, asked on a connection of its own, each step within `askMs`:
 * short, since a statement has already waited, and a database that cannot answer this in time is
 * as good as away for the requests waiting on it.
 */
async function verdictOn(pool: PgDb, askMs: number): Promise<Verdict> {
  const { url, name } = pool.$pool;
  const seconds = askMs / 1000;
  const asker: SQL = pgClient(url, { max: 1, connectionTimeout: seconds, connection: { application_name: `${name} check` } });
  try {
    // A backend writing to a client that reads nothing any more (ClientWrite) is stuck, not running.
    const [{ running }] = await orTimeout(
      asker`select count(*)::int as running from pg_stat_activity
            where application_name = ${name} and state = 'active' and wait_event is distinct from 'ClientWrite'`,
      askMs,
    );
    if (running > 0) return "running";
    await orTimeout(asker`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`, askMs);
    return "stuck";
  } catch {
    return "away";
  } finally {
    void asker.close({ timeout: 0 });
  }
}

export function pgLiveness(
  first: PgDb,
  { stallMs = first.$pool.timeoutSeconds * 1000, onReplace = (_reason: Verdict) => {}, log = silentLog }: { stallMs?: number; onReplace?: (reason: Verdict) => void; log?: Log } = {},
): Liveness {
  let current = first;
  // One question at a time per pool: every stalled statement of it waits for the same answer.
  const asking = new WeakMap<PgDb, Promise<Verdict>>();
  const ask = (pool: PgDb) => {
    let verdict = asking.get(pool);
    if (!verdict) asking.set(pool, (verdict = verdictOn(pool, stallMs / 2).finally(() => asking.delete(pool))));
    return verdict;
  };
  const replace = (pool: PgDb, reason: Verdict) => {
    if (pool !== current) return;
    current = pool.$pool.reopen();
    log.warn(
      { reason, stalledMs: stallMs },
      reason === "away"
        ? "database connections replaced: a statement went unanswered and the database could not be asked why"
        : "database connections replaced: a statement went unanswered and none of the pool's was running",
    );
    onReplace(reason);
    void pool.$client.close({ timeout: 0 });
  };

  return {
    db: () => current,
    async watch(work) {
      const pool = current;
      const running = work(pool);
      // The outcome, whenever it comes; a stall does not leave its failure unhandled.
      const outcome = running.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const settle = (last: { value: unknown } | { error: unknown }) => {
        if ("error" in last) throw last.error;
        return last.value as Awaited<ReturnType<typeof work>>;
      };
      for (;;) {
        // A timer cleared on the answer: nearly every statement answers long before it, and a
        // timer left to run its course per read would pile up by the ten thousand under load.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const stalled = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), stallMs)));
        const answered = await Promise.race([outcome, stalled]);
        clearTimeout(timer);
        if (answered) return settle(answered);
        const verdict = await Promise.race([ask(pool), outcome]);
        if (typeof verdict !== "string") return settle(verdict);
        if (verdict === "running") continue;
        // Closing the pool fails what runs on it as a lost connection, which is what is thrown.
        replace(pool, verdict);
        return settle(await outcome);
      }
    },
    close: () => current.$client.close(),
  };
}
