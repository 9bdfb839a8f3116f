// PostgreSQL dropping the server's connections under load, as a failover or a restarted pooler
// does: every backend of the database is terminated, again and again, while completions arrive
// in batches and score moves are added into rank_counts. Every request is answered; what was
// acknowledged is kept; nothing is paid twice; a user who heard an error can try again and ends
// with exactly one completion; the ledger and the rank counts hold; and the server then serves as
// before, change notices included.
import { afterAll, expect } from "bun:test";
import { openPg } from "@/db/pg/client.ts";
import { checkLedgerPg } from "@/db/pg/store/ledger.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { startFakeTelegram, type FakeTelegram } from "../support/fake-telegram.ts";
import { usePostgres } from "../support/postgres.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { until } from "../support/until.ts";

const pg = await usePostgres(import.meta.path);
const token = "123456:connection-loss-test-token";
const key = initDataKey(token);
let server: TestServer | undefined;
let tg: FakeTelegram | undefined;

afterAll(async () => {
  await server?.stop();
  tg?.stop();
});

const initData = (tgId: number) => signInitData({ user: { id: tgId, first_name: `Loss ${tgId}` }, authDate: Math.floor(Date.now() / 1000) }, key);

async function call(method: string, path: string, options: { token?: string; tgId?: number; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.tgId) headers["x-telegram-init-data"] = initData(options.tgId);
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server!.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

pg.test("connections dropped under load: every request answered, nothing acknowledged lost, nothing paid twice", async () => {
  const { url, sql } = await pg.database();
  tg = startFakeTelegram();
  server = await startTestServer({ DATABASE_URL: url, DATABASE_POOL: "6", BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, SKIP_WEB_BUILD: "true", SEED_DEMO: "false" });
  const admin = (await call("POST", "/api/auth/login", { body: { email: server.adminEmail, password: server.adminPassword } })).body.token as string;
  const task = (await call("POST", "/api/admin/tasks", { token: admin, body: { kind: "daily_activity", title: "Daily Check-in", rewardUsdt: "0.5" } })).body;
  expect(task.id).toBeGreaterThan(0);

  // Users known to the server first, so the load is completions, not sign-ups.
  const users = Array.from({ length: 160 }, (_, i) => 8_600_000 + i);
  for (const tgId of users) expect((await call("GET", "/api/me", { tgId })).status).toBe(200);

  let terminated = 0;
  let loading = true;
  const dropping = (async () => {
    while (loading) {
      await Bun.sleep(35);
      const [{ n }] = await sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
      terminated += n;
    }
  })();
  const first = await Promise.all(
    users.map(async (tgId, i) => {
      await Bun.sleep(i * 3);
      const res = await call("POST", `/api/tasks/${task.id}/complete`, { tgId }).catch((error: Error) => ({ status: 0, body: { error: error.message } }));
      return { tgId, ...res };
    }),
  );
  loading = false;
  await dropping;
  expect(terminated).toBeGreaterThan(0);

  // Answered, every one: a completion, or a 503 that says whether anything may have been saved
  // (never a 500 claiming that nothing changed, never a hang).
  for (const answer of first) {
    if (answer.status !== 200) expect([answer.status, answer.body?.code]).toEqual([503, expect.stringMatching(/^(DATABASE_UNAVAILABLE|COMMIT_UNCONFIRMED)$/)]);
  }
  const acknowledged = first.filter((a) => a.status === 200).map((a) => a.tgId);
  expect(acknowledged.length).toBeGreaterThan(0);
  const completed = async () =>
    (await sql`select u.tg_id from task_completions c join users u on u.id = c.user_id where c.task_id = ${task.id}`).map((r: { tg_id: string | number }) => Number(r.tg_id));
  expect(await completed()).toEqual(expect.arrayContaining(acknowledged));

  // Those who heard an error try again. Told nothing changed: it is done now. Told the commit is
  // unconfirmed: done now, or done already by the attempt whose answer was lost.
  // Right after the last drop the server may still hold the database for away, within its longest
  // pause between probes (2 s): told "nothing changed, try again", a client tries again, and the
  // service is back within 5 s.
  const completeAgain = async (tgId: number) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const answer = await call("POST", `/api/tasks/${task.id}/complete`, { tgId });
      if (answer.body?.code !== "DATABASE_UNAVAILABLE" || Date.now() > deadline) return answer;
      await Bun.sleep(100);
    }
  };
  for (const { tgId, body } of first.filter((a) => a.status !== 200)) {
    const again = await completeAgain(tgId);
    if (again.status === 200) continue;
    // Only an attempt that may have committed can have done it already.
    expect([again.status, again.body.code, body.code]).toEqual([409, "ALREADY_COMPLETED", "COMMIT_UNCONFIRMED"]);
  }
  expect((await completed()).sort()).toEqual([...users].sort());

  // One credit per completion, referring to it, and balances that are the sum of their ledger.
  const credits = await sql`select c.id, count(l.id)::int as credits, min(u.balance)::int8 as balance from task_completions c
    join users u on u.id = c.user_id left join ledger l on l.ref_id = c.id and l.reason = 'daily_task' and l.user_id = c.user_id
    where c.task_id = ${task.id} group by c.id`;
  expect(credits.filter((r: { credits: number }) => r.credits !== 1)).toEqual([]);
  expect(new Set(credits.map((r: { balance: string | number }) => Number(r.balance)))).toEqual(new Set([500_000]));
  const db = openPg(url, { max: 2 });
  expect((await checkLedgerPg(db)).problems).toEqual([]);
  await db.$client.close();

  // Score moves added in despite the drops: what leaderboards read is a count over users.
  await until("the score moves added in", async () => Number((await sql`select count(*)::int as n from rank_moves`)[0].n) === 0);
  const kept = await sql`select category, score, sum(users)::int as users from rank_counts where block = -1 group by 1, 2 having sum(users) <> 0 order by 1, 2`;
  const counted = await sql`select category, score, count(*)::int as users from users
    cross join lateral (values ('earnings', total_earned), ('referrals', qualified_referrals::int8), ('activity', tasks_completed::int8)) as s(category, score)
    where not is_banned group by 1, 2 order by 1, 2`;
  expect([...kept].map((r) => ({ ...r, score: Number(r.score) }))).toEqual([...counted].map((r) => ({ ...r, score: Number(r.score) })));

  // Still serving, and still hearing other processes' changes: a task switched off in the
  // database directly is refused within a second.
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  await sql`update tasks set is_active = false where id = ${task.id}`;
  await until("the task refused", async () => (await call("POST", `/api/tasks/${task.id}/complete`, { tgId: users[0] })).body?.code === "TASK_INACTIVE", 1_000);
}, 90_000);
