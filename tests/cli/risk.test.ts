// refbot risk: the referral-farm review from a terminal, against a real server whose farms sign up
// as farms do: many young accounts through one referral link, from one public client address.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { startFakeTelegram, type FakeTelegram } from "@/tests/support/fake-telegram.ts";
import { until } from "@/tests/support/until.ts";
import { hasAnsi, startBotCli, startCli, type CliHarness } from "./support.ts";

// Each test starts the CLI several times against a real server, and some wait for a hold to end:
// more than bun's 5 s when run without the project's --timeout.
setDefaultTimeout(30_000);

let cli: CliHarness;
let tasks: number[];
beforeAll(async () => {
  // The server sits behind a proxy on loopback, so X-Forwarded-For names each client; a bonus is
  // held for about a second, so one falls due within a test.
  cli = await startCli({ RISK_FLAG_SCORE: "60", TRUST_PROXY: "127.0.0.1", REFERRAL_HOLD_HOURS: "0.0003" });
  await cli.login();
  // What qualifies a referral: the channel joined and two daily tasks done (here on one day).
  const task = (kind: string, title: string) => cli.api<{ id: number }>("POST", "/api/admin/tasks", { kind, title, rewardUsdt: "0.01" });
  tasks = [(await task("daily_activity", "Check in")).id, (await task("daily_activity", "Read the news")).id, (await task("follow_channel", "Join")).id];
});
afterAll(() => cli.stop());

type Flagged = { userId: number; tgId: number; score: number; status: string; signals: { name: string; weight: number; evidence: Record<string, unknown> }[] };

let nextFarmTgId = 8_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
let nextClient = 1;

/** Opens the mini app as a new Telegram user through `refCode`'s link, from a client of its own. */
async function launch(tgId: number, refCode: string, headers: Record<string, string>): Promise<{ id: number; tgId: number }> {
  const query = new URLSearchParams({ tgId: String(tgId), startParam: refCode });
  const { initData } = (await fetch(`${cli.server.url}/api/demo/init-data?${query}`).then((r) => r.json())) as { initData: string };
  const me = (await fetch(`${cli.server.url}/api/me`, { headers: { "x-telegram-init-data": initData, ...headers } }).then((r) => r.json())) as { id: number };
  return { id: me.id, tgId };
}

const refCodeOf = async (userId: number) => (await cli.api<{ refCode: string }>("GET", `/api/admin/users/${userId}`)).refCode;

/**
 * A referrer with 30 USDT and `size` accounts made through its link from one client: young
 * Telegram ids without usernames, one address and user agent. With 5 or more the referrer is
 * flagged (young_referrals 40 + referrals_share_client 40), and so is each account.
 */
async function farm(size = 5) {
  const referrer = await cli.makeUser("30");
  const refCode = await refCodeOf(referrer.id);
  const client = { "user-agent": "FarmPhone/1.0", "x-forwarded-for": `203.0.113.${nextClient++}` };
  const accounts = [];
  for (let i = 0; i < size; i++) accounts.push(await launch(nextFarmTgId++, refCode, client));
  return { referrer, accounts, address: client["x-forwarded-for"] };
}

const asUser = (tgId: number) => ({ "x-telegram-id": String(tgId), "content-type": "application/json" });

async function withdraw(tgId: number, amount: string): Promise<{ id: number; status: string }> {
  return fetch(`${cli.server.url}/api/me/withdraw`, { method: "POST", headers: asUser(tgId), body: JSON.stringify({ amount }) }).then((r) => r.json()) as Promise<{ id: number; status: string }>;
}

/** The referred user joins the channel and does both daily tasks: the referral qualifies and its bonus is held. */
async function qualify(tgId: number) {
  for (const id of tasks) {
    const done = await fetch(`${cli.server.url}/api/tasks/${id}/complete`, { method: "POST", headers: asUser(tgId) });
    expect(done.status).toBe(200);
  }
}

