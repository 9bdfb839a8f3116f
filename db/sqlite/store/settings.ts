// The settings' statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { asc, eq } from "@/db/ops.ts";
import { admins, settings } from "@/db/sqlite/schema/index.ts";
import type { SettingStatements } from "@/domain/statements/settings.ts";

export function settingStatements(db: Db): SettingStatements {
  return {
    *all() {
      return db
        .select({ key: settings.key, value: settings.value, updatedAt: settings.updatedAt, updatedBy: settings.updatedBy, updatedByEmail: admins.email })
        .from(settings)
        .leftJoin(admins, eq(admins.id, settings.updatedBy))
        .orderBy(asc(settings.key))
        .all();
    },
    *version() {
      // Asked several times a second by every process on the file: a statement compiled once.
      const row = db.$client.query("select value from counters where name = 'settings_version'").get() as { value: number } | null;
      return row?.value ?? 0;
    },
    *put(row) {
      const { key, ...rest } = row;
      db.insert(settings).values(row).onConflictDoUpdate({ target: settings.key, set: rest }).run();
    },
    *remove(key) {
      db.delete(settings).where(eq(settings.key, key)).run();
    },
  };
}
