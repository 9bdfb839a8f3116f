// Keys and addresses for the payout tests: a hot wallet's key file as an operator writes one, and
// fresh addresses to pay.
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/** A fresh address, in lower case (no checksum to get right). */
export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

/** A key file of `mode` holding a fresh key; the key and the wallet's address. */
export function keyFile(mode = 0o600) {
  const key = generatePrivateKey();
  const file = join(mkdtempSync(join(tmpdir(), "refbot-key-")), "payout.key");
  writeFileSync(file, `${key}\n`, { mode });
  chmodSync(file, mode);
  return { file, key, address: privateKeyToAccount(key).address.toLowerCase() };
}
