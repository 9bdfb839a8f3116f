// Which of this build's migrations a database has applied: what readiness, a backup's manifest and
// a restore compare. Migrations are known by the time in their journal entry (`when`), which the
// migrator records as each one's created_at.

/** A migration this build ships: its journal tag (0012_backup_runs) and time. */
export type Migration = { tag: string; when: number };

export type MigrationState = {
  /** How many migrations the database records. */
  applied: number;
  /** How many this build ships. */
  expected: number;
  /** Tags this build ships that the database has not applied, oldest first. */
  pending: string[];
  /** Applied migrations this build does not ship: a newer build migrated the database. */
  unknown: number;
  /** The tag of the newest migration applied that this build knows; null when none. */
  version: string | null;
};

export function migrationState(applied: readonly number[], shipped: readonly Migration[]): MigrationState {
  const done = new Set(applied);
  const known = new Set(shipped.map((m) => m.when));
  const last = shipped.filter((m) => done.has(m.when)).at(-1);
  return {
    applied: done.size,
    expected: shipped.length,
    pending: shipped.filter((m) => !done.has(m.when)).map((m) => m.tag),
    unknown: [...done].filter((when) => !known.has(when)).length,
    version: last?.tag ?? null,
  };
}
