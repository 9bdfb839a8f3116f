// refbot stats, tasks, users, leaderboard and audit against a real server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hasAnsi, startCli, type CliHarness } from "./support.ts";

let cli: CliHarness;
beforeAll(async () => {
  cli = await startCli();
  await cli.login();
});
afterAll(() => cli.stop());

describe("stats", () => {
  test("the four figures and 7 days of activity; --weekly gives 8 weeks", async () => {
    await cli.makeWithdrawal();
    const r = await cli.run(["stats"]);
    expect(r.code).toBe(0);
    expect(hasAnsi(r.stdout)).toBe(false);
    expect(r.stdout).toMatch(/Total users\s+\d+/);
    expect(r.stdout).toMatch(/Pending withdrawals\s+[1-9]/);
    expect(r.stdout).toContain("DAY         ACTIVE  REGISTRATIONS  COMPLETIONS");
    const weekly = (await cli.run(["stats", "--weekly", "--json"])).json();
    expect(weekly).toMatchObject({ range: "weekly", pendingWithdrawals: expect.any(Number), totalUsers: expect.any(Number) });
    expect(weekly.activity).toHaveLength(8);
    expect((await cli.run(["stats", "--json"])).json().activity).toHaveLength(7);
  });
});

describe("tasks", () => {
  test("create from flags, edit, disable, enable; the list shows it; csv has it", async () => {
    const created = await cli.run(["tasks", "create", "--kind", "custom", "--title", "Share, \"quote\" test", "--reward", "0.5", "--inactive", "--json"]);
    expect(created.code).toBe(0);
    const task = created.json();
    expect(task).toMatchObject({ kind: "custom", title: 'Share, "quote" test', rewardUsdt: "0.50", isActive: false });
    const edited = await cli.run(["tasks", "edit", String(task.id), "--title", "Share the bot", "--reward", "0.25"]);
    expect(edited.stdout).toBe(`Updated #${task.id} Share the bot (custom, 0.25 USDT, inactive).\n`);
    expect((await cli.run(["tasks", "enable", String(task.id)])).stdout).toContain("Enabled");
    expect((await cli.run(["tasks", "disable", String(task.id), "--json"])).json()).toMatchObject({ id: task.id, isActive: false });
    const list = await cli.run(["tasks", "list"]);
    expect(list.stdout).toMatch(new RegExp(`${task.id}\\s+custom\\s+Share the bot\\s+0\\.25\\s+no`));
    await cli.run(["tasks", "edit", String(task.id), "--title", 'Say "hi", then go']);
    const csv = await cli.run(["tasks", "list", "--csv"]);
    expect(csv.stdout).toContain(`${task.id},custom,"Say ""hi"", then go",0.25,false,0`);
  });

  test("a link task: created and edited with --url and --wait; the list shows its URL", async () => {
    const created = await cli.run(["tasks", "create", "--kind", "link", "--title", "Follow us on X", "--url", "https://x.com/refbot", "--wait", "45", "--reward", "0.3"]);
    expect(created.code).toBe(0);
    const id = /^Created #(\d+) /.exec(created.stdout)![1]!;
    expect(created.stdout).toBe(`Created #${id} Follow us on X (link, 0.30 USDT, active, opens https://x.com/refbot, claimable 45 s later).\n`);
    const edited = await cli.run(["tasks", "edit", id, "--url", "https://t.me/refbot", "--wait", "0", "--json"]);
    expect(edited.json()).toMatchObject({ id: Number(id), kind: "link", url: "https://t.me/refbot", waitSeconds: 0 });
    const json = (await cli.run(["tasks", "list", "--json"])).json<{ id: number; url: string | null }[]>();
    expect(json.find((t) => t.id === Number(id))).toMatchObject({ url: "https://t.me/refbot", waitSeconds: 0 });
    const csv = (await cli.run(["tasks", "list", "--csv"])).stdout.split("\r\n");
    expect(csv[0]).toBe("id,kind,title,reward,active,completions,description,created_at,url,wait_seconds");
    expect(csv.find((line) => line.startsWith(`${id},`))).toEndWith(",https://t.me/refbot,0");
    // Made a custom task again, it drops the link.
    expect((await cli.run(["tasks", "edit", id, "--kind", "custom", "--json"])).json()).toMatchObject({ kind: "custom", url: null, waitSeconds: 0 });
    const toLink = await cli.run(["tasks", "edit", id, "--kind", "link"]);
    expect({ code: toLink.code, stderr: toLink.stderr }).toEqual({ code: 1, stderr: "error: url: is required for a link task (400 VALIDATION_FAILED)\n" });
    // The kinds, and how each pays, come from the registry.
    expect((await cli.run(["tasks", "create", "--help"])).stdout).toMatch(/link +once; needs --url, pays --wait seconds after it is opened/);
  });

  test("link flags are checked before any call", async () => {
    const before = (await cli.api<unknown[]>("GET", "/api/admin/tasks")).length;
    const refusals: [string[], string][] = [
      [["--kind", "link", "--title", "x"], "--url is required for a link task (no terminal to ask at)"],
      [["--kind", "link", "--title", "x", "--url", "x.com/refbot"], "--url: must be an absolute http:// or https:// URL"],
      [["--kind", "link", "--title", "x", "--url", "https://x.com", "--wait", "3601"], "--wait: must be a whole number of seconds from 0 to 3600"],
      [["--kind", "link", "--title", "x", "--url", "https://x.com", "--wait", "1.5"], "--wait: must be a whole number of seconds from 0 to 3600"],
      [["--kind", "custom", "--title", "x", "--url", "https://x.com"], "--url and --wait are only for link tasks (--kind link), not custom"],
      [["--title", "x", "--wait", "30"], "--url and --wait are only for link tasks (--kind link), not daily_activity"],
    ];
    for (const [args, message] of refusals) {
      const r = await cli.run(["tasks", "create", ...args]);
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 2, stderr: `error: ${message}\n` });
    }
    expect((await cli.run(["tasks", "edit", "1", "--kind", "daily_activity", "--url", "https://x.com"])).code).toBe(2);
    expect((await cli.api<unknown[]>("GET", "/api/admin/tasks")).length).toBe(before);
  });

  test("without a terminal a missing title is an error; bad values are refused before any call", async () => {
    const missing = await cli.run(["tasks", "create", "--reward", "1"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("error: --title is required (no terminal to ask at)\n");
    expect((await cli.run(["tasks", "create", "--title", "x", "--reward", "-1"])).stderr).toBe("error: --reward: must not be negative\n");
    // A reward is typed by people too: at most 2 decimals, as in the admin panel and the server.
    expect((await cli.run(["tasks", "create", "--title", "x", "--reward", "0.125"])).stderr).toBe("error: --reward: must have at most 2 decimals\n");
    expect((await cli.run(["tasks", "create", "--title", "x", "--kind", "quiz"])).code).toBe(2);
    expect((await cli.run(["tasks", "edit", "1"])).stderr).toContain("nothing to change");
    const unknown = await cli.run(["tasks", "enable", "987654"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("error: Task 987654 not found (404 NOT_FOUND)\n");
  });
});

describe("users", () => {
  test("search finds by Telegram id; show has profile, balance, ledger, referrals, activity", async () => {
    const user = await cli.makeUser("30");
    const found = await cli.run(["users", "search", String(user.tgId), "--json"]);
    expect(found.json()).toEqual([expect.objectContaining({ id: user.id, tgId: user.tgId, balanceUsdt: "30.00" })]);
    const csv = await cli.run(["users", "search", String(user.tgId), "--csv"]);
    expect(csv.stdout.split("\r\n")[0]).toBe("id,tg_id,username,name,balance,qualified_referrals,banned,wallet,total_earned,tasks_completed,created_at");
    const shown = await cli.run(["users", "show", String(user.id)]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("Balance         30.00 USDT");
    expect(shown.stdout).toContain(user.wallet);
    expect(shown.stdout).toContain("+30.00  Balance Adjustment  test funds");
    const json = (await cli.run(["users", "show", String(user.id), "--json"])).json();
    expect(Object.keys(json)).toEqual(["user", "ledger", "referrals", "activity"]);
    expect((await cli.run(["users", "show", "987654"])).stderr).toContain("User 987654 not found (404 NOT_FOUND)");
  });

  test("ban with a reason, unban; adjust credits and debits, refusing an overdraft", async () => {
    const user = await cli.makeUser("5");
    expect((await cli.run(["users", "ban", String(user.id), "--reason", "multiple accounts"])).stdout).toContain("Banned #");
    expect((await cli.api("GET", `/api/admin/users/${user.id}`)).isBanned).toBe(true);
    expect((await cli.run(["users", "unban", String(user.id), "--json"])).json()).toMatchObject({ isBanned: false });

    const credit = await cli.run(["users", "adjust", String(user.id), "--amount", "+2.50", "--reason", "contest"]);
    expect(credit.stdout).toContain("Credited 2.50 USDT to #");
    expect(credit.stdout).toContain("balance now 7.50 USDT");
    const debit = await cli.run(["users", "adjust", String(user.id), "--amount", "-1.25", "--reason", "duplicate", "--json"]);
    expect(debit.json()).toMatchObject({ user: { balanceUsdt: "6.25" }, entry: { type: "debit", amount: "1.25" } });
    const over = await cli.run(["users", "adjust", String(user.id), "--amount=-100", "--reason", "too much"]);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("(409 INSUFFICIENT_BALANCE)");
    // The server's own rule and words (amountRules.adjustment), before any call.
    const refusals = { "1.234": "must have at most 2 decimals", "0": "must not be zero", abc: 'must be a decimal number such as "2.50" or "-2.50"' };
    for (const [amount, why] of Object.entries(refusals)) {
      const r = await cli.run(["users", "adjust", String(user.id), "--amount", amount, "--reason", "x"]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: `error: --amount: ${why}\n` });
    }
    expect((await cli.api("GET", `/api/admin/users/${user.id}`)).balanceUsdt).toBe("6.25");
  });
});

describe("amount limits", () => {
  test("an adjustment or a reward past the server's limit is a usage error before any call", async () => {
    const user = await cli.makeUser("5");
    for (const amount of ["999999999.99", "100000.01", "-100000.01"]) {
      const r = await cli.run(["users", "adjust", String(user.id), `--amount=${amount}`, "--reason", "x"]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: "error: --amount: must be at most 100000 USDT\n" });
    }
    const created = await cli.run(["tasks", "create", "--title", "Huge", "--reward", "1000.01"]);
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 2, stderr: "error: --reward: must be at most 1000 USDT\n" });
    expect((await cli.run(["tasks", "edit", "1", "--reward", "5000"])).stderr).toBe("error: --reward: must be at most 1000 USDT\n");
    expect((await cli.run(["users", "adjust", String(user.id), "--amount", "100000", "--reason", "prize", "--yes", "--json"])).json()).toMatchObject({ user: { balanceUsdt: "100005.00" } });
    expect((await cli.api<{ title: string }[]>("GET", "/api/admin/tasks")).some((t) => t.title === "Huge")).toBe(false);
  });
});

