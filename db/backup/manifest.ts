// The manifest written beside each backup (<file>.manifest.json): what the copy holds, so a backup
// can be judged, and its file verified, without opening it.
import { createHash } from "node:crypto";
import { createReadStream, statSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import type { LedgerCheck } from "@/domain/ledger-check.ts";
import type { DatabaseEngine } from "@/domain/model/index.ts";
import type { MigrationState } from "@/domain/migrations.ts";

export type Manifest = {
  /** The backup's file name, in the same folder as the manifest. */
  file: string;
  finishedAt: string;
  engine: DatabaseEngine;
  /** The tag of the copy's last migration. */
  schemaVersion: string | null;
  migrations: number;
  ledger: { ok: boolean; users: number; balanceTotal: string; problems: number };
  bytes: number;
  sha256: string;
};

export const manifestPath = (backup: string) => `${backup}.manifest.json`;

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Writes the manifest of `backup` (as private as the backup) and answers it. */
export async function writeManifest(
  backup: string,
  facts: { engine: DatabaseEngine; finishedAt: Date; migrations: MigrationState; ledger: LedgerCheck },
): Promise<Manifest> {
  const { ledger } = facts;
  const manifest: Manifest = {
    file: basename(backup),
    finishedAt: facts.finishedAt.toISOString(),
    engine: facts.engine,
    schemaVersion: facts.migrations.version,
    migrations: facts.migrations.applied,
    ledger: { ok: ledger.problems.length === 0, users: ledger.users, balanceTotal: ledger.balanceTotal, problems: ledger.problems.length },
    bytes: statSync(backup).size,
    sha256: await sha256Of(backup),
  };
  writeFileSync(manifestPath(backup), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
