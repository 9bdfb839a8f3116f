// The settings' statements on PostgreSQL; the version is the sum of its counter's slots (counters.ts).
import { asc, eq, sql } from "@/db/ops.ts";
import { admins, counters, settings } from "@/db/pg/schema/index.ts";
import type { SettingStatements } from "@/domain/statements/settings.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function settingStatements(db: PgRunner): SettingStatements {
  return {
    *all() {
      return yield* awaiting(
        db
          .select({ key: settings.key, value: settings.value, updatedAt: settings.updatedAt, updatedBy: settings.updatedBy, updatedByEmail: admins.email })
          .from(settings)
          .leftJoin(admins, eq(admins.id, settings.updatedBy))
          .orderBy(asc(settings.key)),
      );
    },
    *version() {
      const [row] = yield* awaiting(
        db.select({ value: sql<number>`coalesce(sum(${counters.value}), 0)::int8`.mapWith(Number) }).from(counters).where(eq(counters.name, "settings_version")),
      );
      return row?.value ?? 0;
    },
    *put(row) {
      const { key, ...rest } = row;
      yield* awaiting(db.insert(settings).values(row).onConflictDoUpdate({ target: settings.key, set: rest }));
    },
    *remove(key) {
      yield* awaiting(db.delete(settings).where(eq(settings.key, key)));
    },
  };
}
