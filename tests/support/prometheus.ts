// A real Prometheus (the system's `prometheus`) scraping test servers, configured from the kit's
// deploy/prometheus/prometheus.yml: the same job, metrics path and bearer-token file, and the
// kit's alert rules, but scraping and evaluating every second, with the targets given and no
// Alertmanager. Its data lives in a temp folder removed by stop().
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server.ts";
import { startDaemon, type Daemon } from "./tools.ts";

const kit = join(import.meta.dir, "..", "..", "deploy", "prometheus");

type ScrapeConfig = { job_name: string; authorization: { credentials_file: string }; static_configs: { targets: string[] }[] };
type Config = { global: Record<string, string>; rule_files: string[]; alerting?: unknown; scrape_configs: ScrapeConfig[] };

export type Sample = { metric: Record<string, string>; value: [number, string] };
export type Target = { labels: Record<string, string>; health: "up" | "down" | "unknown"; lastError: string };
export type Alert = { labels: Record<string, string>; state: "pending" | "firing" };

export type TestPrometheus = Daemon & {
  url: string;
  /** An instant query's samples. */
  query(expr: string): Promise<Sample[]>;
  /** A query's one value as a number; undefined when it has no sample. */
  value(expr: string): Promise<number | undefined>;
  targets(): Promise<Target[]>;
  /** The alerts pending or firing now. */
  alerts(): Promise<Alert[]>;
};

export async function startPrometheus(binary: string, options: { targets: string[]; token: string }): Promise<TestPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), "refbot-prometheus-"));
  const config = Bun.YAML.parse(readFileSync(join(kit, "prometheus.yml"), "utf8")) as Config;
  config.global = { ...config.global, scrape_interval: "1s", scrape_timeout: "1s", evaluation_interval: "1s" };
  config.rule_files = [join(kit, "alerts.yml")];
  delete config.alerting;
  const job = config.scrape_configs.find((c) => c.job_name === "refbot")!;
  job.authorization.credentials_file = join(dir, "token");
  job.static_configs = [{ targets: options.targets }];
  writeFileSync(join(dir, "token"), `${options.token}\n`, { mode: 0o600 });
  // JSON is YAML.
  writeFileSync(join(dir, "prometheus.yml"), JSON.stringify(config));

  const url = `http://127.0.0.1:${await freePort()}`;
  const daemon = await startDaemon(
    [binary, `--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=${url.slice(7)}`, "--log.level=warn"],
    { dir, ready: () => fetch(`${url}/-/ready`).then((r) => r.ok, () => false), readyMs: 20_000 },
  );

  const api = async <T>(path: string): Promise<T> => {
    const answer = (await (await fetch(`${url}/api/v1/${path}`)).json()) as { status: string; data: T; error?: string };
    if (answer.status !== "success") throw new Error(`Prometheus ${path}: ${answer.error}`);
    return answer.data;
  };
  const query = async (expr: string) => (await api<{ result: Sample[] }>(`query?query=${encodeURIComponent(expr)}`)).result;
  return {
    url,
    query,
    async value(expr) {
      const [sample] = await query(expr);
      return sample ? Number(sample.value[1]) : undefined;
    },
    targets: async () => (await api<{ activeTargets: Target[] }>("targets")).activeTargets,
    alerts: async () => (await api<{ alerts: Alert[] }>("alerts")).alerts,
    ...daemon,
  };
}
