// A disk that refuses writes: each engine's store answers STORAGE_FULL (503) for a write the disk
// had no room for, keeps the state for readiness, and says so in the log once a minute rather
// than once a request (a full disk under load refused hundreds a second, and the lines about it
// filled what was left of the log's disk).
import { AppError } from "@/domain/errors.ts";
import { silentLog, type Log } from "@/observe/log.ts";

/** How long a refusal keeps the database marked full without another one, and how often it is logged. */
const minuteMs = 60_000;

export type StorageWatch = {
  /** A write was refused for want of space: the error the caller hears. */
  refused(): AppError;
  /** A write was stored: the disk has room again. */
  wrote(): void;
  /**
   * Whether the disk refused a write lately and none was stored since. Once a minute has passed
   * without a refusal the mark lapses, so an instance that readiness took out of service (and so
   * gets no writes) comes back to find out.
   */
  full(): boolean;
};

export const storageFullError = () => new AppError("STORAGE_FULL", "The database's disk is full; nothing was changed, try again later");

export function storageWatch({ now = Date.now, log = silentLog }: { now?: () => number; log?: Log } = {}): StorageWatch {
  let lastRefusal: number | undefined;
  let lastLine = -Infinity;
  let unlogged = 0;
  // Whether the last line said the disk is full, so that one line says it has room again. A disk
  // that is nearly full refuses some writes and takes others; that says nothing more.
  let announced = false;
  return {
    refused() {
      const at = now();
      lastRefusal = at;
      unlogged++;
      if (at - lastLine >= minuteMs) {
        log.error({ refused: unlogged }, "database storage full: writes refused (503 STORAGE_FULL) since the last line about it; reads still served");
        lastLine = at;
        unlogged = 0;
        announced = true;
      }
      return storageFullError();
    },
    wrote() {
      lastRefusal = undefined;
      if (!announced) return;
      log.info("database storage: a write was stored again");
      announced = false;
    },
    full: () => lastRefusal !== undefined && now() - lastRefusal < minuteMs,
  };
}

/**
 * Whether a SQLite error says the disk had no room: SQLITE_FULL, or an I/O error whose cause the
 * operating system gave as ENOSPC (a sync or a truncate of the WAL or its index); or ENOSPC itself,
 * from a group commit's own sync of the WAL (wal-sync.ts).
 */
export function isSqliteStorageFull(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === "SQLITE_FULL" || code === "ENOSPC") return true;
  return typeof code === "string" && code.startsWith("SQLITE_IOERR") && /ENOSPC|no space/i.test(String(message));
}
