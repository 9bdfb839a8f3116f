// refbot broadcast send / status / flush against a server whose bot talks to a fake Telegram,
// with the scheduler off (BROADCAST_INTERVAL=0) so only the CLI's flush sends, as under cron.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cantParseEntities, startFakeTelegram, type FakeTelegram } from "@/tests/support/fake-telegram.ts";
import { until } from "@/tests/support/until.ts";
import { startBotCli, type CliHarness } from "./support.ts";

let tg: FakeTelegram;
let cli: CliHarness;
const users = [7_100_001, 7_100_002, 7_100_003];

beforeAll(async () => {
  tg = startFakeTelegram();
  cli = await startBotCli(tg, users);
});
afterAll(async () => {
  await cli.stop();
  tg.stop();
});

describe("broadcast", () => {
  test("send queues for every user; flush sends, reports a blocked user and why; status follows", async () => {
    const blocked = users[2]!;
    tg.failWhen((call) => (call.method === "sendMessage" && Number(call.body.chat_id) === blocked ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined));
    const sent = await cli.run(["broadcast", "send", "Hello from the CLI"]);
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(/^Queued broadcast #\d+ for 3 users; ETA /);
    expect((await cli.run(["broadcast", "status", "--json"])).json()[0]).toMatchObject({ message: "Hello from the CLI", total: 3, pending: 3, sent: 0 });

    const flush = await cli.run(["broadcast", "flush"]);
    expect(flush.code).toBe(0);
    expect(flush.stdout).toContain("Claimed 3: sent 2, retry later 0, blocked 1, failed 0; 0 still queued.");
    expect(flush.stdout).toMatch(new RegExp(`${blocked}\\s+blocked\\s+user blocked the bot`));
    expect(tg.sent(users[0]).some((c) => c.body.text === "Hello from the CLI")).toBe(true);

    const status = await cli.run(["broadcast", "status"]);
    expect(status.stdout.split("\n")[0]).toMatch(/^ID\s+AGE\s+TOTAL\s+SENT\s+FAILED\s+PENDING\s+DONE\s+ETA\s+MESSAGE$/);
    expect(status.stdout).toMatch(/\s3\s+2\s+1\s+0\s+100%\s+done\s+Hello from the CLI/);
    const again = (await cli.run(["broadcast", "flush", "--json"])).json();
    expect(again).toMatchObject({ claimed: 0, sent: 0, results: [] });
    tg.failWhen(() => undefined);
  });

  test("a Telegram 429 stops the flush and says when sending resumes", async () => {
    tg.failWhen((call) => (call.method === "sendMessage" ? { error_code: 429, description: "Too Many Requests: retry after 30", parameters: { retry_after: 30 } } : undefined));
    await cli.run(["broadcast", "send", "Rate limited message"]);
    // The users had the test before's broadcast a moment ago: no chat gets two messages within a second.
    await Bun.sleep(1_100);
    const flush = await cli.run(["broadcast", "flush"]);
    expect(flush.code).toBe(0);
    expect(flush.stdout).toContain("Telegram rate limit: stopped; sending resumes in 30 s.");
    const json = (await cli.run(["broadcast", "flush", "--json"])).json();
    expect(json).toMatchObject({ stoppedByRateLimit: true, retryAfterSeconds: expect.any(Number) });
    tg.failWhen(() => undefined);
  });

  test("the message can come from --file or stdin; a short one is refused before any call", async () => {
    const dir = mkdtempSync(join(tmpdir(), "refbot-msg-"));
    writeFileSync(join(dir, "msg.md"), "*Bold* news from a file\n");
    const fromFile = await cli.run(["broadcast", "send", "--file", join(dir, "msg.md"), "--json"]);
    expect(fromFile.json()).toMatchObject({ queuedCount: 2, broadcast: { message: "*Bold* news from a file" } });
    const fromStdin = await cli.run(["broadcast", "send", "--json"], { stdin: "News from a pipe\n" });
    expect(fromStdin.json().broadcast.message).toBe("News from a pipe");
    const short = await cli.run(["broadcast", "send", "hi"]);
    expect(short.code).toBe(2);
    expect(short.stderr).toBe('error: message "hi": must be at least 5 characters\n');
    expect((await cli.run(["broadcast", "send", "--file", join(dir, "missing.md")])).stderr).toContain("--file: cannot read");
  });
});

describe("broadcast in several languages", () => {
  // A server of its own (these names shadow the file's): the tests above leave a rate limit and
  // deliveries behind.
  let tg: FakeTelegram;
  let cli: CliHarness;
  const [en, ru, es] = [7_200_001, 7_200_002, 7_200_003];
  beforeAll(async () => {
    tg = startFakeTelegram();
    cli = await startBotCli(tg, [en]);
    tg.message(ru, "/start", { language_code: "ru" });
    tg.message(es, "/start", { language_code: "es-419" });
    await until("welcomes", () => [ru, es].every((id) => tg.sent(id).length > 0));
  });
  afterAll(async () => {
    await cli.stop();
    tg.stop();
  });

  test("--lang/--file pairs give a language its own text; the audience per language is shown before queuing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "refbot-langs-"));
    const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
    const [enFile, ruFile, short] = [file("en.md", "*News* for everyone\n"), file("ru.md", "*Новости* для всех\n"), file("short.md", "abc")];

    const sent = await cli.run(["broadcast", "send", "--file", enFile, "--lang", "ru", "--file", ruFile]);
    expect(sent.code).toBe(0);
    expect(sent.stderr).toBe(["Reaches 3 users now, by language:", "  en  1  default text", `  ru  1  own text (${ruFile})`, "  es  1  default text", "Sending takes as flushes are asked for (no interval set).", ""].join("\n"));
    expect(sent.stdout).toMatch(/^Queued broadcast #\d+ for 3 users; ETA .+\. Own texts: ru\.\n$/);
    expect((await cli.run(["broadcast", "status", "--json"])).json()[0]).toMatchObject({ message: "*News* for everyone", texts: { ru: "*Новости* для всех" }, total: 3 });
    expect((await cli.run(["broadcast", "flush"])).stdout).toStartWith("Claimed 3: sent 3");
    const last = (tgId: number) => tg.sent(tgId).at(-1)!.body.text;
    expect([last(en), last(ru), last(es)]).toEqual(["*News* for everyone", "*Новости* для всех", "*News* for everyone"]);

    const refused = async (args: string[]) => {
      const r = await cli.run(["broadcast", "send", ...args, "--yes"]);
      return { code: r.code, stderr: r.stderr };
    };
    expect(await refused(["Hello everyone", "--lang", "ru"])).toEqual({ code: 2, stderr: "error: --lang ru: give its text with --file right after it\n" });
    expect(await refused(["Hello everyone", "--lang", "de", "--file", ruFile])).toEqual({ code: 2, stderr: "error: --lang de: must be one of ru, es: the default message is for everyone else\n" });
    expect(await refused(["--file", enFile, "--file", ruFile])).toMatchObject({ code: 2, stderr: expect.stringContaining("give the default message once") });
    expect(await refused(["Hello everyone", "--lang", "ru", "--file", short])).toEqual({ code: 2, stderr: `error: --lang ru (${short}): must be at least 5 characters\n` });
    expect((await cli.run(["broadcast", "status", "--json"])).json()).toHaveLength(1);
  });
});

describe("broadcasts that must not go out", () => {
  // A server of its own, three messages a flush, with a Telegram that refuses any text starting
  // "Refused" as it refuses Markdown it cannot parse (a text the server's own check let through).
  let tg: FakeTelegram;
  let cli: CliHarness;
  const users = [7_300_001, 7_300_002, 7_300_003];
  const refusing = (text: unknown) => String(text).startsWith("Refused");
  beforeAll(async () => {
    tg = startFakeTelegram();
    tg.failWhen((call) => (call.method === "sendMessage" && refusing(call.body.text) ? cantParseEntities(9) : undefined));
    cli = await startBotCli(tg, users, { BROADCAST_BATCH: "3" });
  });
  afterAll(async () => {
    await cli.stop();
    tg.stop();
  });
  const queue = async (text: string) => (await cli.run(["broadcast", "send", text, "--json"])).json().broadcast.id as number;

  test("send: Markdown Telegram would refuse is refused before anything is asked or queued, with where, exit 2", async () => {
    const bad = await cli.run(["broadcast", "send", "Earn 2 * 3 USDT today with _referrals"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'error: message "Earn 2 * 3 USDT today with _referrals": Telegram would refuse this message: the * at character 8 is never closed. Close it with * (or write \\* to show the character itself).\n',
    );
    const dir = mkdtempSync(join(tmpdir(), "refbot-md-"));
    writeFileSync(join(dir, "ru.md"), "*Новости*\n\nПишите в @refbot_support\n");
    const ru = await cli.run(["broadcast", "send", "Write to @refbot\\_support", "--lang", "ru", "--file", join(dir, "ru.md"), "--yes"]);
    expect(ru.code).toBe(2);
    expect(ru.stderr).toBe(`error: --lang ru (${join(dir, "ru.md")}): Telegram would refuse this message: the _ at character 28 (line 3, column 17) is never closed. Close it with _ (or write \\_ to show the character itself).\n`);
    expect((await cli.run(["broadcast", "status", "--json"])).json()).toEqual([]);
  });

  test("flush: a text Telegram refuses stops its broadcast at the first refusal; the broadcast after it goes out in the next flush", async () => {
    const bad = await queue("Refused by Telegram for its Markdown");
    const good = await queue("*Good* news for everyone");
    const first = await cli.run(["broadcast", "flush"]);
    expect(first.code).toBe(0);
    const reason = "Telegram refused the text: Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 9";
    expect(first.stdout).toStartWith(`Claimed 3: sent 0, retry later 0, blocked 0, failed 1; 3 still queued.\nBroadcast #${bad} stopped: ${reason}; its other 2 deliveries failed.\n`);
    expect(first.stdout).toMatch(new RegExp(`${users[1]}\\s+stopped\\s+not sent, its broadcast stopped: Telegram refused`));
    expect(tg.sent().filter((c) => refusing(c.body.text))).toHaveLength(1);

    expect((await cli.run(["broadcast", "flush"])).stdout).toStartWith("Claimed 3: sent 3, retry later 0, blocked 0, failed 0; 0 still queued.");
    expect(users.map((id) => tg.delivered(id).at(-1)!.body.text)).toEqual(Array(3).fill("*Good* news for everyone"));

    const status = await cli.run(["broadcast", "status"]);
    expect(status.stdout).toMatch(new RegExp(`\\n\\s*${bad}\\s+\\S+\\s+3\\s+0\\s+3\\s+0\\s+100%\\s+stopped\\s+Refused by Telegram`));
    expect(status.stdout).toMatch(new RegExp(`\\n\\s*${good}\\s+\\S+\\s+3\\s+3\\s+0\\s+0\\s+100%\\s+done\\s+\\*Good\\*`));
    // How long ago depends on how fast the machine runs the CLI; the rest of the line is exact.
    expect(status.stdout.replace(/stopped \d+s ago/g, "stopped Ns ago")).toEndWith(`\n#${bad} stopped Ns ago, ${reason}: 0 of 3 sent, the rest failed.\n`);
    expect((await cli.run(["broadcast", "status", "--json"])).json().find((b: { id: number }) => b.id === bad)).toMatchObject({ sent: 0, failed: 3, pending: 0, stopReason: reason });
  });

  test("cancel: needs --yes without a terminal, stops what is left, and is refused for a broadcast already stopped", async () => {
    const id = await queue("A broadcast to call back");
    const unasked = await cli.run(["broadcast", "cancel", String(id)]);
    expect({ code: unasked.code, stderr: unasked.stderr }).toEqual({ code: 2, stderr: "error: broadcast cancel stops a broadcast for good: add --yes to confirm it (no terminal to ask at)\n" });

    const cancelled = await cli.run(["broadcast", "cancel", String(id), "--yes"]);
    const reason = `cancelled by ${cli.server.adminEmail}`;
    expect({ code: cancelled.code, stdout: cancelled.stdout }).toEqual({ code: 0, stdout: `Cancelled broadcast #${id}: 0 of 3 sent; the other 3 failed (${reason}).\n` });
    const flush = await cli.run(["broadcast", "flush", "--json"]);
    expect(flush.json()).toMatchObject({ claimed: 0, leftQueued: 0 });
    expect(tg.sent().some((c) => c.body.text === "A broadcast to call back")).toBe(false);
    expect((await cli.run(["broadcast", "status"])).stdout.replace(/stopped \d+s ago/g, "stopped Ns ago")).toContain(`#${id} stopped Ns ago, ${reason}: 0 of 3 sent, the rest failed.`);

    const again = await cli.run(["broadcast", "cancel", String(id), "--yes"]);
    expect({ code: again.code, stderr: again.stderr }).toEqual({ code: 1, stderr: `error: Broadcast #${id} has already stopped (${reason}): nothing is left to cancel (409 INVALID_STATE)\n` });
    expect((await cli.run(["broadcast", "cancel", String(id + 1000), "--yes"])).stderr).toBe(`error: No broadcast #${id + 1000} (404 NOT_FOUND)\n`);
    expect((await cli.run(["broadcast", "cancel", "first", "--yes"])).code).toBe(2);
  });
});

describe("broadcast at a send rate (BROADCAST_RATE)", () => {
  let tg: FakeTelegram;
  let cli: CliHarness;
  const users = [7_300_001, 7_300_002, 7_300_003, 7_300_004];
  beforeAll(async () => {
    tg = startFakeTelegram(undefined, { delayMs: 40 });
    cli = await startBotCli(tg, users, { BROADCAST_RATE: "2" });
  });
  afterAll(async () => {
    await cli.stop();
    tg.stop();
  });

  test("send says how long the audience takes at the rate before queuing; the senders send without a flush; status shows progress and time left", async () => {
    const sent = await cli.run(["broadcast", "send", "Sent at the fleet's rate"]);
    expect(sent.code).toBe(0);
    expect(sent.stderr).toEndWith("Sending takes about 2 s at 2 messages/s.\n");
    const status = await cli.run(["broadcast", "status"]);
    // Two a second: after one, some are out and some left, with the seconds that remain.
    expect(status.stdout).toMatch(/\s4\s+[0-3]\s+0\s+[1-4]\s+\d+%\s+\d+s\s+Sent at the fleet's rate/);
    await until("all sent", () => users.every((id) => tg.delivered(id).some((c) => c.body.text === "Sent at the fleet's rate")), 10_000);
    expect((await cli.run(["broadcast", "status"])).stdout).toMatch(/\s4\s+4\s+0\s+0\s+100%\s+done\s+Sent at the fleet's rate/);
    expect((await cli.run(["broadcast", "flush", "--json"])).json()).toMatchObject({ claimed: 0 });
  });
});
