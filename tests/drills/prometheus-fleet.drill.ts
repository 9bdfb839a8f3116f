// The fleet drill under a real Prometheus: two servers on one PostgreSQL database, with a bot (so
// one of them leads), scraped every second with the kit's configuration and alert rules, under a
// stream of task completions. The leader is SIGKILLed: Prometheus finds it down and starts the
// RefbotInstanceDown alert for it, the other takes the lead, so RefbotNoLeader stays quiet, and
// it goes on serving, its counters moving. deploy/prometheus/alerts.test.yml plays the same drill
// in promtool's series, where the alerts' `for:` durations pass.
import { afterAll, expect, test } from "bun:test";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { startFakeTelegram } from "../support/fake-telegram.ts";
import { usePostgres } from "../support/postgres.ts";
import { startPrometheus } from "../support/prometheus.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { systemTool } from "../support/tools.ts";
import { until } from "../support/until.ts";

const pg = await usePostgres(import.meta.path);
const prometheus = systemTool("prometheus");
const botToken = "123456:prometheus-fleet-token";
const metricsToken = "prometheus-fleet-metrics-token-0123";
const key = initDataKey(botToken);
const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

const instanceOf = (server: TestServer) => `127.0.0.1:${server.port}`;

/** A new user completing the daily check-in (task 1 of the demo data) on `server`; the answer's status, 0 without one. */
async function completion(server: TestServer, tgId: number): Promise<number> {
  const initData = signInitData({ user: { id: tgId, first_name: `Fleet ${tgId}` }, authDate: Math.floor(Date.now() / 1000) }, key);
  return fetch(`${server.url}/api/tasks/1/complete`, { method: "POST", headers: { "x-telegram-init-data": initData } }).then((r) => r.status, () => 0);
}

const drill = prometheus ? pg.test : test.skip;

drill(
  "the leader SIGKILLed under load: Prometheus sees it down and starts its alert, the other leads and keeps serving",
  async () => {
    const tg = startFakeTelegram();
    stops.push(async () => tg.stop());
    const { url } = await pg.database();
    const env = {
      DATABASE_URL: url,
      DATABASE_POOL: "6",
      JWT_SECRET: "prometheus-fleet-secret-prometheus-fleet",
      BOT_TOKEN: botToken,
      TELEGRAM_API_ROOT: tg.apiRoot,
      METRICS_TOKEN: metricsToken,
      SKIP_WEB_BUILD: "true",
    };
    // One after the other: the first migrates and seeds the demo data (its tasks), and leads.
    const first = await startTestServer(env);
    stops.push(first.stop);
    const second = await startTestServer({ ...env, SEED_DEMO: "false" });
    stops.push(second.stop);
    const p = await startPrometheus(prometheus!, { targets: [instanceOf(first), instanceOf(second)], token: metricsToken });
    stops.push(p.stop);

    await until("both targets up", async () => (await p.targets()).filter((t) => t.health === "up").length === 2, 20_000);
    const leaderInstance = await until("one leader", async () => {
      const leaders = await p.query('refbot_leader{job="refbot"} == 1');
      return leaders.length === 1 && leaders[0]!.metric.instance;
    });
    const [leader, survivor] = leaderInstance === instanceOf(first) ? [first, second] : [second, first];

    // Completions on both instances, one after another on each, until told to stop; each
    // answer noted with whether its request was sent after the kill.
    let nextTgId = 8_300_000;
    let running = true;
    let killed = false;
    const answers: { server: TestServer; status: number; afterKill: boolean }[] = [];
    const load = [leader, survivor].map(async (server) => {
      while (running && !(server === leader && killed)) {
        const afterKill = killed;
        answers.push({ server, status: await completion(server, nextTgId++), afterKill });
      }
    });
    const survivorCompletions = `refbot_task_completions_total{job="refbot", instance="${instanceOf(survivor)}"}`;
    await until("completions counted on both", async () => (await p.query('refbot_task_completions_total{job="refbot"} > 0')).length === 2, 15_000);

    leader.signal("SIGKILL");
    killed = true;
    await leader.exited;
    const counted = (await p.value(survivorCompletions))!;

    await until("the killed instance down", async () => (await p.value(`up{job="refbot", instance="${leaderInstance}"}`)) === 0, 15_000);
    const downAlert = await until("RefbotInstanceDown for it", async () =>
      (await p.alerts()).find((a) => a.labels.alertname === "RefbotInstanceDown" && a.labels.instance === leaderInstance),
    );
    // Pending: its expression holds, and it fires once that has lasted the rule's minute.
    expect(downAlert.state).toBe("pending");
    await until("the survivor leading", async () => (await p.value(`refbot_leader{job="refbot", instance="${instanceOf(survivor)}"}`)) === 1, 15_000);
    await until("RefbotNoLeader quiet", async () => !(await p.alerts()).some((a) => a.labels.alertname === "RefbotNoLeader"), 15_000);
    expect(await p.value('sum(refbot_leader{job="refbot"})')).toBe(1);
    await until("the survivor's completions still counted", async () => (await p.value(survivorCompletions))! > counted + 5, 15_000);

    running = false;
    await Promise.all(load);
    const bySurvivor = answers.filter((a) => a.server === survivor);
    expect(bySurvivor.filter((a) => a.afterKill).length).toBeGreaterThan(5);
    expect(bySurvivor.filter((a) => a.status !== 200)).toEqual([]);
    // The leader answered until the kill, but for the one request it was serving then.
    const byLeader = answers.filter((a) => a.server === leader);
    expect(byLeader.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(byLeader.filter((a) => a.status !== 200).length).toBeLessThanOrEqual(1);
  },
  60_000,
);
