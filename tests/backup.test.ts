// `refbot db backup` and `refbot db restore` as processes, on both engines: the manifest beside a
// backup, its record in the database, --keep removing exactly the older copies of the same name
// pattern, and each refusal of a restore with its own exit code and nothing changed.
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/bun-sql";
import { migrate as migratePgWith } from "drizzle-orm/bun-sql/migrator";
import { drizzle as drizzleSqlite } from "drizzle-orm/bun-sqlite";
import { migrate as migrateSqlite } from "drizzle-orm/bun-sqlite/migrator";
import { shippedMigrations } from "@/db/migrations.ts";
import { pgClient, pgMigrationsFolder } from "@/db/pg/client.ts";
import { migrationsFolder } from "@/db/sqlite/client.ts";
import { runRefbot } from "./cli/support.ts";
import { pgTarget, sqliteTarget, type DbTarget } from "./support/backup-targets.ts";
import { usePostgres } from "./support/postgres.ts";

const pg = await usePostgres(import.meta.path);
const lastTag = { sqlite: shippedMigrations(migrationsFolder).at(-1)!.tag, postgres: shippedMigrations(pgMigrationsFolder).at(-1)!.tag };

/** A migrated database (migrated here unless it is already) holding one user whose 12.34 USDT balance its ledger accounts for. */
async function withUser(target: DbTarget, { migrated = false } = {}): Promise<DbTarget> {
  if (!migrated) expect((await runRefbot(["db", "migrate", "--db", target.db])).code).toBe(0);
  const now = target.engine === "sqlite" ? String(Date.now()) : "now()";
  await target.sql(`insert into users (tg_id, first_name, ref_code, balance, total_earned, created_at) values (42, 'Ann', 'ANN42', 12340000, 0, ${now})`);
  await target.sql(`insert into ledger (user_id, type, reason, amount, created_at) select id, 'credit', 'admin_adjustment', 12340000, ${now} from users where tg_id = 42`);
  return target;
}

/** Files named `names` in the folder, each older than the last by a day, with a manifest where asked. */
function oldFiles(folder: string, names: string[], manifests: string[] = []) {
  mkdirSync(folder, { recursive: true });
  names.forEach((name, i) => {
    writeFileSync(join(folder, name), `old ${name}`);
    const when = new Date(Date.UTC(2026, 10, 1 + i));
    utimesSync(join(folder, name), when, when);
  });
  for (const name of manifests) writeFileSync(join(folder, `${name}.manifest.json`), "{}");
}

const engines: [string, () => Promise<DbTarget>][] = [
  ["sqlite", async () => sqliteTarget()],
  ["postgres", () => pgTarget(pg)],
];

