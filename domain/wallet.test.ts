import { describe, expect, test } from "bun:test";
import { toChecksumAddress, validateAddress } from "./wallet.ts";

// Reference vectors from EIP-55 itself.
const checksummed = [
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

describe("BEP-20 addresses", () => {
  test("computes EIP-55 checksums with keccak-256", () => {
    for (const address of checksummed) expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  test("accepts a correct checksum and uniform case, answering the checksum form", () => {
    for (const address of checksummed) {
      expect(validateAddress(address)).toBe(address);
      expect(validateAddress(address.toLowerCase())).toBe(address);
      expect(validateAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(address);
    }
  });

  test("refuses a broken checksum, wrong length and non-hex", () => {
    const flipped = checksummed[0]!.replace("aA", "Aa");
    expect(() => validateAddress(flipped)).toThrow("checksum");
    for (const bad of ["", "0x123", `0x${"g".repeat(40)}`, `${"a".repeat(42)}`, `0x${"a".repeat(41)}`]) {
      expect(() => validateAddress(bad)).toThrow("valid BEP-20");
    }
  });
});
