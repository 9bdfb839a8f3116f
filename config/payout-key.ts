// The hot wallet's private key (PAYOUT_KEY_FILE), read once at start. A file anyone but its owner
// may read is refused, naming the file, before anything runs: a key others can read is a key they
// may have copied. The key itself goes only to the wallet that signs with it (chain/hot-wallet.ts):
// never into the configuration, a log line, an error message or the database.
import { readFileSync, statSync } from "node:fs";
import { ConfigError } from "./env.ts";

export function readPayoutKey(file: string): `0x${string}` {
  let mode: number;
  try {
    mode = statSync(file).mode & 0o777;
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PAYOUT_KEY_FILE: ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if ((mode & 0o077) !== 0) {
    throw new ConfigError(`Invalid configuration:\n  PAYOUT_KEY_FILE: ${file} has mode 0${mode.toString(8)}; it must be 0600 (chmod 600 ${file}), readable by its owner only`);
  }
  const text = readFileSync(file, "utf8").trim();
  const hex = text.startsWith("0x") ? text.slice(2) : text;
  // The message names the file, never what is in it.
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new ConfigError(`Invalid configuration:\n  PAYOUT_KEY_FILE: ${file} must hold one private key, 64 hex characters (0x optional)`);
  return `0x${hex.toLowerCase()}`;
}
