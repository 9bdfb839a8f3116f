// refbot lists: paging with --before (the next page's command on stderr), picking JSON fields
// with --json a,b, and CSV columns named for what they hold.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hasAnsi, startCli, type CliHarness, type Run } from "./support.ts";

let cli: CliHarness;
beforeAll(async () => {
  cli = await startCli();
  await cli.login();
});
afterAll(() => cli.stop());

const nextCommand = /^More [a-z ]+ after #(\d+); next page: refbot (.+)\n$/;

/** Runs `args`, then each next page stderr names, until one says nothing more; every run's ids. */
async function walk(args: string[]): Promise<{ pages: number[][]; runs: Run[] }> {
  const pages: number[][] = [];
  const runs: Run[] = [];
  for (let page = 0; page < 20; page++) {
    const r = await cli.run(args);
    expect(r.code).toBe(0);
    runs.push(r);
    pages.push(r.json<{ id: number }[]>().map((row) => row.id));
    if (r.stderr === "") return { pages, runs };
    const [, last, command] = nextCommand.exec(r.stderr) ?? [];
    expect(Number(last)).toBe(pages.at(-1)!.at(-1)!);
    // The suggested command is plain words here: nothing in these needs quoting.
    args = command!.split(" ");
  }
  throw new Error("paging never ended");
}

