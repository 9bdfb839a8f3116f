// The real server, as `npm start` runs it, on both engines: it serves GET /metrics to this machine
// (in Prometheus's text format, which promtool checks on what it answered after real traffic), its
// rules, its database and its process report to it, and METRICS=false turns it all off.
import { expect, test } from "bun:test";
import { usePostgres } from "./support/postgres.ts";
import { sample, samples } from "./support/exposition.ts";
import { startTestServer, type TestServer } from "./support/server.ts";

const pg = await usePostgres(import.meta.path);
// CI installs Prometheus's tools: there the check must run, and fails if promtool is missing.
const promtool = Bun.which("promtool") ?? (process.env.CI === "true" ? "promtool" : undefined);

type ActiveTask = { id: number; isCompleted: boolean; kind: string };

/** A demo user's daily task (the first demo user who has not done today's), an admin's look, and a wrong turn. */
async function traffic(server: TestServer) {
  let done: { user: Record<string, string>; taskId: number } | undefined;
  for (let tgId = 1_000_001; !done && tgId <= 1_000_020; tgId++) {
    const user = { "x-telegram-id": String(tgId) };
    const tasks = (await (await fetch(`${server.url}/api/tasks/active`, { headers: user })).json()) as ActiveTask[];
    const daily = tasks.find((task) => task.kind === "daily_activity" && !task.isCompleted);
    if (daily) done = { user, taskId: daily.id };
  }
  expect(done).toBeDefined();
  const complete = () => fetch(`${server.url}/api/tasks/${done!.taskId}/complete`, { method: "POST", headers: done!.user });
  expect((await complete()).status).toBe(200);
  expect((await complete()).status).toBe(409);
  const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }) });
  const { token } = (await login.json()) as { token: string };
  expect((await fetch(`${server.url}/api/admin/withdrawals?status=pending`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  expect((await fetch(`${server.url}/api/nothing/here`)).status).toBe(404);
}

for (const engine of ["sqlite", "postgres"] as const) {
  const run = engine === "postgres" ? pg.test : test;
  const start = async (env: Record<string, string> = {}) => startTestServer(engine === "postgres" ? { DATABASE_URL: (await pg.database()).url, ...env } : env);

  run(
    `${engine}: the server serves /metrics to this machine, and promtool accepts what it answers after traffic${engine === "sqlite" ? "; METRICS=false serves none" : ""}`,
    async () => {
      const server = await start();
      try {
        // The demo data went through the rules in this process, so its completions are counted too.
        const before = samples(await (await fetch(`${server.url}/metrics`)).text());
        await traffic(server);
        const res = await fetch(`${server.url}/metrics`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
        const text = await res.text();
        const seen = samples(text);
        expect(sample(seen, "refbot_task_completions_total")! - sample(before, "refbot_task_completions_total")!).toBe(1);
        expect(sample(seen, "refbot_errors_total", { code: "ALREADY_COMPLETED" })).toBe(1);
        expect(sample(seen, "refbot_http_request_duration_seconds_count", { route: "/api/tasks/:id/complete", method: "POST", status_class: "2xx" })).toBe(1);
        expect(sample(seen, "refbot_db_group_commit_batch_size_sum")).toBeGreaterThanOrEqual(1);
        expect(sample(seen, "refbot_db_reachable")).toBe(1);
        expect(sample(seen, "refbot_leader")).toBe(1);
        expect(sample(seen, "refbot_bot_state", { state: "off" })).toBe(1);
        expect(sample(seen, "refbot_bot_state", { state: "active" })).toBe(0);
        // The demo data's withdrawals, counted by the rules that made them.
        expect(sample(seen, "refbot_withdrawals", { status: "pending" })).toBeGreaterThan(0);
        expect(sample(seen, "process_resident_memory_bytes")).toBeGreaterThan(0);
        expect(sample(seen, "nodejs_eventloop_lag_seconds")).toBeDefined();
        if (engine === "sqlite") expect(sample(seen, "refbot_sqlite_wal_bytes")).toBeGreaterThanOrEqual(0);
        else expect(seen.samples.some((s) => s.name === "refbot_pg_pool_connections")).toBe(true);
        // What Bun cannot fill is left out rather than served as zeros.
        expect(text).not.toContain("nodejs_gc_duration_seconds");
        expect(text).not.toContain("nodejs_heap_space_size");

        if (promtool) {
          const check = Bun.spawn([promtool, "check", "metrics"], { stdin: new TextEncoder().encode(text), stdout: "pipe", stderr: "pipe" });
          const [code, said] = await Promise.all([check.exited, new Response(check.stderr).text()]);
          expect({ code, said }).toEqual({ code: 0, said: "" });
        }
      } finally {
        await server.stop();
      }
      if (engine === "postgres") return;
      // METRICS=false: nothing measured, and /metrics is a path like any other that leads nowhere.
      const unmetered = await start({ METRICS: "false" });
      try {
        const res = await fetch(`${unmetered.url}/metrics`);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain("refbot_");
      } finally {
        await unmetered.stop();
      }
    },
    120_000,
  );
}