describe("leaderboard and audit", () => {
  test("each leaderboard as a table, JSON and CSV", async () => {
    const rich = await cli.makeUser("0");
    await cli.api("POST", `/api/admin/users/${rich.id}/adjust`, { amount: "1", reason: "x" });
    for (const category of ["earnings", "referrals", "activity"]) {
      const r = await cli.run(["leaderboard", category, "--limit", "3"]);
      expect(r.code).toBe(0);
      expect(r.stdout.split("\n")[0]).toMatch(/^RANK\s+ID\s+TG ID\s+USERNAME\s+FIRST NAME/);
    }
    expect((await cli.run(["leaderboard", "earnings", "--csv"])).stdout.split("\r\n")[0]).toBe("rank,id,tg_id,username,first_name,total_earned,balance");
    expect(Array.isArray((await cli.run(["leaderboard", "activity", "--json"])).json())).toBe(true);
    expect((await cli.run(["leaderboard", "money"])).code).toBe(2);
  });

  test("audit shows what admins did, newest first", async () => {
    const user = await cli.makeUser("0");
    await cli.run(["users", "ban", String(user.id)]);
    const json = (await cli.run(["audit", "--limit", "5", "--json"])).json();
    expect(json[0]).toMatchObject({ action: "user.ban", targetType: "user", targetId: user.id, adminEmail: cli.server.adminEmail });
    const table = await cli.run(["audit", "--limit", "5"]);
    expect(table.stdout).toMatch(new RegExp(`user\\.ban\\s+user #${user.id}`));
    for (const line of table.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  });
});

describe("broadcast in demo mode", () => {
  test("flush fails with the server's reason: no bot is running", async () => {
    const r = await cli.run(["broadcast", "flush"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("(409 BOT_NOT_RUNNING)");
    expect(r.stdout).toBe("");
  });
});