for (const [engine, make] of engines) {
  const it = engine === "postgres" ? pg.test : test;
  describe(engine, () => {
    it("a backup has its manifest beside it and its record in the database; --keep removes exactly the older copies of its name pattern", async () => {
      const target = await withUser(await make());
      const ext = target.ext;
      const older = [`refbot-2026-11-20.${ext}`, `refbot-2026-11-21.${ext}`, `refbot-2026-11-22.${ext}`, `refbot-2026-11-23.${ext}`];
      const others = [`refbot-2026-11-19.${ext}.bak`, `other-2026-11-19.${ext}`, `refbot-latest.${ext}`, `refbot-2026-11.${ext}`, "notes.txt"];
      oldFiles(target.backups, [...older, ...others], [older[0]!, older[1]!]);
      const file = join(target.backups, `refbot-2026-11-27.${ext}`);

      const r = await runRefbot(["db", "backup", file, "--db", target.db, "--keep", "3", "--json"]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
      // The newest three of the pattern stay, the new one among them; the rest go with their manifests.
      expect(readdirSync(target.backups).sort()).toEqual(
        [...others, older[2]!, older[3]!, `refbot-2026-11-27.${ext}`, `refbot-2026-11-27.${ext}.manifest.json`].sort(),
      );
      expect(r.json().removed.sort()).toEqual([join(target.backups, older[0]!), join(target.backups, older[1]!)]);

      const manifest = JSON.parse(readFileSync(`${file}.manifest.json`, "utf8"));
      const bytes = readFileSync(file);
      expect(manifest).toEqual({
        file: `refbot-2026-11-27.${ext}`,
        finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        engine,
        schemaVersion: lastTag[engine as "sqlite"],
        migrations: shippedMigrations(engine === "sqlite" ? migrationsFolder : pgMigrationsFolder).length,
        ledger: { ok: true, users: 1, balanceTotal: "12340000", problems: 0 },
        bytes: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      });
      expect(statSync(`${file}.manifest.json`).mode & 0o777).toBe(0o600);

      const runs = await target.sql("select file, engine, schema_version, bytes from backup_runs");
      expect(runs.map((row): Record<string, unknown> => ({ ...row, bytes: Number(row.bytes) }))).toEqual([{ file, engine, schema_version: lastTag[engine as "sqlite"], bytes: bytes.length }]);
      target.remove();
    }, 60_000);

    it("a copy that fails its ledger check is kept and says so, exits 1, is not recorded and removes nothing", async () => {
      const target = await withUser(await make());
      await target.sql("update users set balance = balance + 1");
      oldFiles(target.backups, [`refbot-1.${target.ext}`]);
      const file = join(target.backups, `refbot-2.${target.ext}`);
      const r = await runRefbot(["db", "backup", file, "--db", target.db, "--keep", "1"]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("fails its ledger check (1 problem(s)): kept, but not recorded as a good backup and no older one removed");
      expect(JSON.parse(readFileSync(`${file}.manifest.json`, "utf8")).ledger).toEqual({ ok: false, users: 1, balanceTotal: "12340001", problems: 1 });
      expect(readdirSync(target.backups).sort()).toEqual([`refbot-1.${target.ext}`, `refbot-2.${target.ext}`, `refbot-2.${target.ext}.manifest.json`]);
      expect(await target.sql("select * from backup_runs")).toEqual([]);
      target.remove();
    }, 60_000);

    it("restore refuses a missing file (6), what is not a refbot backup (7), one from a newer build (7) and one failing its ledger check (9), changing nothing", async () => {
      const target = await withUser(await make());
      const good = join(target.backups, `good.${target.ext}`);
      expect((await runRefbot(["db", "backup", good, "--db", target.db])).code).toBe(0);
      const before = await target.fingerprint();
      const restore = (file: string) => runRefbot(["db", "restore", file, "--db", target.db]);

      const missing = await restore(join(target.backups, "nothing-here"));
      expect({ code: missing.code, stderr: missing.stderr }).toEqual({ code: 6, stderr: `error: No backup at ${join(target.backups, "nothing-here")}\n` });

      const text = join(target.backups, "notes.txt");
      writeFileSync(text, "not a database");
      expect(await restore(text)).toMatchObject({ code: 7, stderr: expect.stringContaining("is not a refbot backup") });

      const stranger = join(target.backups, "stranger.sqlite");
      new Database(stranger, { create: true }).run("create table t (x)");
      expect(await restore(stranger)).toMatchObject({ code: 7, stderr: expect.stringContaining(target.engine === "sqlite" ? "is an SQLite database, but not refbot's" : "is an SQLite backup") });

      const newer = await fromAlteredCopy(target, good, "newer", [
        "insert into __drizzle_migrations (hash, created_at) values ('newer', 9999999999999)",
        "insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 9999999999999)",
      ]);
      expect(await restore(newer)).toMatchObject({ code: 7, stderr: expect.stringContaining("comes from a newer refbot: it has 1 migration(s) this build does not ship") });

      if (target.engine === "sqlite") {
        const unbalanced = await fromAlteredCopy(target, good, "unbalanced", ["update users set balance = balance + 1", ""]);
        expect(await restore(unbalanced)).toMatchObject({ code: 9, stderr: expect.stringContaining("fails the ledger check: 1 problem(s), the first balance_mismatch") });
      }
      expect(await target.fingerprint()).toBe(before);
      target.remove();
    }, 90_000);

    it("a backup older than this build is restored and migrated to it, and says so", async () => {
      const target = await make();
      const older = await olderBackup(target);
      const shipped = shippedMigrations(target.engine === "sqlite" ? migrationsFolder : pgMigrationsFolder);
      const r = await runRefbot(["db", "restore", older, "--db", target.db]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
      expect(r.stdout).toContain(`The backup was at ${shipped.at(-2)!.tag}, older than this build: applied 1 migration(s), now at ${shipped.at(-1)!.tag}.`);
      expect(r.stdout).toContain("Ledger ok: 1 users, 12.34 USDT in balances.");
      expect(await target.balancesNow()).toEqual(await target.balancesIn(older));
      const ready = await runRefbot(["db", "migrate", "--db", target.db, "--json"]);
      expect(ready.json()).toMatchObject({ applied: 0, total: shipped.length });
      target.remove();
    }, 90_000);
  });
}

test("sqlite: a restore onto a machine with no database yet puts the backup there", async () => {
  const target = await withUser(sqliteTarget());
  const file = join(target.backups, "refbot-1.sqlite");
  expect((await runRefbot(["db", "backup", file, "--db", target.db])).code).toBe(0);
  const fresh = join(mkdtempSync(join(tmpdir(), "refbot-fresh-")), "data", "refbot.sqlite");
  const r = await runRefbot(["db", "restore", file, "--db", fresh, "--json"]);
  expect(r.code).toBe(0);
  expect(r.json()).toMatchObject({ database: fresh, replaced: null, ledger: { users: 1, balanceTotal: "12340000", problems: [] } });
  expect(statSync(fresh).mode & 0o777).toBe(0o600);
  expect(readdirSync(join(fresh, "..")).sort()).toEqual(["refbot.sqlite"]);
  target.remove();
});

pg.test("postgres: restore refuses a database that holds tables without --force (11), says when the restored ledger fails (9); pg_dump older than the server is named", async () => {
  const target = await withUser(await pgTarget(pg));
  const file = join(target.backups, "refbot-1.dump");
  expect((await runRefbot(["db", "backup", file, "--db", target.db])).code).toBe(0);
  const before = await target.fingerprint();
  const r = await runRefbot(["db", "restore", file, "--db", target.db]);
  expect(r.code).toBe(11);
  expect(r.stderr).toMatch(/holds \d+ table\(s\): restore into an empty database, or give --force to replace what it holds/);
  expect(await target.fingerprint()).toBe(before);

  const unbalanced = await fromAlteredCopy(target, file, "unbalanced", ["", "update users set balance = balance + 1"]);
  const empty = await pgTarget(pg);
  const failed = await runRefbot(["db", "restore", unbalanced, "--db", empty.db]);
  expect(failed.code).toBe(9);
  expect(failed.stdout).toContain("Ledger check FAILED: 1 problem(s) in 1 users");
  expect(failed.stderr).toMatch(/the database restored at .* fails its ledger check: 1 problem\(s\)/);

  // A pg_dump of PostgreSQL 9 before the real one on the PATH.
  const bin = mkdtempSync(join(tmpdir(), "refbot-old-pgdump-"));
  writeFileSync(join(bin, "pg_dump"), "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n");
  chmodSync(join(bin, "pg_dump"), 0o755);
  const old = join(target.backups, "refbot-2.dump");
  const refused = await runRefbot(["db", "backup", old, "--db", target.db], { env: { PATH: `${bin}:${process.env.PATH}` } });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/pg_dump is PostgreSQL 9's, older than the server's \d+: install the client of the server's version \(apt-get install postgresql-client-\d+\)/);
  expect(existsSync(old)).toBe(false);
  target.remove();
}, 60_000);

test("--keep needs a name with a date or number in it, and a whole number from 1: bad usage before anything is written", async () => {
  const target = await withUser(sqliteTarget());
  const plain = join(target.backups, "latest.sqlite");
  const r = await runRefbot(["db", "backup", plain, "--db", target.db, "--keep", "3"]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: `error: --keep: ${plain} has no date or number in its name to tell older backups by; name it e.g. refbot-$(date +%F).sqlite\n` });
  const zero = await runRefbot(["db", "backup", join(target.backups, "refbot-1.sqlite"), "--db", target.db, "--keep", "0"]);
  expect({ code: zero.code, stderr: zero.stderr }).toEqual({ code: 2, stderr: "error: --keep: must be at least 1\n" });
  expect(existsSync(target.backups)).toBe(false);
  target.remove();
});

/**
 * A backup of a database one migration behind this build, as the build before would have written
 * it, holding one user with 12.34 USDT: migrated from a copy of the migrations folder without its
 * newest entry.
 */
async function olderBackup(target: DbTarget): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "refbot-older-migrations-"));
  cpSync(target.engine === "sqlite" ? migrationsFolder : pgMigrationsFolder, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8"));
  journal.entries.pop();
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  const source = target.engine === "sqlite" ? sqliteTarget() : await pgTarget(pg);
  if (source.engine === "sqlite") {
    const sqlite = new Database(source.db, { create: true });
    migrateSqlite(drizzleSqlite({ client: sqlite }), { migrationsFolder: folder });
    sqlite.close();
  } else {
    const client = pgClient(source.db, { max: 1 });
    await migratePgWith(drizzlePg({ client }), { migrationsFolder: folder });
    await client.close();
  }
  await withUser(source, { migrated: true });
  mkdirSync(target.backups, { recursive: true });
  const file = join(target.backups, `older.${target.ext}`);
  if (source.engine === "sqlite") copyFileSync(source.db, file);
  else expect(Bun.spawnSync(["pg_dump", "--format=custom", `--file=${file}`, `--dbname=${source.db}`]).exitCode).toBe(0);
  source.remove();
  return file;
}

/**
 * A copy of the backup `good` changed by SQL (`statements[0]` on SQLite, `[1]` on PostgreSQL),
 * made as the engine's own backup would be: the SQLite file edited, or a database restored from
 * the archive, edited and dumped again.
 */
async function fromAlteredCopy(target: DbTarget, good: string, name: string, statements: [string, string]): Promise<string> {
  const file = join(target.backups, `${name}.${target.ext}`);
  if (target.engine === "sqlite") {
    copyFileSync(good, file);
    const db = new Database(file);
    db.run(statements[0]);
    db.close();
    return file;
  }
  const scratch = await pgTarget(pg);
  const load = Bun.spawnSync(["pg_restore", "--no-owner", `--dbname=${scratch.db}`, good], { stderr: "pipe" });
  expect(load.stderr.toString()).toBe("");
  await scratch.sql(statements[1]);
  const dump = Bun.spawnSync(["pg_dump", "--format=custom", `--file=${file}`, `--dbname=${scratch.db}`], { stderr: "pipe" });
  expect(dump.stderr.toString()).toBe("");
  scratch.remove();
  return file;
}