describe("paging with --before", () => {
  test("withdrawals: each page's stderr is the exact next command; together they are the list, no gap, no repeat", async () => {
    for (let i = 0; i < 5; i++) await cli.makeWithdrawal("10");
    const all = (await cli.api<{ id: number }[]>("GET", "/api/admin/withdrawals?status=pending&limit=200")).map((w) => w.id);
    const { pages, runs } = await walk(["withdrawals", "list", "--status", "pending", "--limit", "2", "--json", "id"]);
    expect(pages.flat()).toEqual(all);
    expect(pages.slice(0, -1).every((p) => p.length === 2)).toBe(true);
    expect(runs[0]!.stderr).toBe(`More pending withdrawals after #${all[1]}; next page: refbot withdrawals list --status pending --limit 2 --json id --before ${all[1]}\n`);
    // A --before already given is replaced, in either spelling, not repeated.
    const second = await cli.run(["withdrawals", "list", `--before=${all[1]}`, "--status", "pending", "--limit", "2", "--json", "id"]);
    expect(second.stderr).toBe(`More pending withdrawals after #${all[3]}; next page: refbot withdrawals list --status pending --limit 2 --json id --before ${all[3]}\n`);
  });

  test("a page that holds the last rows says nothing; past the end is an empty page, not an error", async () => {
    const w = await cli.makeWithdrawal("10");
    const last = await cli.run(["withdrawals", "list", "--limit", "200"]);
    expect(last.stderr).toBe("");
    const oldest = (await cli.api<{ id: number }[]>("GET", "/api/admin/withdrawals?limit=200")).at(-1)!.id;
    const past = await cli.run(["withdrawals", "list", "--before", String(oldest)]);
    expect({ code: past.code, stdout: past.stdout, stderr: past.stderr }).toEqual({ code: 0, stdout: `No withdrawals before #${oldest}.\n`, stderr: "" });
    expect((await cli.run(["withdrawals", "list", "--before", String(w.id), "--json"])).json<{ id: number }[]>().every((x) => x.id < w.id)).toBe(true);
  });

  test("the table, CSV and JSON keep stdout to the rows; the note goes to stderr only, without colour in a pipe", async () => {
    await cli.makeWithdrawal("10");
    await cli.makeWithdrawal("10");
    for (const format of [[], ["--csv"], ["--json"]]) {
      const r = await cli.run(["withdrawals", "list", "--limit", "1", ...format]);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain("next page");
      expect(r.stderr).toMatch(nextCommand);
      expect(hasAnsi(r.stderr)).toBe(false);
    }
  });

  test("users without search text page by id; with text --before is bad usage, and a full search says there may be more", async () => {
    for (let i = 0; i < 3; i++) await cli.makeUser("0");
    const all = (await cli.api<{ id: number }[]>("GET", "/api/admin/users?limit=200")).map((u) => u.id);
    const { pages } = await walk(["users", "search", "--limit", "2", "--json", "id"]);
    expect(pages.flat()).toEqual(all);

    const mixed = await cli.run(["users", "search", "alice", "--before", "5"]);
    expect({ code: mixed.code, stdout: mixed.stdout, stderr: mixed.stderr }).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: --before pages the list without search text; a search shows its first --limit matches\n",
    });
    const wallets = await cli.run(["users", "search", "0x", "--limit", "2", "--json", "id"]);
    expect(wallets.json()).toHaveLength(2);
    expect(wallets.stderr).toBe("There may be more matches than these 2: narrow the search, or raise --limit (at most 200).\n");
  });

  test("audit pages too (the API takes before= for it now)", async () => {
    const user = await cli.makeUser("0");
    for (let i = 0; i < 3; i++) await cli.run(["users", i % 2 ? "unban" : "ban", String(user.id)]);
    const all = (await cli.api<{ id: number }[]>("GET", "/api/admin/audit?limit=500")).map((e) => e.id);
    const { pages, runs } = await walk(["audit", "--limit", "3", "--json", "id"]);
    expect(pages.flat()).toEqual(all);
    expect(runs[0]!.stderr).toStartWith(`More audit entries after #${all[2]}; next page: refbot audit --limit 3 --json id --before ${all[2]}`);
    expect((await cli.api<{ id: number }[]>("GET", `/api/admin/audit?before=${all[1]}`)).map((e) => e.id)).toEqual(all.slice(2));
  });

  test("broadcast status pages too", async () => {
    for (let i = 0; i < 3; i++) {
      const sent = await cli.run(["broadcast", "send", `Paged broadcast number ${i}`, "--yes", "--json"]);
      expect(sent.code).toBe(0);
    }
    const all = (await cli.api<{ id: number }[]>("GET", "/api/admin/broadcasts?limit=100")).map((b) => b.id);
    const { pages, runs } = await walk(["broadcast", "status", "--limit", "2", "--json"]);
    expect(pages.flat()).toEqual(all);
    expect(runs[0]!.stderr).toStartWith(`More broadcasts after #${all[1]}; next page: refbot broadcast status --limit 2 --json --before ${all[1]}`);
    expect((await cli.api<{ id: number }[]>("GET", `/api/admin/broadcasts?before=${all[0]}`)).map((b) => b.id)).toEqual(all.slice(1));
    const past = await cli.run(["broadcast", "status", "--before", String(all.at(-1))]);
    expect({ code: past.code, stdout: past.stdout, stderr: past.stderr }).toEqual({ code: 0, stdout: `No broadcasts before #${all.at(-1)}.\n`, stderr: "" });
  });

  test("a user's whole ledger, a page at a time, as table, CSV and JSON; an unknown user is pointed to", async () => {
    const user = await cli.makeUser("30");
    for (const amount of ["+1.5", "-0.25", "+2"]) expect((await cli.run(["users", "adjust", String(user.id), "--amount", amount, "--reason", `fix ${amount}`])).code).toBe(0);
    const all = (await cli.api<{ id: number }[]>("GET", `/api/admin/users/${user.id}/balance?limit=500`)).map((e) => e.id);
    expect(all).toHaveLength(4);
    const { pages, runs } = await walk(["users", "ledger", String(user.id), "--limit", "3", "--json"]);
    expect(pages).toEqual([all.slice(0, 3), all.slice(3)]);
    expect(runs[0]!.stderr).toBe(`More ledger entries after #${all[2]}; next page: refbot users ledger ${user.id} --limit 3 --json --before ${all[2]}\n`);

    const table = await cli.run(["users", "ledger", String(user.id)]);
    expect(table.stdout).toMatch(/^ *ID +WHEN \(UTC\) +AMOUNT +REASON +NOTE\n/);
    expect(table.stdout).toContain("-0.25  Balance Adjustment  fix -0.25");
    const csv = (await cli.run(["users", "ledger", String(user.id), "--csv"])).stdout.split("\r\n");
    expect(csv[0]).toBe("id,when_utc,amount_usdt,reason,note");
    expect(csv[1]).toMatch(/^\d+,20\d\d-[^,]+,\+2\.00,admin_adjustment,fix \+2$/);
    const past = await cli.run(["users", "ledger", String(user.id), "--before", String(all.at(-1))]);
    expect({ code: past.code, stdout: past.stdout, stderr: past.stderr }).toEqual({ code: 0, stdout: `No ledger entries of user #${user.id} before #${all.at(-1)}.\n`, stderr: "" });
    // users show, with a full page of the latest entries, says where the older ones are.
    expect((await cli.run(["users", "show", String(user.id), "--ledger", "2"])).stdout).toContain(`Ledger (latest 2)  older: refbot users ledger ${user.id} --before ${all[1]}\n`);
    expect((await cli.run(["users", "show", String(user.id)])).stdout).toContain("Ledger (latest 4)\n");
    const unknown = await cli.run(["users", "ledger", "987654"]);
    expect({ code: unknown.code, stderr: unknown.stderr }).toEqual({ code: 1, stderr: expect.stringContaining("User 987654 not found (404 NOT_FOUND)") });
  });

  test("--before takes an id, checked before any call", async () => {
    for (const args of [["withdrawals", "list"], ["users", "search"], ["audit"], ["broadcast", "status"], ["users", "ledger", "1"]]) {
      const r = await cli.run([...args, "--before", "x"]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: "error: --before: must be a positive integer\n" });
    }
  });
});

