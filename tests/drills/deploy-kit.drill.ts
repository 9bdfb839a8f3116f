// The deployment kit (deploy/) checked by the tools that will run it: systemd-analyze verifies
// the units as installed, Caddy validates its configuration and serves two real servers through
// it, promtool checks and tests the alert rules and the scrape configuration.
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { caddyEnv, caddyfile, startCaddy } from "../support/caddy.ts";
import { startFakeTelegram } from "../support/fake-telegram.ts";
import { usePostgres } from "../support/postgres.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { run, systemTool } from "../support/tools.ts";
import { runUnit } from "../support/unit-commands.ts";

const root = join(import.meta.dir, "..", "..");
const kit = join(root, "deploy");
const scratch = mkdtempSync(join(tmpdir(), "refbot-deploy-kit-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const systemdAnalyze = systemTool("systemd-analyze");
const caddy = systemTool("caddy");
const promtool = systemTool("promtool");
const pg = await usePostgres(import.meta.path);

describe("systemd units", () => {
  const unitsDir = join(kit, "systemd");
  const kitUnits = () => Object.fromEntries(readdirSync(unitsDir).map((name) => [name, readFileSync(join(unitsDir, name), "utf8")]));
  // What an install provides that the units run: the checkout at /opt/refbot with Bun from
  // node_modules, and the system's shell.
  const installed = ["/opt/refbot/node_modules/.bin/bun", "/bin/sh"];
  // Each unit as systemctl would name it: the template through an instance.
  const instances = (names: string[]) => names.map((name) => name.replace("@.", "@3000."));

  /**
   * A filesystem root laid out as docs/operations.md installs refbot: the units in
   * /etc/systemd/system, the system's own units (for the targets they name), and an executable
   * stand-in at each installed path (verify checks that a command exists and may be run).
   */
  function installRoot(units: Record<string, string>): string {
    const dir = mkdtempSync(join(scratch, "root-"));
    cpSync("/usr/lib/systemd/system", join(dir, "usr/lib/systemd/system"), { recursive: true });
    mkdirSync(join(dir, "etc/systemd/system"), { recursive: true });
    for (const [name, text] of Object.entries(units)) writeFileSync(join(dir, "etc/systemd/system", name), text);
    for (const path of installed) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), "#!/bin/sh\n", { mode: 0o755 });
    }
    return dir;
  }

  /** systemd-analyze verify on the units installed under a root; a warning counts as a failure. */
  function verify(units: Record<string, string>) {
    const result = run([systemdAnalyze!, "verify", `--root=${installRoot(units)}`, ...instances(Object.keys(units))]);
    return { ...result, ok: result.code === 0 && result.output.trim() === "" };
  }

  const withUnit = (name: string, edit: (text: string) => string) => {
    const units = kitUnits();
    const edited = edit(units[name]!);
    expect(edited).not.toBe(units[name]);
    return { ...units, [name]: edited };
  };

  test.skipIf(!systemdAnalyze)("systemd-analyze verify passes every unit, with no warning", () => {
    expect(Object.keys(kitUnits()).sort()).toEqual([
      "refbot-backup.service",
      "refbot-backup.timer",
      "refbot-broadcast-flush.service",
      "refbot-broadcast-flush.timer",
      "refbot@.service",
    ]);
    const result = verify(kitUnits());
    expect(result.output).toBe("");
    expect(result.code).toBe(0);
  });

  test.skipIf(!systemdAnalyze)("and fails a misspelt setting, a command not installed and a timer's bad calendar", () => {
    expect(verify(withUnit("refbot@.service", (t) => t.replace("ProtectSystem=strict", "ProtectSytem=strict"))).ok).toBe(false);
    expect(verify(withUnit("refbot@.service", (t) => t.replace("/opt/refbot/node_modules/.bin/bun", "/usr/local/bin/bun"))).ok).toBe(false);
    expect(verify(withUnit("refbot-backup.timer", (t) => t.replace("*-*-* 03:15:00", "daily at 3"))).ok).toBe(false);
  });

  test("the files the units run from the checkout exist in it", () => {
    for (const [name, text] of Object.entries(kitUnits())) {
      if (!name.endsWith(".service")) continue;
      expect(text).toContain("WorkingDirectory=/opt/refbot\n");
      const commands = [...text.matchAll(/^Exec\w+=(.*)$/gm)].map((m) => m[1]!);
      expect(commands.length).toBeGreaterThan(0);
      for (const command of commands) {
        const inCheckout = [...command.matchAll(/\/opt\/refbot\/([\w./-]+)|(?<=\s)([\w-]+\/[\w./-]+\.ts)\b/g)].map((m) => m[1] ?? m[2]!);
        expect(inCheckout.length).toBeGreaterThan(0);
        for (const path of inCheckout) expect(existsSync(join(root, path))).toBe(true);
      }
    }
  });

  // systemd-analyze's own score of what a service may do (0 none of the checks pass .. 10):
  // the kit's are 1.7; a unit that lost its sandbox scores far above 2.
  test.skipIf(!systemdAnalyze)("every service keeps systemd's exposure score at 2 or below", () => {
    const units = kitUnits();
    const dir = installRoot(units);
    const exposure = (name: string, at = dir) => run([systemdAnalyze!, "security", "--offline=true", `--root=${at}`, "--threshold=20", ...instances([name])]);
    for (const name of Object.keys(units).filter((n) => n.endsWith(".service"))) {
      const result = exposure(name);
      expect(result.output).toContain("Overall exposure level");
      expect(result.code).toBe(0);
    }
    const unsandboxed = withUnit("refbot@.service", (t) => t.replace(/^(Protect|Private|Restrict|SystemCall|NoNewPrivileges|CapabilityBoundingSet).*\n/gm, ""));
    expect(exposure("refbot@.service", installRoot(unsandboxed)).code).not.toBe(0);
  });

  // The server's graceful stop must end well before systemd's SIGKILL.
  test("a server under load stops on SIGTERM well within the unit's TimeoutStopSec", async () => {
    const timeoutSeconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(kitUnits()["refbot@.service"]!)?.[1]);
    expect(timeoutSeconds).toBeGreaterThan(0);
    const server = await startTestServer({ SKIP_WEB_BUILD: "true" });
    let stopping = false;
    let served = 0;
    // The seeded demo users, signed in by their plain id (demo mode).
    const load = Array.from({ length: 8 }, async (_, i) => {
      while (!stopping) {
        const status = await fetch(`${server.url}/api/me`, { headers: { "x-telegram-id": String(1_000_001 + (i % 3)) } }).then((r) => r.status, () => 0);
        if (status === 200) served++;
      }
    });
    await Bun.sleep(1000);
    const started = performance.now();
    server.signal("SIGTERM");
    const code = await server.exited;
    const seconds = (performance.now() - started) / 1000;
    stopping = true;
    await Promise.all(load);
    server.removeDir();
    expect(served).toBeGreaterThan(20);
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(timeoutSeconds / 3);
  }, 60_000);
});

