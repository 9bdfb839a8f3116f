// The database going away under a running server, for seconds, and coming back: the server
// answers every request at once with DATABASE_UNAVAILABLE rather than hanging or answering 500,
// it does not flood the database with connection attempts meanwhile (each one a backend process
// the database must start, and a crowd of them keeps a recovering server down), and it serves
// again within seconds of the database's return (and hears changes again at once:
// pg-change-feed.drill.ts). The server reaches PostgreSQL through a counting proxy, so every
// attempt is seen, refused ones included. The log says once that the database was lost, and
// once that it is back.
import { afterAll, expect } from "bun:test";
import { pgClient } from "@/db/pg/client.ts";
import { demoInitDataToken } from "@/api/app.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { usePostgres } from "../support/postgres.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { until } from "../support/until.ts";

const pg = await usePostgres(import.meta.path);
let server: TestServer | undefined;
let proxy: TcpProxy | undefined;

afterAll(async () => {
  await server?.stop();
  proxy?.stop();
});

// Demo mode (no bot, which is not what this is about): init data signed with the demo key.
const jwtSecret = "outage-drill-secret-at-least-32-characters";
const key = initDataKey(demoInitDataToken(jwtSecret));
const initData = (tgId: number) => signInitData({ user: { id: tgId, first_name: `Outage ${tgId}` }, authDate: Math.floor(Date.now() / 1000) }, key);
const me = async (tgId: number) => {
  const res = await fetch(`${server!.url}/api/me`, { headers: { "x-telegram-init-data": initData(tgId) } });
  return { status: res.status, code: ((await res.json().catch(() => null)) as { code?: string } | null)?.code };
};

pg.test("a database away for seconds: quick 503s, few connection attempts, one line in the log each way, and service again on its return", async () => {
  const { url, name } = await pg.database();
  // A database cannot be closed to connections from inside it.
  const outside = new URL(url);
  outside.pathname = "/postgres";
  const admin = pgClient(outside.toString(), { max: 1 });
  proxy = startTcpProxy(Number(new URL(url).port || 5432));
  const through = new URL(url);
  through.port = String(proxy.port);
  server = await startTestServer({ DATABASE_URL: through.toString(), DATABASE_POOL: "10", JWT_SECRET: jwtSecret, SKIP_WEB_BUILD: "true", SEED_DEMO: "false", LOG_LEVEL: "info" });
  expect((await me(9_100_001)).status).toBe(200);

  // Away: no new connection is accepted (FATAL 55000 at connect), and the server's are ended.
  await admin.unsafe(`alter database "${name}" allow_connections false`);
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
  const before = proxy.connections();
  const started = performance.now();
  const answers: { status: number; code?: string; ms: number }[] = [];
  // Requests keep coming, as from users' phones: 20 at a time, a wave at least every 100 ms, for 4 s.
  while (performance.now() - started < 4_000) {
    const wave = Array.from({ length: 20 }, async (_, i) => {
      const at = performance.now();
      const answer = await me(9_100_100 + i);
      answers.push({ ...answer, ms: performance.now() - at });
    });
    await Promise.all([Promise.all(wave), Bun.sleep(100)]);
  }
  const attempts = proxy.connections() - before;
  console.log(`database away for ${Math.round(performance.now() - started)} ms: ${answers.length} requests, ${attempts} connection attempts`);

  expect(answers.length).toBeGreaterThan(100);
  expect(new Set(answers.map((a) => `${a.status} ${a.code}`))).toEqual(new Set(["503 DATABASE_UNAVAILABLE"]));
  expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2_000);
  // Without a gate each request tries every slot of the pool on each of its five tries: some
  // 50 attempts a request, tens of thousands here. One probe at a time, with a growing pause,
  // costs a pool's worth every so often.
  expect(attempts).toBeLessThan(200);

  // Back: the server serves again within the longest pause.
  await admin.unsafe(`alter database "${name}" allow_connections true`);
  await admin.close();
  const back = performance.now();
  await until("the server to serve again", async () => (await me(9_100_002)).status === 200, 10_000);
  console.log(`served again ${Math.round(performance.now() - back)} ms after the database came back`);
  expect(performance.now() - back).toBeLessThan(7_000);

  const lines = server.logLines().filter((line) => line.component === "database");
  expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
    { level: "error", msg: "database unreachable: requests are answered 503 DATABASE_UNAVAILABLE until it is back" },
    { level: "info", msg: "database reachable again" },
  ]);
  expect(lines[1]!.awaySeconds as number).toBeGreaterThan(3);
}, 60_000);
