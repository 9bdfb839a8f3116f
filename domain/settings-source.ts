// The settings as this process holds them (deps.settings): read from memory on every request, and
// read again from the database only when settings_version moves. The version is asked a few times
// a second, so a change made on any instance, or by the CLI on the server's SQLite file, applies
// everywhere within a second, at the cost of one tiny statement per tick rather than one per request.
import type { DomainConfig } from "./context.ts";
import type { DomainLog } from "./log.ts";
import { defaultSettings, isSettingKey, readSetting, type Settings } from "./settings.ts";
import type { SettingRowView } from "./statements/settings.ts";
import type { Store } from "./store.ts";

export type SettingsSource = {
  /** Every setting's current value: a plain read of what was last loaded. */
  current(): Settings;
  /** Reads the version now, and the settings if it moved; resolves once the values are current. */
  refresh(): Promise<void>;
  /** Stops watching (the values stay as they are). */
  stop(): void;
};

/** How often the version is asked: well inside the second a change may take to reach every instance. */
export const settingsPollMs = 250;

/** The values the rows give, each row read with today's schema; a row it refuses keeps the default. */
export function settingsFrom(rows: readonly Pick<SettingRowView, "key" | "value">[], defaults: Settings, log?: DomainLog): Settings {
  const values: Record<string, unknown> = { ...defaults };
  for (const row of rows) {
    if (!isSettingKey(row.key)) continue;
    const read = readSetting(row.key, parseJson(row.value));
    if ("value" in read) values[row.key] = read.value;
    // Written through the rules, a row always passes; one written by hand, or before a bound was
    // tightened, must not stop the service, so the default stands and the log says why.
    else log?.warn({ setting: row.key, problem: read.problem.message }, "a stored setting is refused: its default applies");
  }
  return values as Settings;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Watches `store` for changes to the settings, from the defaults `config` gives. */
export function watchSettings(store: Store, config: DomainConfig, options: { log?: DomainLog; everyMs?: number } = {}): SettingsSource {
  const defaults = defaultSettings(config);
  let values = defaults;
  let version = -1;
  let reading: Promise<void> | undefined;
  const read = async () => {
    const now = await store.read((db) => db.settings.version());
    if (now === version) return;
    const rows = await store.read((db) => db.settings.all());
    values = settingsFrom(rows, defaults, options.log);
    // Kept after the rows: a change between the two reads moves the version again, so it is read next time.
    version = now;
  };
  let again: Promise<void> | undefined;
  const refresh = (): Promise<void> => {
    if (!reading) return (reading = read().finally(() => (reading = undefined)));
    // A read under way may have asked before what the caller just committed: one more follows it.
    return (again ??= reading.catch(() => {}).then(() => {
      again = undefined;
      return refresh();
    }));
  };
  const tick = () =>
    (reading ?? refresh()).catch((error) => {
      // A database that does not answer leaves the values as they were; the next tick tries again.
      options.log?.warn({ err: error }, "the settings could not be read: the last ones read still apply");
    });
  const timer = setInterval(tick, options.everyMs ?? settingsPollMs);
  // The watch never keeps a process alive on its own (the CLI's local commands end when done).
  timer.unref?.();
  void tick();
  return { current: () => values, refresh, stop: () => clearInterval(timer) };
}

/** Fixed values, for code that runs the rules without a database to watch. */
export function fixedSettings(values: Settings): SettingsSource {
  return { current: () => values, refresh: async () => {}, stop: () => {} };
}

