import { expect, test } from "bun:test";
import { isSqliteStorageFull } from "./storage-full.ts";

test("a write is refused for want of room whether SQLite or a group commit's own sync of the WAL found the disk full", () => {
  const failure = (code: string, message = "") => Object.assign(new Error(message), { code });
  expect(isSqliteStorageFull(failure("SQLITE_FULL", "database or disk is full"))).toBe(true);
  expect(isSqliteStorageFull(failure("SQLITE_IOERR_FSYNC", "disk I/O error: ENOSPC"))).toBe(true);
  // fdatasync of the WAL (db/sqlite/wal-sync.ts), as Node's file system answers it.
  expect(isSqliteStorageFull(failure("ENOSPC", "ENOSPC: no space left on device, fdatasync"))).toBe(true);
  expect(isSqliteStorageFull(failure("EIO", "EIO: i/o error, fdatasync"))).toBe(false);
  expect(isSqliteStorageFull(failure("SQLITE_IOERR_WRITE", "disk I/O error"))).toBe(false);
  expect(isSqliteStorageFull(undefined)).toBe(false);
});
