// `refbot db backup`: the copy, its manifest, its record in the database, and the older copies
// --keep lets go, in that order, each step only after the one before succeeded.
import { writeManifest, type Manifest } from "./manifest.ts";
import { pgDumpChecked } from "./pg.ts";
import { recordBackup, type BackupSource } from "./record.ts";
import { pruneSiblings } from "./retention.ts";
import { sqliteFacts, vacuumInto } from "./sqlite.ts";

export type BackupReport = {
  backup: string;
  manifest: Manifest;
  /** Whether backup_runs holds it; the reason when it could not be written (the backup is good all the same). */
  recorded: true | { error: string };
  /** Older backups removed by --keep, each with its manifest. */
  removed: string[];
};

/**
 * A copy whose ledger check fails is kept, with its manifest saying so, but it is not recorded as a
 * good backup and removes no older one.
 */
export async function takeBackup(source: BackupSource, target: string, options: { keep?: number; now: () => Date }): Promise<BackupReport> {
  const facts = source.engine === "sqlite" ? (vacuumInto(source.path, target), sqliteFacts(target)) : await pgDumpChecked(source.url, target);
  const finishedAt = options.now();
  const manifest = await writeManifest(target, { engine: source.engine, finishedAt, ...facts });
  if (!manifest.ledger.ok) return { backup: target, manifest, recorded: { error: "its ledger check failed" }, removed: [] };
  const recorded = await recordBackup(source, { finishedAt, file: target, engine: source.engine, schemaVersion: manifest.schemaVersion ?? "none", bytes: manifest.bytes }).then(
    () => true as const,
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  const removed = options.keep === undefined ? [] : pruneSiblings(target, options.keep);
  return { backup: target, manifest, recorded, removed };
}

