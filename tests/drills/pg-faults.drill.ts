// The ways a database's network fails, under two real servers sharing one PostgreSQL database
// through a proxy: connections refused; accepted and closed at once (a load balancer in front of a
// dead database); accepted and never answered (a partition, which also stops the open ones); and
// open connections frozen while new ones would work (half-open TCP). In each, every request is
// answered within 5 s (503 DATABASE_UNAVAILABLE, or a success where new connections work),
// readiness says what the database is doing, and service returns within 5 s of the proxy healing.
// Task completions run throughout: every one acknowledged is in the ledger, and the ledger holds.
import { afterAll, expect } from "bun:test";
import { openPg } from "@/db/pg/client.ts";
import { demoInitDataToken } from "@/api/app.ts";
import { checkLedgerPg } from "@/db/pg/store/ledger.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { usePostgres } from "../support/postgres.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { startTcpProxy, type ProxyMode, type TcpProxy } from "../support/tcp-proxy.ts";

const pg = await usePostgres(import.meta.path);
let servers: TestServer[] = [];
let proxy: TcpProxy | undefined;

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  proxy?.stop();
});

/** The longest any answer may take, during a fault or after it. */
const answerWithinMs = 5_000;
/** How long each fault lasts. */
const faultMs = 7_000;

const jwtSecret = "fault-drill-secret-at-least-32-characters";
const key = initDataKey(demoInitDataToken(jwtSecret));
const initData = (tgId: number) => signInitData({ user: { id: tgId, first_name: `Fault ${tgId}` }, authDate: Math.floor(Date.now() / 1000) }, key);

type Answer = { what: string; status: number; code?: string; body: any; ms: number };

