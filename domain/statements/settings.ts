// The statements the settings (settings-changes.ts, settings-source.ts) need: the rows changed from
// their defaults, and the version every instance watches.
import type { SettingRow } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

/** A row with the e-mail of the admin who last wrote it (none once that admin is gone, or for a script's). */
export type SettingRowView = SettingRow & { updatedByEmail: string | null };

export type SettingStatements = {
  all(): Op<SettingRowView[]>;
  /** settings_version: raised in every transaction that writes a setting, so a reader knows to read them again. */
  version(): Op<number>;
  put(row: SettingRow): Op<void>;
  remove(key: string): Op<void>;
};
