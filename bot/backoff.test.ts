import { describe, expect, test } from "bun:test";
import { createBackoff, sleep } from "./backoff.ts";

describe("createBackoff", () => {
  test("doubles from the first delay up to the cap, each wait in the upper half of its step", () => {
    const lowest = createBackoff({ firstMs: 1000, capMs: 60_000, random: () => 0 });
    const highest = createBackoff({ firstMs: 1000, capMs: 60_000, random: () => 1 });
    const steps = (b: ReturnType<typeof createBackoff>) => Array.from({ length: 9 }, () => b.next());
    expect(steps(highest)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(steps(lowest)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  test("reset starts over; a long run of failures stays at the cap", () => {
    const b = createBackoff({ firstMs: 1000, capMs: 60_000, random: () => 1 });
    for (let i = 0; i < 2000; i++) b.next();
    expect(b.next()).toBe(60_000);
    b.reset();
    expect(b.next()).toBe(1000);
  });
});

describe("sleep", () => {
  test("an abort ends it at once", async () => {
    const stop = new AbortController();
    const started = Date.now();
    setTimeout(() => stop.abort(), 20);
    await sleep(10_000, stop.signal);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
