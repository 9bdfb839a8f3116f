// An operator's changes to the settings: each set or reset is one transaction that writes the
// rows, raises settings_version (which every instance watches, settings-source.ts) and records who
// changed what from which value to which. Values are checked all together first, so a change with
// one bad value changes nothing. Nothing already paid or requested is touched: the rules read the
// new values from their next request on.
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";
import { settingsFrom } from "./settings-source.ts";
import { defaultSettings, isSettingKey, readSetting, settingDefinitions, settingKeys, settingText, type SettingGroup, type SettingKey, type SettingKind, type SettingProblem, type SettingValue, type Settings } from "./settings.ts";
import type { SettingRowView } from "./statements/settings.ts";
import type { Op, Statements } from "./store.ts";

type SettingsDeps = Pick<Deps, "store" | "clock" | "config" | "settings">;

/** One setting as the CLI and the panel list it. */
export type SettingEntry = {
  key: SettingKey;
  group: SettingGroup;
  kind: SettingKind;
  unit: string;
  description: string;
  value: SettingValue;
  default: SettingValue;
  changed: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
};

function entries(rows: readonly SettingRowView[], defaults: Settings): SettingEntry[] {
  const values = settingsFrom(rows, defaults);
  return settingKeys.map((key) => {
    const row = rows.find((r) => r.key === key);
    const { group, kind, unit, description } = settingDefinitions[key];
    return {
      key,
      group,
      kind,
      unit,
      description,
      value: settingText(key, values[key]),
      default: settingText(key, defaults[key]),
      changed: row !== undefined,
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row?.updatedByEmail ?? null,
    };
  });
}

/** Every setting: its value now, its default, and who changed it last. */
export async function listSettings(deps: Pick<SettingsDeps, "store" | "config">): Promise<SettingEntry[]> {
  const rows = await deps.store.read((db) => db.settings.all());
  return entries(rows, defaultSettings(deps.config));
}

export async function getSetting(deps: Pick<SettingsDeps, "store" | "config">, key: string): Promise<SettingEntry> {
  const known = knownKey(key);
  return (await listSettings(deps)).find((entry) => entry.key === known)!;
}

function knownKey(key: string): SettingKey {
  if (isSettingKey(key)) return key;
  throw new AppError("NOT_FOUND", `No setting ${key}: the settings are ${settingKeys.join(", ")}`, { field: key });
}

/** A refusal naming every bad value, the first in the message (as every 400 names its field). */
function refused(problems: SettingProblem[]): AppError {
  const [first] = problems;
  return new AppError("VALIDATION_FAILED", problems.map((p) => `${p.field}: ${p.message}`).join("; "), { field: first!.field, problems });
}

/**
 * Sets one or several settings at once, all or none: `changes` maps keys to values as the API takes
 * them (amounts as decimal text). A value equal to the current one is left alone; the answer is
 * every setting after the change, with what changed from what.
 */
export async function setSettings(deps: SettingsDeps, adminId: number | null, changes: Record<string, unknown>) {
  const keys = Object.keys(changes);
  if (keys.length === 0) throw new AppError("VALIDATION_FAILED", "settings: name at least one setting to change", { field: "settings" });
  const problems: SettingProblem[] = [];
  const values = new Map<SettingKey, unknown>();
  for (const key of keys) {
    if (!isSettingKey(key)) {
      problems.push({ field: key as SettingKey, message: `is not a setting (the settings are ${settingKeys.join(", ")})` });
      continue;
    }
    const read = readSetting(key, changes[key]);
    if ("problem" in read) problems.push(read.problem);
    else values.set(key, read.value);
  }
  if (problems.length > 0) throw refused(problems);
  return write(deps, adminId, "settings.set", (current) => [...values].map(([key, value]) => ({ key, from: current[key], to: value, row: true })));
}

/** Puts a setting back to its default (its row goes), audited like a change. */
export async function resetSetting(deps: SettingsDeps, adminId: number | null, key: string) {
  const known = knownKey(key);
  return write(deps, adminId, "settings.reset", (current, defaults) => [{ key: known, from: current[known], to: defaults[known], row: false }]);
}

/**
 * A change of one setting: from and to as the rules read them. `row` true writes the value (a
 * set, which keeps it even if the default later moves), false removes the row (a reset).
 */
type Change = { key: SettingKey; from: unknown; to: unknown; row: boolean };

async function write(deps: SettingsDeps, adminId: number | null, action: "settings.set" | "settings.reset", plan: (current: Settings, defaults: Settings) => Change[]) {
  const defaults = defaultSettings(deps.config);
  const at = deps.clock();
  const result = await deps.store.transaction(function* (db) {
    // The values as the database has them now, read in the transaction that changes them, so the
    // audit's "from" is what this change replaced, whatever this instance last read.
    const before = yield* db.settings.all();
    const current = settingsFrom(before, defaults);
    // A value set to what it is, or a reset of a setting at its default already, changes nothing.
    const changes = plan(current, defaults).filter((c) => (c.row ? c.from !== c.to : before.some((r) => r.key === c.key)));
    for (const change of changes) yield* apply(db, change, adminId, at);
    if (changes.length > 0) {
      yield* db.counters.bump("settings_version", 1);
      const detail = Object.fromEntries(changes.map((c) => [c.key, { from: settingText(c.key, c.from as never), to: settingText(c.key, c.to as never) }]));
      yield* db.audit.insert({ adminId, action, targetType: "setting", targetId: null, detail, at });
    }
    return { changes, rows: yield* db.settings.all() };
  });
  // This instance applies its own change at once; the others within their next look.
  await deps.settings.refresh();
  return {
    changed: result.changes.map((c) => ({ key: c.key, from: settingText(c.key, c.from as never), to: settingText(c.key, c.to as never) })),
    settings: entries(result.rows, defaults),
  };
}

function* apply(db: Statements, change: Change, adminId: number | null, at: Date): Op<void> {
  if (!change.row) return yield* db.settings.remove(change.key);
  yield* db.settings.put({ key: change.key, value: JSON.stringify(settingText(change.key, change.to as never)), updatedAt: at, updatedBy: adminId });
}
