// The database holds admin password hashes and every user's balance, so only the account that
// runs the server may read it, whatever the umask says.
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Creates the file (empty) readable and writable by its owner only, in a folder only the owner can
 * enter when the folder is new too. SQLite then opens the empty file as a new database and gives
 * its -wal and -shm files the same mode as the file. A database left readable by others (made by
 * an older version, or copied in) is made private too: its folder, which the operator may share
 * on purpose, keeps its mode.
 */
export function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // "a" creates the file when missing and never truncates one that exists.
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat && (stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) chmodSync(file, 0o600);
  }
}