const userOf = (id: number) => cli.api<{ isBanned: boolean; balanceUsdt: string; heldUsdt: string; riskStatus: string | null }>("GET", `/api/admin/users/${id}`);
const idsIn = async (args: string[]) => (await cli.run([...args, "--json", "id", "--limit", "200"])).json<{ id: number }[]>().map((w) => w.id);

describe("risk list", () => {
  test("--json is the API's objects: ids, score and each signal with its evidence", async () => {
    const { referrer } = await farm();
    const r = await cli.run(["risk", "list", "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const rows = r.json<Flagged[]>();
    expect(rows).toEqual(await cli.api("GET", "/api/admin/risk?limit=50"));
    const mine = rows.find((f) => f.userId === referrer.id)!;
    expect(mine).toMatchObject({ tgId: referrer.tgId, score: 80, status: "flagged" });
    expect(mine.signals.map((s) => s.name).sort()).toEqual(["referrals_share_client", "young_referrals"]);
    for (const s of mine.signals) expect(Object.keys(s.evidence).length).toBeGreaterThan(0);
    expect(mine.signals.find((s) => s.name === "young_referrals")!.evidence).toEqual({ youngWithoutUsername: 5, ofLatest: 5 });
    const picked = await cli.run(["risk", "list", "--json", "userId,score"]);
    expect(picked.json<object[]>().every((row) => Object.keys(row).join() === "userId,score")).toBe(true);
  });

  test("the table: user, score, status, balance, held, referrals and one signal a line, within 80 columns", async () => {
    const { referrer } = await farm();
    const r = await cli.run(["risk", "list"]);
    expect(r.code).toBe(0);
    expect(hasAnsi(r.stdout)).toBe(false);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^USER\s+SCORE\s+STATUS\s+BALANCE\s+HELD\s+REFS\s+SIGNALS$/);
    const at = lines.findIndex((l) => l.startsWith(`#${referrer.id} `));
    expect(lines[at]).toMatch(/^#\d+ Demo\s+80\s+flagged\s+30\.00\s+0\.00\s+0\/5\s+40 referrals_share_client$/);
    expect(lines[at + 1]).toMatch(/^\s+40 young_referrals$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  test("--csv flattens the signals into name:weight;name:weight, quoted so a spreadsheet splitting on ; keeps it whole", async () => {
    const { referrer, accounts } = await farm();
    const lines = (await cli.run(["risk", "list", "--csv"])).stdout.split("\r\n");
    expect(lines[0]).toBe("user_id,username,tg_id,score,status,banned,balance,held,qualified_referrals,invited,signals");
    expect(lines).toContain(`${referrer.id},,${referrer.tgId},80,flagged,false,30.00,0.00,0,5,"referrals_share_client:40;young_referrals:40"`);
    expect(lines).toContain(`${accounts[4]!.id},,${accounts[4]!.tgId},60,flagged,false,0.00,0.00,0,0,"shared_client:30;young_account:15;no_username:10;not_premium:5"`);
  });

  test("pages by user id: stderr has the next page's command; the pages together are the list", async () => {
    await farm();
    const all = (await cli.api<Flagged[]>("GET", "/api/admin/risk?limit=200")).map((f) => f.userId);
    let args = ["risk", "list", "--limit", "4", "--json", "userId"];
    const first = await cli.run(args);
    expect(first.stderr).toBe(`More flagged users after #${all[3]}; next page: refbot risk list --limit 4 --json userId --before ${all[3]}\n`);
    const seen: number[] = [];
    for (let page = 0; page < 20; page++) {
      const r = await cli.run(args);
      seen.push(...r.json<{ userId: number }[]>().map((f) => f.userId));
      const next = /next page: refbot (.+)\n$/.exec(r.stderr)?.[1];
      if (!next) break;
      args = next.split(" ");
    }
    expect(seen).toEqual(all);
    expect((await cli.run(["risk", "list", "--before", String(Math.min(...all))])).stdout).toBe(`No flagged users before #${Math.min(...all)}.\n`);
  });

  test("bad flags are usage errors before any call", async () => {
    for (const [args, message] of [
      [["--status", "review"], "argument 'review' is invalid"],
      [["--limit", "0"], "--limit: must be at least 1"],
      [["--json", "score,nope"], '--json: unknown field "nope"'],
    ] as const) {
      const r = await cli.run(["risk", "list", ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });
});

describe("risk show", () => {
  test("the case: signals with evidence, the referral tree, the client shared, the open withdrawal", async () => {
    const { referrer, accounts, address } = await farm();
    const w = await withdraw(referrer.tgId, "12");
    const r = await cli.run(["risk", "show", String(referrer.id)]);
    expect(r.code).toBe(0);
    expect(hasAnsi(r.stdout)).toBe(false);
    expect(r.stdout).toStartWith(`User #${referrer.id} Demo: flagged, score 80\n`);
    expect(r.stdout).toContain("Balance      18.00 USDT, 0.00 USDT held\n");
    expect(r.stdout).toContain(`Withdrawal   #${w.id} review, 12.00 USDT\n`);
    expect(r.stdout).toContain("Referred by  nobody\n");
    expect(r.stdout).toMatch(new RegExp(`\\n {3}40 {2}referrals_share_client +\\d+s {2}address=${address.replaceAll(".", "\\.")} userAgent=FarmPhone/1\\.0\\n +referrals=5\\n`));
    expect(r.stdout).toMatch(/\n {3}40 {2}young_referrals +\d+s {2}youngWithoutUsername=5 ofLatest=5\n/);
    expect(r.stdout).toContain("Referred accounts (5: 0 qualified, 5 flagged, 0 banned)\n");
    for (const a of accounts) expect(r.stdout).toMatch(new RegExp(`\\n *${a.id} +${a.tgId} +Demo +\\d+s +- +no +60 flagged +no\\n`));
    expect(r.stdout).toContain(`Decide: refbot risk clear ${referrer.id}, or refbot risk confirm ${referrer.id} --farm all|<ids>\n`);
    for (const line of r.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    expect((await cli.run(["risk", "show", String(referrer.id), "--json"])).json()).toEqual(await cli.api("GET", `/api/admin/risk/${referrer.id}`));

    // A farm account: its referrer, and the client with the other accounts seen there.
    const one = await cli.run(["risk", "show", String(accounts[0]!.id), "--referred", "1"]);
    expect(one.stdout).toContain(`Referred by  #${referrer.id} Demo (Telegram id ${referrer.tgId})\n`);
    expect(one.stdout).toMatch(/\n {3}15 {2}young_account +\d+s {2}tgId=\d+ referrerTgId=\d+ idGap=\d+\n/);
    expect(one.stdout).toMatch(/\n {4}5 {2}not_premium +\d+s {2}-\n/);
    expect(one.stdout).toMatch(new RegExp(`Clients \\(1\\)\\nADDRESS +SEEN +OTHER ACCOUNTS +USER AGENT\\n${address.replaceAll(".", "\\.")} +\\d+s {2}4: #${accounts[1]!.id} #.* +FarmPhone/1\\.0\\n`));
  });

  test("an id no user has is an error; a Telegram id gets a pointer to the user", async () => {
    const { referrer } = await farm(1);
    const missing = await cli.run(["risk", "show", "99999"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("User 99999 not found (404 NOT_FOUND)");
    const byTgId = await cli.run(["risk", "show", String(referrer.tgId)]);
    expect(byTgId.code).toBe(1);
    expect(byTgId.stderr).toBe(`error: No user has id ${referrer.tgId}, but Telegram id ${referrer.tgId} is user #${referrer.id} Demo: refbot risk show ${referrer.id}\n`);
  });
});

describe("deciding", () => {
  test("clear: the flag goes and the withdrawal in review joins the pending queue", async () => {
    const { referrer } = await farm();
    const w = await withdraw(referrer.tgId, "15");
    expect(w.status).toBe("review");
    expect(await idsIn(["withdrawals", "list", "--status", "review"])).toContain(w.id);
    expect(await idsIn(["withdrawals", "list", "--status", "pending"])).not.toContain(w.id);
    const counts = await cli.run(["withdrawals", "counts", "--json"]);
    expect(counts.json()).toEqual(await cli.api("GET", "/api/admin/withdrawals/counts"));
    expect(counts.json<{ review: number }>().review).toBeGreaterThan(0);

    const r = await cli.run(["risk", "clear", String(referrer.id)]);
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: `Cleared user #${referrer.id}: no longer flagged.\nWithdrawal #${w.id} moved from review to the pending queue.\n` });
    expect(await idsIn(["withdrawals", "list", "--status", "pending"])).toContain(w.id);
    expect(await idsIn(["withdrawals", "list", "--status", "review"])).not.toContain(w.id);
    expect((await cli.run(["risk", "list", "--status", "cleared", "--json", "userId"])).json()).toContainEqual({ userId: referrer.id });
    const again = await cli.run(["risk", "clear", String(referrer.id), "--json"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`error: User ${referrer.id} is cleared, not flagged (409 INVALID_STATE)\n`);
  });

  test("a withdrawal in review can be approved or rejected like a pending one", async () => {
    const a = await farm();
    const b = await farm();
    const wa = await withdraw(a.referrer.tgId, "11");
    const wb = await withdraw(b.referrer.tgId, "12");
    expect((await cli.run(["withdrawals", "approve", String(wa.id)])).stdout).toContain(`✔ #${wa.id} approved: 11.00 USDT`);
    const rejected = await cli.run(["withdrawals", "reject", String(wb.id), "--reason", "farm"]);
    expect(rejected.stdout).toBe(`✔ #${wb.id} rejected, 12.00 USDT refunded to ${b.referrer.tgId}\n`);
    expect((await userOf(b.referrer.id)).balanceUsdt).toBe("30.00");
  });

  test("confirm bans exactly the user and the --farm accounts named, and prints the report", async () => {
    const { referrer, accounts } = await farm();
    const w = await withdraw(referrer.tgId, "15");
    const [a, b, c] = accounts;
    const farmIds = `${a!.id},${b!.id}`;

    // Without a terminal to ask at, only --yes lets it through, before any call.
    const unasked = await cli.run(["risk", "confirm", String(referrer.id), "--farm", farmIds]);
    expect(unasked).toMatchObject({ code: 2, stdout: "", stderr: "error: risk confirm bans accounts and takes back bonuses: add --yes to confirm it (no terminal to ask at)\n" });
    const bad = await cli.run(["risk", "confirm", String(referrer.id), "--farm", "12,abc", "--yes"]);
    expect(bad).toMatchObject({ code: 2, stderr: 'error: --farm: must be "all" or user ids separated by commas, e.g. 43,44\n' });
    expect((await userOf(referrer.id)).isBanned).toBe(false);

    const r = await cli.run(["risk", "confirm", String(referrer.id), "--farm", farmIds, "--yes"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        `Fraud confirmed for user #${referrer.id}.`,
        `Banned 3 accounts: #${referrer.id}, #${a!.id}, #${b!.id}`,
        "Withdrawals refunded: 1, 15.00 USDT",
        `  #${w.id}  15.00 USDT to user #${referrer.id}`,
        "Held bonuses reversed: none",
        "Paid bonuses taken back: none",
        "Not taken back: none",
        "",
      ].join("\n"),
    );
    expect((await Promise.all([referrer, a!, b!, c!].map(async (u) => (await userOf(u.id)).isBanned)))).toEqual([true, true, true, false]);
    expect((await userOf(referrer.id)).balanceUsdt).toBe("30.00");
    expect((await cli.run(["risk", "list", "--status", "confirmed", "--json", "userId"])).json()).toEqual(expect.arrayContaining([{ userId: referrer.id }, { userId: a!.id }, { userId: b!.id }]));

    const twice = await cli.run(["risk", "confirm", String(referrer.id), "--yes"]);
    expect(twice).toMatchObject({ code: 1, stderr: `error: User ${referrer.id} is already confirmed (409 INVALID_STATE)\n` });
    const stranger = await farm(1);
    const notTheirs = await cli.run(["risk", "confirm", String(stranger.referrer.id), "--farm", String(c!.id), "--yes"]);
    expect(notTheirs.code).toBe(1);
    expect(notTheirs.stderr).toContain(`user ${c!.id} was not referred by user ${stranger.referrer.id}`);
  });

  test("confirm --farm all --json: the report; held bonuses reversed, and what was spent marked as not taken back", async () => {
    // A farm account qualifies: its bonus is held, and kept while its referrer is flagged.
    const flagged = await farm();
    await qualify(flagged.accounts[0]!.tgId);
    expect((await userOf(flagged.referrer.id)).heldUsdt).toBe("0.20");
    await Bun.sleep(1_200);
    const kept = await cli.run(["risk", "release-holds", "--json"]);
    expect(kept.code).toBe(0);
    expect(kept.json<{ kept: number }>().kept).toBeGreaterThanOrEqual(1);
    const report = await cli.run(["risk", "confirm", String(flagged.referrer.id), "--farm", "all", "--yes", "--json"]);
    expect(report.json()).toEqual({
      userId: flagged.referrer.id,
      banned: [flagged.referrer.id, ...flagged.accounts.map((a) => a.id).sort((x, y) => y - x)],
      withdrawalsRefunded: [],
      holdsReversed: [{ referredId: flagged.accounts[0]!.id, referrerId: flagged.referrer.id, amount: "0.20" }],
      bonusesReversed: [],
      notReversed: [],
    });

    // An honest-looking referrer whose friend's bonus was paid, then withdrawn and paid out.
    const referrer = await cli.makeUser("10");
    // A Telegram id close to the referrer's (not a young account), apart from the harness's own.
    const friend = await launch(referrer.tgId + 2_000_000, await refCodeOf(referrer.id), {});
    await qualify(friend.tgId);
    expect(await userOf(referrer.id)).toMatchObject({ balanceUsdt: "10.00", heldUsdt: "0.20", riskStatus: null });
    const shown = await cli.run(["users", "show", String(referrer.id)]);
    expect(shown.stdout).toContain("Balance         10.00 USDT, 0.20 USDT held\n");
    expect(shown.stdout).not.toContain("Risk");
    await Bun.sleep(1_200);
    const released = await cli.run(["risk", "release-holds"]);
    expect(released.code).toBe(0);
    expect(released.stdout).toMatch(/^Released \d+ held bonuses into balances; forfeited 0 \(the friend left\)\.\nKept \d+ for the risk review; unchecked 0\.\n$/);
    // The server settles due holds once a minute too, so either run may have paid it.
    await until("the bonus paid", async () => (await userOf(referrer.id)).balanceUsdt === "10.20");
    const w = await withdraw(referrer.tgId, "10.20");
    await cli.run(["withdrawals", "approve", String(w.id)]);
    await cli.run(["withdrawals", "pay", String(w.id), "--tx", `0x${"3c".repeat(32)}`]);

    const r = await cli.run(["risk", "confirm", String(referrer.id), "--farm", "all", "--yes"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Banned 2 accounts: #${referrer.id}, #${friend.id}\n`);
    expect(r.stdout).toContain("Paid bonuses taken back: none\n");
    expect(r.stdout).toContain(`NOT TAKEN BACK: 1, 0.20 USDT (already spent; no balance went below zero)\n  ! 0.20 USDT  to #${referrer.id} for referring #${friend.id}\n`);
    expect((await userOf(referrer.id)).balanceUsdt).toBe("0.00");
  });
});

describe("users show", () => {
  test("the held amount beside the balance, and the risk score and status with where to look", async () => {
    const { referrer } = await farm();
    const r = await cli.run(["users", "show", String(referrer.id)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Balance         30.00 USDT, 0.00 USDT held\n");
    expect(r.stdout).toContain(`Risk            flagged, score 80: refbot risk show ${referrer.id}\n`);
  });
});

test("every risk command's help has an example and fits 80 columns; the list's names its fields", async () => {
  for (const args of [["risk"], ["risk", "list"], ["risk", "show"], ["risk", "clear"], ["risk", "confirm"], ["risk", "release-holds"], ["withdrawals", "counts"], ["withdrawals", "approve"]]) {
    const r = await cli.run([...args, "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("$ refbot ");
    for (const line of r.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  }
  const list = (await cli.run(["risk", "list", "--help"])).stdout;
  expect(list).toContain("--before <id>");
  expect(list).toContain("Fields for --json:\n  userId, tgId, username, firstName, score, status, isBanned, balanceUsdt,\n");
});

describe("release-holds while Telegram is unreachable", () => {
  let tg: FakeTelegram;
  let bot: CliHarness;
  const token = "123456:TEST-token";
  beforeAll(async () => {
    tg = startFakeTelegram();
    bot = await startBotCli(tg, [], { CHANNEL_ID: "@refbot_test_channel", REFERRAL_HOLD_HOURS: "0.0003", TELEGRAM_TIMEOUT: "2" });
  });
  afterAll(async () => {
    await bot.stop();
    tg.stop();
  });

  /** Opens the mini app with init data signed as Telegram signs it for this bot. */
  async function open(tgId: number, startParam?: string) {
    const initData = signInitData({ user: { id: tgId, first_name: `User${tgId}` }, startParam, authDate: Math.floor(Date.now() / 1000) }, initDataKey(token));
    const headers = { "x-telegram-init-data": initData, "content-type": "application/json" };
    const me = (await fetch(`${bot.server.url}/api/me`, { headers }).then((r) => r.json())) as { id: number };
    return { id: me.id, headers };
  }

  test("the bonuses Telegram could not check stay held and the command exits 5; afterwards they are paid", async () => {
    const ids = await Promise.all(
      [["daily_activity", "Check in"], ["daily_activity", "Read"], ["follow_channel", "Join"]].map(async ([kind, title]) => (await bot.api<{ id: number }>("POST", "/api/admin/tasks", { kind, title })).id),
    );
    const referrer = await open(7_300_001);
    const { refCode } = await bot.api<{ refCode: string }>("GET", `/api/admin/users/${referrer.id}`);
    const friend = await open(7_300_002, refCode);
    tg.members.add(7_300_002);
    for (const id of ids) expect((await fetch(`${bot.server.url}/api/tasks/${id}/complete`, { method: "POST", headers: friend.headers })).status).toBe(200);
    expect((await bot.api<{ heldUsdt: string }>("GET", `/api/admin/users/${referrer.id}`)).heldUsdt).toBe("0.20");
    await Bun.sleep(1_200);

    tg.goDown("down");
    const down = await bot.run(["risk", "release-holds"]);
    expect(down.code).toBe(5);
    expect(down.stdout).toBe("Released 0 held bonuses into balances; forfeited 0 (the friend left).\nKept 0 for the risk review; unchecked 1.\n");
    expect(down.stderr).toBe("error: Telegram could not say whether 1 referred users are still in the channel; their bonuses stay held until the next run\n");
    expect(await bot.api("GET", `/api/admin/users/${referrer.id}`)).toMatchObject({ balanceUsdt: "0.00", heldUsdt: "0.20" });
    const json = await bot.run(["risk", "release-holds", "--json"]);
    expect(json.code).toBe(5);
    expect(json.json()).toEqual({ released: 0, forfeited: 0, kept: 0, unchecked: 1 });

    tg.comeBack();
    const back = await bot.run(["risk", "release-holds"]);
    expect(back.code).toBe(0);
    await until("the bonus paid", async () => (await bot.api<{ balanceUsdt: string }>("GET", `/api/admin/users/${referrer.id}`)).balanceUsdt === "0.20");
  });
});
