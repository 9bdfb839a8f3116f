// The domain's dependencies on an existing SQLite file, for code that calls the domain directly
// from its own process (the race workers and the tests that race them): a fixed clock, every
// channel member.
import { createConfig, type Config } from "@/config/env.ts";
import { makeCaches } from "@/domain/caches.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import type { Deps } from "@/domain/context.ts";
import { openDb, type Db } from "@/db/sqlite/client.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";

export function openDeps(file: string, now: Date): Deps<Config> & { db: Db } {
  const db = openDb(file);
  const store = sqliteStore(db);
  const config = createConfig({ DATABASE_PATH: file, SEED_DEMO: "false" });
  return {
    db,
    store,
    caches: makeCaches(store),
    // The defaults: a worker races the rules as they stand, and the file it races on sets nothing.
    settings: fixedSettings(defaultSettings(config)),
    config,
    clock: () => now,
    membership: { isMember: async () => true },
  };
}