describe("the timers' services, their commands run as the units run them", () => {
  const unit = (name: string) => readFileSync(join(kit, "systemd", name), "utf8");
  /** The install's folders in a temp folder of their own, and the checkout for /opt/refbot. */
  const installPaths = () => {
    const dir = mkdtempSync(join(scratch, "install-"));
    const paths = { "/opt/refbot": root, "/etc/refbot": join(dir, "etc"), "/var/lib/refbot": join(dir, "data"), "/var/backups/refbot": join(dir, "backups") };
    for (const path of Object.values(paths).slice(1)) mkdirSync(path);
    // PrivateTmp=yes: the run's own /tmp.
    mkdirSync(join(dir, "tmp"));
    return { dir, paths: { ...paths, "XDG_CONFIG_HOME=/tmp": `XDG_CONFIG_HOME=${join(dir, "tmp")}` } };
  };
  const cli = (...args: string[]) => run([process.execPath, "run", join(root, "cli/index.ts"), ...args]);

  test("refbot-backup makes a backup named for the time with its manifest, and keeps the newest 7", async () => {
    const { paths } = installPaths();
    writeFileSync(join(paths["/etc/refbot"], "refbot.env"), "LOG_LEVEL=warn\n");
    expect(cli("db", "migrate", "--db", join(paths["/var/lib/refbot"], "refbot.sqlite")).code).toBe(0);
    // Seven older backups from earlier nights, the oldest first.
    const backups = paths["/var/backups/refbot"];
    for (let day = 1; day <= 7; day++) {
      const older = join(backups, `refbot-2026010${day}-031500.backup`);
      writeFileSync(older, "an older backup");
      writeFileSync(`${older}.manifest.json`, "{}");
      utimesSync(older, new Date(`2026-01-0${day}T03:15:00Z`), new Date(`2026-01-0${day}T03:15:00Z`));
    }
    const result = await runUnit(unit("refbot-backup.service"), paths);
    expect(result.output).toContain("Backed up");
    expect(result.output).toContain("Removed 1 older backup(s) (--keep 7)");
    expect(result.code).toBe(0);
    const names = readdirSync(backups).sort();
    const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
    const made = names.filter((n) => new RegExp(`^refbot-${today}-\\d{6}\\.backup$`).test(n));
    expect(made).toHaveLength(1);
    expect(names).toContain(`${made[0]}.manifest.json`);
    expect(names.filter((n) => n.endsWith(".backup"))).toHaveLength(7);
    expect(names).not.toContain("refbot-20260101-031500.backup");
    expect(names).not.toContain("refbot-20260101-031500.backup.manifest.json");
  }, 60_000);

  test("refbot-broadcast-flush sends the next batch with the API token in its env file; a revoked token, or one without broadcast:flush, sends nothing", async () => {
    const tg = startFakeTelegram();
    const server = await startTestServer({
      BOT_TOKEN: "123456:deploy-kit-flush-token",
      TELEGRAM_API_ROOT: tg.apiRoot,
      BROADCAST_INTERVAL: "0",
      BROADCAST_BATCH: "5",
      BROADCAST_GAP_MS: "0",
      SKIP_WEB_BUILD: "true",
    });
    try {
      const { token } = (await (await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
      })).json()) as { token: string };
      const asOwner = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      const queued = await asOwner("/api/admin/broadcast", { message: "News from the deploy kit" });
      expect(queued.status).toBe(201);
      const apiToken = async (name: string, scopes: string[]) => ((await (await asOwner("/api/admin/tokens", { name, scopes })).json()) as { id: number; token: string });
      // The seeded demo data sends notices of its own.
      const news = () => tg.delivered().filter((c) => c.body.text === "News from the deploy kit");
      const { paths } = installPaths();
      const etc = paths["/etc/refbot"];
      const flushEnv = (value: string) => writeFileSync(join(etc, "flush.env"), `REFBOT_API_URL=${server.url}\nREFBOT_TOKEN=${value}\n`, { mode: 0o600 });

      flushEnv((await apiToken("reports", ["stats:read"])).token);
      const outsideScope = await runUnit(unit("refbot-broadcast-flush.service"), paths);
      expect(outsideScope.code).toBe(1);
      expect(outsideScope.output).toContain("FORBIDDEN_SCOPE");

      const timer = await apiToken("flush-timer", ["broadcast:flush"]);
      flushEnv(timer.token);
      const flushed = await runUnit(unit("refbot-broadcast-flush.service"), paths);
      expect(flushed.output).toContain("Claimed 5: sent 5");
      expect(flushed.code).toBe(0);
      expect(news()).toHaveLength(5);

      expect((await asOwner(`/api/admin/tokens/${timer.id}/revoke`, {})).status).toBe(200);
      const revoked = await runUnit(unit("refbot-broadcast-flush.service"), paths);
      expect(revoked.code).toBe(3);
      expect(news()).toHaveLength(5);
    } finally {
      await server.stop();
      tg.stop();
    }
  }, 60_000);
});

