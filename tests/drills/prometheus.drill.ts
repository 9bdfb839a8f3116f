// A real Prometheus scraping a real server with the kit's scrape configuration
// (deploy/prometheus/prometheus.yml): the bearer token read from its file, the target up, and
// the server's counters moving in Prometheus as users complete tasks.
import { afterAll, expect, test } from "bun:test";
import { startPrometheus, type TestPrometheus } from "../support/prometheus.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { systemTool } from "../support/tools.ts";
import { until } from "../support/until.ts";

const prometheus = systemTool("prometheus");
const token = "deploy-kit-metrics-token-0123456789";
const stops: (() => Promise<unknown>)[] = [];
afterAll(() => Promise.all(stops.map((stop) => stop())));

let started: Promise<TestServer> | undefined;
const server = () =>
  (started ??= startTestServer({ METRICS_TOKEN: token, SKIP_WEB_BUILD: "true" }).then((s) => {
    stops.push(s.stop);
    return s;
  }));

async function scraping(server: TestServer, withToken: string): Promise<TestPrometheus> {
  const p = await startPrometheus(prometheus!, { targets: [`127.0.0.1:${server.port}`], token: withToken });
  stops.push(p.stop);
  return p;
}

/** A new user (demo mode's signed launch data) completing the daily check-in, task 1 of the demo data. */
async function completeDailyTask(server: TestServer, tgId: number) {
  const { initData } = (await (await fetch(`${server.url}/api/demo/init-data?tgId=${tgId}`)).json()) as { initData: string };
  const answer = await fetch(`${server.url}/api/tasks/1/complete`, { method: "POST", headers: { "x-telegram-init-data": initData } });
  expect(answer.status).toBe(200);
}

test.skipIf(!prometheus)("Prometheus scrapes the server with the token from its file, and sees completions and answers counted", async () => {
  const s = await server();
  const p = await scraping(s, token);
  await until("the target up", async () => (await p.targets()).some((t) => t.health === "up"), 15_000);
  const completions = 'sum(refbot_task_completions_total{job="refbot"})';
  const answered = 'sum(refbot_http_request_duration_seconds_count{job="refbot", route="/api/tasks/:id/complete", status_class="2xx"})';
  // Prometheus marks a target up before it commits that scrape's samples, so the first
  // scrape's counter is awaited rather than read once the target is up.
  const before = await until("the first scrape's completions stored", async () => {
    const value = await p.value(completions);
    return value !== undefined && { value };
  }).then((stored) => stored.value);
  expect(before).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < 3; i++) await completeDailyTask(s, 7_300_000 + i);
  await until("three completions counted", async () => (await p.value(completions)) === before + 3, 15_000);
  await until("their answers timed", async () => (await p.value(answered)) === 3, 15_000);
  expect(await p.value('refbot_db_reachable{job="refbot"}')).toBe(1);
  expect(await p.value('refbot_leader{job="refbot"}')).toBe(1);
}, 60_000);

test.skipIf(!prometheus)("with another token the target is down, and Prometheus says the server answered 401", async () => {
  const p = await scraping(await server(), "not-the-metrics-token-0123456789");
  const target = await until("the scrape to fail", async () => (await p.targets()).find((t) => t.health === "down"), 15_000);
  expect(target.lastError).toContain("401");
  await until("up to be 0", async () => (await p.value('up{job="refbot"}')) === 0, 15_000);
}, 60_000);
