// A group commit's sync of the WAL, made off the request thread. At synchronous=FULL SQLite syncs
// the WAL inside COMMIT with fsync, and the thread that answers every request waits for the disk,
// a few milliseconds a batch at a million users, doing nothing. So a batch commits at NORMAL (its
// frames written, not synced) and its units are told "done" only once an fdatasync of the WAL,
// begun after the commit, has finished on a thread of the pool, while the request thread reads
// and signs in the requests of the next batch. What was acknowledged is on disk, as at FULL.
// Unlike at FULL, another request may read the batch's rows in the moment before the sync ends; a
// power cut in that moment loses them, and the writes themselves were never acknowledged.
//
// The sync is one call on the pool, through a descriptor of the WAL opened at the first sync and
// kept while the connection lives (Linux syncs a file's data through any descriptor of it). Each
// step of an open, sync and close is a turn of the request thread's event loop, and each waits
// behind the requests being served: at a million users and 64 in flight the open's answer alone
// waited a median of 4.4 ms for a syscall of 40 µs, and the three took 7.5 ms around a sync of
// 1–3. The WAL keeps its file while any connection to the database is open (SQLite removes it as
// the last one closes), so the descriptor stays the WAL's for as long as it is used.
// Recovery after a power cut keeps the commits whose frames and checksums are whole, a prefix of
// them: a batch whose sync did not finish can be lost, but never leave a later one standing
// without it.
import type { Database } from "bun:sqlite";
import { closeSync, fdatasync, openSync } from "node:fs";
import type { Db } from "./client.ts";

/** How SQLite numbers `PRAGMA synchronous`: the levels at which a commit syncs the WAL itself. */
const syncingLevels = new Set([2, 3]); // FULL, EXTRA

export type WalSync = {
  /** Runs a transaction with its commit's own sync left out. */
  commitUnsynced<T>(commit: () => T): T;
  /** Resolves once everything committed before the call is on disk. */
  synced(): Promise<void>;
};

/** The deferred sync for `db`, or undefined where a commit needs none of its own (NORMAL, OFF, a database in memory). */
export function walSync(db: Db, syncFile?: (path: string) => Promise<void>): WalSync | undefined {
  const conn = db.$client;
  const level = conn.query<{ synchronous: number }, []>("PRAGMA synchronous").get()!.synchronous;
  const mode = conn.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()!.journal_mode;
  const file = conn.query<{ file: string }, []>("select file from pragma_database_list where name = 'main'").get()?.file;
  if (!syncingLevels.has(level) || mode !== "wal" || !file) return undefined;
  const walPath = `${file}-wal`;
  return {
    commitUnsynced(commit) {
      // Compiled afresh each time: SQLite sets the level as it compiles the PRAGMA, so a statement
      // prepared once and run again would leave it as it is.
      conn.run("PRAGMA synchronous = NORMAL");
      try {
        return commit();
      } finally {
        conn.run(`PRAGMA synchronous = ${level}`);
      }
    },
    synced: syncFile ? () => syncFile(walPath) : keptDatasync(conn, walPath),
  };
}

/** Descriptors of WALs kept for their connection's life, closed once it is gone. */
const keptOpen = new FinalizationRegistry<number>((fd) => closeSync(fd));

/** An fdatasync of `walPath` through one descriptor, opened at the first call and kept while `conn` lives. */
function keptDatasync(conn: Database, walPath: string): () => Promise<void> {
  let fd: number | undefined;
  return () =>
    new Promise<void>((resolve, reject) => {
      if (fd === undefined) keptOpen.register(conn, (fd = openSync(walPath, "r")));
      fdatasync(fd, (error) => (error ? reject(error) : resolve()));
    });
}
