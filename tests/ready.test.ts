// GET /api/health/ready, what a load balancer asks: 200 only while the database answers and holds
// exactly the migrations this build ships; a 503 names what failed. Telegram being away leaves the
// instance ready. On both engines.
import { expect } from "bun:test";
import { sql } from "@/db/ops.ts";
import { publicRoutes } from "@/api/routes/public.ts";
import { shippedMigrations } from "@/db/migrations.ts";
import { migrationsFolder } from "@/db/sqlite/client.ts";
import { pgMigrationsFolder } from "@/db/pg/client.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";

const shipped = { sqlite: shippedMigrations(migrationsFolder), postgres: shippedMigrations(pgMigrationsFolder) };
const migrationsTable = { sqlite: sql.raw("__drizzle_migrations"), postgres: sql.raw("drizzle.__drizzle_migrations") };

await forEachAppEngine(import.meta.path, ({ engine, test, makeTestApp }) => {
  const journal = shipped[engine];
  const last = journal.at(-1)!;
  const table = migrationsTable[engine];
  /** Runs `during` with the database's migrations changed by `change`, which `undo` reverts after. */
  const changed = async (t: TestApp, change: ReturnType<typeof sql>, undo: ReturnType<typeof sql>, during: () => Promise<void>) => {
    await t.all(change);
    try {
      await during();
    } finally {
      await t.all(undo);
    }
  };

  test("ready: 200 with the database ok, every shipped migration applied and the bot's state", async () => {
    const t = await makeTestApp();
    const r = await t.request("GET", "/api/health/ready");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ready: true,
      database: "ok",
      migrations: { applied: journal.length, expected: journal.length, pending: [], unknown: 0, version: last.tag },
      bot: { state: "off", since: null, lastError: null, retryAt: null },
    });
  });

  test("a migration this build ships missing from the database: 503 naming it, liveness still 200", async () => {
    const t = await makeTestApp();
    await changed(t, sql`delete from ${table} where created_at = ${last.when}`, sql`insert into ${table} (hash, created_at) values ('restored', ${last.when})`, async () => {
      const r = await t.request("GET", "/api/health/ready");
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({
        ready: false,
        database: "ok",
        migrations: { applied: journal.length - 1, expected: journal.length, pending: [last.tag], unknown: 0 },
        message: `The database lacks 1 migration(s) this build ships: ${last.tag}`,
      });
      expect((await t.request("GET", "/api/health")).status).toBe(200);
    });
    expect((await t.request("GET", "/api/health/ready")).status).toBe(200);
  });

  test("a database a newer build migrated: 503, as this build does not know its schema", async () => {
    const t = await makeTestApp();
    const later = last.when + 86_400_000;
    await changed(t, sql`insert into ${table} (hash, created_at) values ('newer', ${later})`, sql`delete from ${table} where created_at = ${later}`, async () => {
      const r = await t.request("GET", "/api/health/ready");
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({
        ready: false,
        database: "ok",
        migrations: { applied: journal.length + 1, expected: journal.length, pending: [], unknown: 1 },
        message: "The database has 1 migration(s) this build does not ship: a newer build migrated it",
      });
    });
  });

  test("Telegram unreachable: still ready, the bot's state in the body", async () => {
    const t = await makeTestApp();
    const bot = { state: "unreachable" as const, since: new Date("2026-03-10T11:00:00Z"), lastError: "getMe: fetch failed", retryAt: new Date("2026-03-10T12:01:00Z") };
    const routes = publicRoutes(t.deps, { botStatus: () => bot }, Buffer.alloc(32));
    const res = await routes.handle(new Request("http://localhost/api/health/ready"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ready: true, database: "ok", bot: { state: "unreachable", lastError: "getMe: fetch failed", since: "2026-03-10T11:00:00.000Z" } });
  });
});
