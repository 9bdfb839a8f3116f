// BEP-20 addresses: 0x + 40 hex, and a mixed-case address must carry a valid EIP-55 checksum.
import { keccak_256 } from "@noble/hashes/sha3.js";
import type { User } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { sharedWallet } from "./risk.ts";
import { walletPattern } from "./rules.ts";

export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

/** Returns the address in checksum form, or throws INVALID_ADDRESS. */
export function validateAddress(input: string): string {
  const address = input.trim();
  if (!walletPattern.test(address)) {
    throw new AppError("INVALID_ADDRESS", "Please enter a valid BEP-20 wallet address", { field: "address" });
  }
  const body = address.slice(2);
  const uniformCase = body === body.toLowerCase() || body === body.toUpperCase();
  if (!uniformCase && toChecksumAddress(address) !== address) {
    throw new AppError("INVALID_ADDRESS", "The address checksum does not match: copy it again from your wallet", { field: "address" }, { variant: "checksum" });
  }
  return toChecksumAddress(address);
}

/**
 * Several accounts may set one address: refusing the second would let whoever sets a known
 * address first lock its owner out of it. A shared address is a risk signal instead (risk.ts),
 * and a payout to an address a banned account holds waits for review (withdrawals.ts).
 */
export async function setWallet(deps: Pick<Deps, "store" | "clock" | "settings">, user: User, input: string): Promise<User> {
  const address = validateAddress(input);
  const at = deps.clock();
  return deps.store.transaction(function* (db) {
    const updated = yield* db.users.setWallet(user.id, address);
    yield* sharedWallet(db, deps.settings.current().riskFlagScore, user.id, address, at);
    return updated;
  });
}
