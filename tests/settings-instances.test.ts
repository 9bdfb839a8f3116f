// Two instances on one database, on both engines: a setting changed through one applies on the
// other within a second, read from memory (no query per read) in between.
import { expect } from "bun:test";
import { createConfig } from "@/config/env.ts";
import { setSettings } from "@/domain/settings-changes.ts";
import { settingsPollMs, watchSettings } from "@/domain/settings-source.ts";
import type { Store } from "@/domain/store.ts";
import { forEachEngine } from "./support/engines.ts";

const config = createConfig({ SEED_DEMO: "false", BROADCAST_BATCH: "28" });
const clock = () => new Date("2026-03-10T12:00:00Z");

/** An instance's settings on `store`, loaded as a server loads them before it serves. */
async function instance(store: Store) {
  const settings = watchSettings(store, config);
  await settings.refresh();
  return { store, config, clock, settings };
}

await forEachEngine(import.meta.path, (it) => {
  it("a change made on one instance applies on the other within a second", async (e) => {
    const [one, two] = [await instance(e.store), await instance(await e.another())];
    try {
      expect(two.settings.current().referralBonus).toBe(200_000);
      await setSettings(one, null, { referralBonus: "0.45", broadcastBatch: 10 });
      // The instance that made the change applies it at once.
      expect(one.settings.current()).toMatchObject({ referralBonus: 450_000, broadcastBatch: 10 });
      const started = performance.now();
      while (two.settings.current().referralBonus !== 450_000) {
        expect(performance.now() - started).toBeLessThan(1_000);
        await Bun.sleep(10);
      }
      expect(two.settings.current().broadcastBatch).toBe(10);
    } finally {
      one.settings.stop();
      two.settings.stop();
    }
  });

  it("between changes an instance reads from memory: the database is asked a few times a second, not per read", async (e) => {
    let reads = 0;
    const counted: Store = { ...e.store, read: (program) => (reads++, e.store.read(program)) };
    const { settings } = await instance(counted);
    try {
      const before = reads;
      for (let i = 0; i < 100_000; i++) settings.current();
      await Bun.sleep(settingsPollMs * 2 + 50);
      // The version, asked on each tick; the rows only when it moved (it did not).
      expect(reads - before).toBeLessThanOrEqual(3);
    } finally {
      settings.stop();
    }
  });
});
