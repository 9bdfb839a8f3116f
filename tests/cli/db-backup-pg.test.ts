// `refbot db backup` on PostgreSQL hands over to pg_dump: a private custom-format file that
// pg_restore reads back into an empty database with every row.
import { expect } from "bun:test";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratePg } from "@/db/pg/client.ts";
import { usePostgres } from "../support/postgres.ts";
import { runRefbot } from "./support.ts";

const pg = await usePostgres(import.meta.path);

pg.test("a backup by URL is a private pg_dump file that restores every row; a failed one leaves no file", async () => {
  const source = await pg.database();
  await migratePg(source.url);
  await source.sql`insert into users (tg_id, first_name, ref_code, balance, total_earned, created_at) values (42, 'Ann', 'ANN42', 0, 0, now())`;
  const file = join(mkdtempSync(join(tmpdir(), "refbot-pgdump-")), "refbot.dump");
  const done = await runRefbot(["db", "backup", file, "--db", source.url, "--json"]);
  expect(done.code).toBe(0);
  expect(done.json()).toMatchObject({ backup: file, tool: "pg_dump" });
  expect(statSync(file).mode & 0o777).toBe(0o600);

  const restored = await pg.database();
  const restore = Bun.spawnSync(["pg_restore", "--no-owner", `--dbname=${restored.url}`, file], { stderr: "pipe" });
  expect(restore.exitCode).toBe(0);
  expect((await restored.sql`select first_name from users where tg_id = 42`)[0].first_name).toBe("Ann");

  const missing = join(mkdtempSync(join(tmpdir(), "refbot-pgdump-")), "none.dump");
  const failed = await runRefbot(["db", "backup", missing, "--db", source.url.replace(/\/[^/]+$/, "/refbot_no_such_database")]);
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain("pg_dump of");
  expect(() => statSync(missing)).toThrow();
});