describe("Caddy", () => {
  test.skipIf(!caddy)("caddy validate accepts the Caddyfile, and refuses a broken copy", () => {
    const validate = (file: string) => run([caddy!, "validate", "--config", file, "--adapter", "caddyfile"], { env: caddyEnv(scratch) });
    const result = validate(caddyfile);
    expect(result.output).toContain("Valid configuration");
    expect(result.code).toBe(0);
    const broken = join(scratch, "Caddyfile.broken");
    writeFileSync(broken, readFileSync(caddyfile, "utf8").replace("health_uri", "health_url"));
    expect(validate(broken).code).not.toBe(0);
  });

  test.skipIf(!caddy)("caddy fmt finds nothing to change", () => {
    const result = run([caddy!, "fmt", caddyfile]);
    expect(result.code).toBe(0);
    expect(result.output).toBe(readFileSync(caddyfile, "utf8"));
  });

  describe("in front of two servers on one PostgreSQL database", () => {
    let fleet: Promise<{ a: TestServer; b: TestServer; proxy: Awaited<ReturnType<typeof startCaddy>> }> | undefined;
    const start = () =>
      (fleet ??= (async () => {
        const { url } = await pg.database();
        const env = {
          DATABASE_URL: url,
          DATABASE_POOL: "4",
          JWT_SECRET: "deploy-kit-secret-deploy-kit-secret-0123",
          TRUST_PROXY: "127.0.0.1,::1",
          SEED_DEMO: "false",
          SKIP_WEB_BUILD: "true",
        };
        // One after the other: the first applies the migrations.
        const a = await startTestServer(env);
        const b = await startTestServer(env);
        const proxy = await startCaddy(caddy!, [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
        return { a, b, proxy };
      })());
    afterAll(async () => {
      if (!fleet) return;
      const { a, b, proxy } = await fleet;
      await proxy.stop();
      await Promise.all([a.stop(), b.stop()]);
    });

    const live = caddy ? pg.test : test.skip;

    live("sign-in throttling counts the client behind Caddy, whatever X-Forwarded-For it sends", async () => {
      const { a, proxy } = await start();
      const signIn = (from: string, password: string, forged: string) =>
        requestFrom(from, `${proxy.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": forged },
          body: JSON.stringify({ email: a.adminEmail, password }),
        });
      // Five wrong passwords for one account from 127.0.0.2, each claiming another address.
      for (let i = 1; i <= 5; i++) expect((await signIn("127.0.0.2", "wrong password", `203.0.113.${i}`)).status).toBe(401);
      const throttled = await signIn("127.0.0.2", a.adminPassword, "203.0.113.99");
      expect(throttled.status).toBe(429);
      expect(throttled.headers["retry-after"]).toBeDefined();
      // The same account from another client is not held back by 127.0.0.2's failures.
      expect((await signIn("127.0.0.3", a.adminPassword, "203.0.113.1")).status).toBe(200);
    }, 60_000);

    live("with one server SIGKILLed, every request sent after the kill is answered by the other", async () => {
      const { a, proxy } = await start();
      const { initData } = (await (await fetch(`${proxy.url}/api/demo/init-data?tgId=7200000`)).json()) as { initData: string };
      const me = () => fetch(`${proxy.url}/api/me`, { headers: { "x-telegram-init-data": initData } }).then((r) => r.status, () => 0);
      const before = await Promise.all(Array.from({ length: 10 }, me));
      expect(before).toEqual(Array(10).fill(200));
      a.signal("SIGKILL");
      await a.exited;
      // One after another, so each is sent after the kill; Caddy learns of it from the first.
      const after: number[] = [];
      for (let i = 0; i < 40; i++) after.push(await me());
      expect(after).toEqual(Array(40).fill(200));
    }, 60_000);
  });
});

describe("Prometheus rules and configuration", () => {
  const prometheusDir = join(kit, "prometheus");
  const rules = Bun.YAML.parse(readFileSync(join(prometheusDir, "alerts.yml"), "utf8")) as {
    groups: { rules: { alert: string; expr: string; annotations: Record<string, string> }[] }[];
  };
  const alerts = rules.groups.flatMap((g) => g.rules);
  // The alerts measured in minutes, and those measured in days (evaluated less often).
  const ruleTests = ["alerts.test.yml", "alerts-daily.test.yml"];

  test.skipIf(!promtool)("promtool check rules passes alerts.yml", () => {
    const result = run([promtool!, "check", "rules", join(prometheusDir, "alerts.yml")]);
    expect(result.output).toContain(`SUCCESS: ${alerts.length} rules found`);
    expect(result.code).toBe(0);
  });

  test.skipIf(!promtool)("promtool test rules: each alert fires when it should and stays quiet when it should not", () => {
    const result = run([promtool!, "test", "rules", ...ruleTests], { cwd: prometheusDir });
    expect(result.output).toContain("SUCCESS");
    expect(result.code).toBe(0);
  });

  test("every alert is tested firing and quiet", () => {
    type TestFile = { tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[] };
    const cases = ruleTests.flatMap((file) => (Bun.YAML.parse(readFileSync(join(prometheusDir, file), "utf8")) as TestFile).tests.flatMap((t) => t.alert_rule_test));
    for (const { alert } of alerts) {
      expect({ alert, fires: cases.some((c) => c.alertname === alert && c.exp_alerts.length > 0) }).toEqual({ alert, fires: true });
      expect({ alert, quiet: cases.some((c) => c.alertname === alert && c.exp_alerts.length === 0) }).toEqual({ alert, quiet: true });
    }
  });

  test("every alert says what happened and links its section of docs/operations.md", () => {
    const headings = new Set([...readFileSync(join(root, "docs", "operations.md"), "utf8").matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!)));
    for (const { alert, annotations } of alerts) {
      expect(annotations.summary?.length).toBeGreaterThan(10);
      const link = /docs\/operations\.md#([\w-]+)$/.exec(annotations.runbook ?? "");
      expect({ alert, link: link?.[0] }).toEqual({ alert, link: expect.any(String) });
      expect({ alert, section: headings.has(link![1]!) }).toEqual({ alert, section: true });
    }
  });

  // The example as an install lays it out: the rules and the token file where it names them.
  test.skipIf(!promtool)("promtool check config passes prometheus.yml", () => {
    const token = join(scratch, "refbot-metrics-token");
    writeFileSync(token, "a-metrics-token\n", { mode: 0o600 });
    const config = join(scratch, "prometheus.yml");
    const text = readFileSync(join(prometheusDir, "prometheus.yml"), "utf8");
    writeFileSync(config, text.replace("/etc/prometheus/refbot-alerts.yml", join(prometheusDir, "alerts.yml")).replace("/etc/prometheus/refbot-metrics-token", token));
    const result = run([promtool!, "check", "config", config]);
    expect(result.output).toContain("SUCCESS");
    expect(result.code).toBe(0);
  });
});

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** An HTTP request from a chosen local address (fetch cannot pick one): another client on this machine. */
function requestFrom(localAddress: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers, localAddress }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end(init.body);
  });
}
