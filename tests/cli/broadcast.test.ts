// refbot broadcast send / status / flush against a server whose bot talks to a fake Telegram,
// with the scheduler off (BROADCAST_INTERVAL=0) so only the CLI's flush sends, as under cron.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeTelegram, type FakeTelegram } from "@/tests/support/fake-telegram.ts";
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
    expect(status.stdout.split("\n")[0]).toMatch(/^ID\s+AGE\s+TOTAL\s+SENT\s+FAILED\s+PENDING\s+ETA\s+MESSAGE$/);
    expect(status.stdout).toMatch(/\s3\s+2\s+1\s+0\s+done\s+Hello from the CLI/);
    const again = (await cli.run(["broadcast", "flush", "--json"])).json();
    expect(again).toMatchObject({ claimed: 0, sent: 0, results: [] });
    tg.failWhen(() => undefined);
  });

  test("a Telegram 429 stops the flush and says when sending resumes", async () => {
    tg.failWhen((call) => (call.method === "sendMessage" ? { error_code: 429, description: "Too Many Requests: retry after 30", parameters: { retry_after: 30 } } : undefined));
    await cli.run(["broadcast", "send", "Rate limited message"]);
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