describe("--json with fields", () => {
  test("--json alone is every field, as before; --json a,b gives only those, in that order", async () => {
    const w = await cli.makeWithdrawal("12.50");
    const whole = (await cli.run(["withdrawals", "list", "--json"])).json<Record<string, unknown>[]>();
    expect(Object.keys(whole[0]!)).toEqual(["id", "userId", "tgId", "username", "userBanned", "amountUsdt", "addressBep20", "status", "txHash", "txChecked", "txBlock", "returnReason", "failReason", "createdAt", "processedAt"]);
    const picked = await cli.run(["withdrawals", "list", "--json", "status,id,amountUsdt", "--limit", "1"]);
    expect(picked.code).toBe(0);
    expect(picked.stdout).toBe(`${JSON.stringify([{ status: "pending", id: w.id, amountUsdt: "12.50" }], null, 2)}\n`);
    expect((await cli.run(["withdrawals", "list", "--json=id", "--limit", "1"])).json()).toEqual([{ id: w.id }]);
    expect((await cli.run(["tasks", "list", "--json", "id,rewardUsdt"])).json<object[]>().every((t) => Object.keys(t).join() === "id,rewardUsdt")).toBe(true);
    expect((await cli.run(["audit", "--json", "action", "--limit", "1"])).json()).toEqual([{ action: expect.any(String) }]);
  });

  test("an unknown field is bad usage that lists the available ones, before any call", async () => {
    const r = await cli.run(["withdrawals", "list", "--json", "id,amount,status"]);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: "" });
    expect(r.stderr).toBe(
      'error: --json: unknown field "amount"; available: id, userId, tgId, username, userBanned, amountUsdt, addressBep20, status, txHash, txChecked, txBlock, returnReason, failReason, createdAt, processedAt\n',
    );
    const two = await cli.run(["tasks", "list", "--json", "id,name,reward"]);
    expect(two.code).toBe(2);
    expect(two.stderr).toStartWith('error: --json: unknown fields "name", "reward"; available: id, kind, title,');
    // Not logged in elsewhere, yet still bad usage: nothing was called.
    const offline = await cli.run(["audit", "--json", "who"], { env: { REFBOT_API_URL: "http://127.0.0.1:9" } });
    expect(offline.code).toBe(2);
    expect((await cli.run(["withdrawals", "list", "--json", "id", "--csv"])).stderr).toBe("error: --json and --csv cannot be used together\n");
  });

  test("the word after --json stays an argument when it is not a field: a search text, an id, a board", async () => {
    const user = await cli.makeUser("0");
    expect((await cli.run(["users", "search", "--json", String(user.tgId)])).json()).toEqual([expect.objectContaining({ id: user.id, tgId: user.tgId })]);
    expect((await cli.run(["users", "search", "--json", "id,tgId", String(user.tgId)])).json()).toEqual([{ id: user.id, tgId: user.tgId }]);
    const board = await cli.run(["leaderboard", "--json", "earnings", "--limit", "1"]);
    expect(board.code).toBe(0);
    expect(Object.keys(board.json()[0])).toContain("totalEarned");
    const ranks = await cli.run(["leaderboard", "referrals", "--json", "rank,referralCount", "--limit", "1"]);
    expect(Object.keys(ranks.json()[0])).toEqual(["rank", "referralCount"]);
    // Each board has its own fields.
    expect((await cli.run(["leaderboard", "earnings", "--json", "referralCount"])).stderr).toStartWith('error: --json: unknown field "referralCount"; available: rank, id, tgId, username, firstName, totalEarned, balance');
  });

  test("each list's help names its fields, within 80 columns", async () => {
    const lists: [string[], boolean][] = [[["withdrawals", "list"], true], [["users", "search"], true], [["audit"], true], [["tasks", "list"], false], [["leaderboard"], false]];
    for (const [args, pages] of lists) {
      const help = await cli.run([...args, "--help"]);
      expect(help.stdout).toContain("--json [fields]");
      expect(help.stdout).toContain("Fields for --json");
      expect(help.stdout.includes("--before <id>")).toBe(pages);
      for (const line of help.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    }
  });
});

describe("CSV columns say what they hold", () => {
  test("a withdrawal's date is created_at (a date, not an age); username and reject_reason too", async () => {
    const w = await cli.makeWithdrawal("11");
    await cli.run(["withdrawals", "reject", String(w.id), "--reason", "wrong network"]);
    const lines = (await cli.run(["withdrawals", "list", "--csv", "--status", "rejected"])).stdout.split("\r\n");
    expect(lines[0]).toBe("id,username,tg_id,amount,address,status,created_at,tx_hash,reject_reason,user_banned");
    const row = lines.find((l) => l.startsWith(`${w.id},`))!.split(",");
    expect(row[1]).toBe(""); // demo users have no username; the Telegram id has its own column
    expect(row[6]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row[8]).toBe("wrong network");
    // The table keeps its short, relative AGE.
    expect((await cli.run(["withdrawals", "list", "--status", "rejected"])).stdout.split("\n")[0]).toMatch(/STATUS\s+AGE$/);
  });
});
