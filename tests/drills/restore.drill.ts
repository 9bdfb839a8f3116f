// The restore drill, on both engines, as an operator would run it: a real server takes task
// completions and withdrawals over HTTP while `refbot db backup` runs as a process of its own; the
// balances as of the backup are read from the backup itself; more money moves after it. The
// restore refuses while the server runs, refuses a damaged copy leaving the database as it was,
// and once the server is stopped puts the backup back: the ledger check passes, every balance is
// the one at backup time, and a server started on it is ready and shows a user that balance.
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatUsdt } from "@/domain/money.ts";
import { runRefbot, startCli, type CliHarness } from "../cli/support.ts";
import { pgTarget, sqliteTarget, type DbTarget } from "../support/backup-targets.ts";
import { usePostgres } from "../support/postgres.ts";
import { startTestServer } from "../support/server.ts";

const pg = await usePostgres(import.meta.path);

type Traffic = { completions: number; withdrawals: number; failures: string[]; stop: () => Promise<void> };

/**
 * Every user completing tasks one after another, and every third step asking for a withdrawal,
 * which the admin approves or rejects in turn (a rejection refunds it), until stopped.
 */
function traffic(cli: CliHarness, users: { tgId: number }[], taskIds: number[]): Traffic {
  let running = true;
  const t: Traffic = { completions: 0, withdrawals: 0, failures: [], stop: async () => {} };
  const call = async (method: string, path: string, tgId: number, body?: unknown) => {
    const res = await fetch(`${cli.server.url}${path}`, {
      method,
      headers: { "x-telegram-id": String(tgId), "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 500) t.failures.push(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.ok ? ((await res.json()) as { id: number }) : undefined;
  };
  const worker = async (user: { tgId: number }, u: number) => {
    for (let step = 0; running && step < taskIds.length; step++) {
      if (await call("POST", `/api/tasks/${taskIds[step]}/complete`, user.tgId)) t.completions++;
      if (step % 3 !== 2) continue;
      const withdrawal = await call("POST", "/api/me/withdraw", user.tgId, { amount: "10" });
      if (!withdrawal) continue;
      t.withdrawals++;
      const decision = (step + u) % 2 ? cli.api("PATCH", `/api/admin/withdrawals/${withdrawal.id}/reject`, { reason: "drill" }) : cli.api("PATCH", `/api/admin/withdrawals/${withdrawal.id}/approve`);
      await decision;
    }
  };
  const all = Promise.all(users.map(worker));
  t.stop = async () => {
    running = false;
    await all;
  };
  return t;
}

const until = async (what: string, done: () => boolean) => {
  const deadline = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
};

async function drill(target: DbTarget) {
  const cli = await startCli(target.env);
  try {
    const users = await Promise.all(Array.from({ length: 8 }, () => cli.makeUser("40")));
    const taskIds: number[] = [];
    for (let i = 0; i < 60; i++) taskIds.push((await cli.api<{ id: number }>("POST", "/api/admin/tasks", { kind: "custom", title: `Drill ${i}`, rewardUsdt: "0.25" })).id);

    const moving = traffic(cli, users, taskIds);
    await until("completions before the backup", () => moving.completions >= 20);
    const backup = join(target.backups, `refbot-1.${target.ext}`);
    const made = await runRefbot(["db", "backup", backup, "--db", target.db, "--json"]);
    expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: "" });
    const atBackup = { completions: moving.completions, withdrawals: moving.withdrawals };
    await until("completions after the backup", () => moving.completions >= atBackup.completions + 20);
    await moving.stop();
    expect(moving.failures).toEqual([]);
    expect(moving.withdrawals).toBeGreaterThan(0);
    // One change after the backup known for certain, beside whatever the traffic did.
    await cli.api("POST", `/api/admin/users/${users[0]!.id}/adjust`, { amount: "1.5", reason: "after the backup" });

    const balancesAtBackup = await target.balancesIn(backup);
    expect(balancesAtBackup.size).toBe(users.length);
    const balancesLater = await target.balancesNow();
    expect(balancesLater).not.toEqual(balancesAtBackup);

    const whileServing = await runRefbot(["db", "restore", backup, "--db", target.db]);
    expect(whileServing.code).toBe(10);
    expect(whileServing.stderr).toMatch(/stop it, then restore/);
    expect(await target.balancesNow()).toEqual(balancesLater);

    expect(await cli.server.stop()).toBe(0);

    // A damaged copy (cut short) is refused, and the database stays exactly as it was.
    const damaged = join(target.backups, `damaged.${target.ext}`);
    const whole = await Bun.file(backup).bytes();
    writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const before = await target.fingerprint();
    const refused = await runRefbot(["db", "restore", damaged, "--db", target.db]);
    expect({ code: refused.code, stderr: refused.stderr }).toEqual({ code: 8, stderr: expect.stringContaining("is damaged") });
    expect(await target.fingerprint()).toBe(before);

    const restored = await runRefbot(["db", "restore", backup, "--db", target.db, "--json", ...(target.engine === "postgres" ? ["--force"] : [])]);
    expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: "" });
    expect(restored.json()).toMatchObject({ backup, ledger: { users: users.length, problems: [] }, migrations: { applied: 0 } });
    if (target.engine === "sqlite") expect(restored.json().replaced).toMatch(/refbot\.sqlite\.replaced-/);

    const checked = await runRefbot(["db", "check", "--db", target.db, "--json"]);
    expect(checked.code).toBe(0);
    expect(checked.json()).toMatchObject({ ok: true, problems: [] });
    expect(await target.balancesNow()).toEqual(balancesAtBackup);

    const again = await startTestServer({ SKIP_WEB_BUILD: "true", SEED_DEMO: "false", ...target.env });
    try {
      const ready = await fetch(`${again.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ ready: true, database: "ok", migrations: { pending: [], unknown: 0 } });
      const me = (await fetch(`${again.url}/api/me`, { headers: { "x-telegram-id": String(users[0]!.tgId) } }).then((r) => r.json())) as { balanceUsdt: string };
      expect(me.balanceUsdt).toBe(formatUsdt(balancesAtBackup.get(users[0]!.id)!));
    } finally {
      await again.stop();
    }
  } finally {
    await cli.stop();
    target.remove();
  }
}

test("sqlite: backup under traffic, refusals, restore, and a server on the restored database", () => drill(sqliteTarget()), 240_000);

pg.test("postgres: backup under traffic, refusals, restore, and a server on the restored database", async () => drill(await pgTarget(pg)), 240_000);