async function call(server: TestServer, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const at = performance.now();
  const res = await fetch(`${server.url}${path}`, { method, headers, signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
  const body = res ? await res.json().catch(() => null) : null;
  return { what: `${method} ${path}`, status: res?.status ?? 0, code: body?.code, body, ms: performance.now() - at };
}

let nextTgId = 9_300_000;
const me = (server: TestServer, tgId: number) => call(server, "GET", "/api/me", { "x-telegram-init-data": initData(tgId) });
const complete = (server: TestServer, tgId: number, taskId: number) =>
  call(server, "POST", `/api/tasks/${taskId}/complete`, { "x-telegram-init-data": initData(tgId) });

pg.test("refused, closed, black-holed and frozen connections: answers within 5 s, readiness, and service again within 5 s", async () => {
  const { url, sql } = await pg.database();
  proxy = startTcpProxy(Number(new URL(url).port || 5432));
  const through = new URL(url);
  through.port = String(proxy.port);
  const env = { DATABASE_URL: through.toString(), DATABASE_POOL: "6", JWT_SECRET: jwtSecret, SKIP_WEB_BUILD: "true", SEED_DEMO: "false" };
  // One after the other: the first applies the migrations.
  servers = [await startTestServer(env)];
  servers.push(await startTestServer(env));
  const [a, b] = servers as [TestServer, TestServer];
  const [{ id: taskId }] = await sql`insert into tasks (kind, title, reward, is_active, created_at) values ('daily_activity', 'Daily', 200000, true, now()) returning id`;
  const acknowledged: number[] = [];
  const report: string[] = [];

  /** Requests from users' phones to both servers, `wave` at a time, until `until` says stop. */
  async function traffic(stop: () => boolean): Promise<Answer[]> {
    const answers: Answer[] = [];
    while (!stop()) {
      const wave = servers.flatMap((server) => {
        const tgId = nextTgId++;
        return [
          me(server, tgId),
          (async () => {
            const answer = await complete(server, tgId, Number(taskId));
            if (answer.status === 200) acknowledged.push(tgId);
            return answer;
          })(),
          call(server, "GET", "/api/health/ready"),
          call(server, "GET", "/api/health"),
        ];
      });
      answers.push(...(await Promise.all([Promise.all(wave), Bun.sleep(150)]))[0]);
    }
    return answers;
  }

  /** Until both servers serve a sign-in and a completion again; answers how long that took. */
  async function serving(): Promise<number> {
    const from = performance.now();
    for (;;) {
      const answers = await Promise.all(
        servers.flatMap((server) => {
          const tgId = nextTgId++;
          return [
            me(server, tgId),
            complete(server, tgId, Number(taskId)).then((answer) => {
              if (answer.status === 200) acknowledged.push(tgId);
              return answer;
            }),
          ];
        }),
      );
      if (answers.every((x) => x.status === 200)) return performance.now() - from;
      if (performance.now() - from > 20_000) throw new Error(`not serving 20 s on: ${JSON.stringify(answers.map((x) => [x.status, x.code]))}`);
      await Bun.sleep(50);
    }
  }

  await serving();
  for (const mode of ["refuse", "close", "black-hole", "freeze"] satisfies ProxyMode[]) {
    // Warm pools, so that there are open connections for the fault to catch.
    await Promise.all(Array.from({ length: 6 }, () => serving()));
    proxy.fail(mode as Exclude<ProxyMode, "pass">);
    const started = performance.now();
    const during = await traffic(() => performance.now() - started > faultMs);
    proxy.heal();
    const recovery = await serving();

    const worst = Math.max(...during.map((x) => x.ms));
    const seen = [...new Set(during.map((x) => `${x.what.startsWith("POST") ? "complete" : x.what.split(" ")[1]} ${x.status} ${x.code ?? ""}`.trim()))].sort();
    report.push(`${mode}: ${during.length} answers, worst ${Math.round(worst)} ms, service again ${Math.round(recovery)} ms after healing; ${seen.join(", ")}`);
    console.log(report.at(-1));

    expect(worst).toBeLessThan(answerWithinMs);
    expect(recovery).toBeLessThan(answerWithinMs);
    // Never a 500, never a dropped connection: a success or the database being away (readiness
    // says so in its body's `database`, the other routes in their error code).
    const away = (x: (typeof during)[number]) => ["DATABASE_UNAVAILABLE", "COMMIT_UNCONFIRMED"].includes(x.code ?? "") || x.body?.database === "unavailable";
    const wrong = during.filter((x) => x.status !== 200 && !(x.status === 503 && away(x)));
    expect(wrong.map((x) => `${x.what} ${x.status} ${x.code}`)).toEqual([]);
    // Liveness stays up, and says what it last saw of the database.
    expect(during.filter((x) => x.what.endsWith("/api/health")).every((x) => x.status === 200)).toBe(true);
    const ready = during.filter((x) => x.what.endsWith("/api/health/ready"));
    if (mode === "freeze") {
      // New connections work: the frozen pool is replaced and service goes on during the fault.
      const last = during.filter((x) => x.what.startsWith("POST")).slice(-4);
      expect(last.map((x) => x.status)).toEqual([200, 200, 200, 200]);
      // Each server says in its log that it replaced its pool, and why.
      for (const server of servers) {
        expect(server.logLines()).toContainEqual(expect.objectContaining({ level: "warn", component: "database", msg: expect.stringMatching(/^database connections replaced/), reason: expect.any(String) }));
      }
    } else {
      expect(during.filter((x) => !x.what.endsWith("/api/health") && x.status === 200)).toEqual([]);
      expect(ready.every((x) => x.status === 503 && x.body?.ready === false && x.body?.database === "unavailable")).toBe(true);
      const health = during.filter((x) => x.what.endsWith("/api/health"));
      expect(health.at(-1)!.body.database).toBe("unavailable");
    }
    expect((await call(a, "GET", "/api/health/ready")).body).toMatchObject({ ready: true, database: "ok", migrations: { pending: [], unknown: 0 } });
    expect((await call(b, "GET", "/api/health")).body.database).toBe("ok");
  }
  console.log(`fault drill: ${report.join("; ")}`);

  // Every completion acknowledged is in the ledger, once, and the ledger holds.
  const paid = await sql`select u.tg_id::int as "tgId" from ledger l join users u on u.id = l.user_id where l.reason = 'daily_task'`;
  const paidIds = new Set(paid.map((r: { tgId: number }) => r.tgId));
  expect(acknowledged.filter((id) => !paidIds.has(id))).toEqual([]);
  expect(paid.length).toBe(paidIds.size);
  const db = openPg(url, { max: 1 });
  expect((await checkLedgerPg(db)).problems).toEqual([]);
  await db.$client.close();
}, 240_000);
