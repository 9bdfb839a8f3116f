// The outage drill from the issue: `refbot broadcast flush` runs again and again while the Bot
// API is down, then after it comes back. Nothing may be used up or lost, nothing sent twice,
// and no run during the outage may exit 0.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { startFakeTelegram, type FakeTelegram } from "@/tests/support/fake-telegram.ts";
import { startBotCli, type CliHarness } from "./support.ts";

let tg: FakeTelegram;
let cli: CliHarness;
const users = [7_200_001, 7_200_002, 7_200_003, 7_200_004];

beforeAll(async () => {
  tg = startFakeTelegram();
  cli = await startBotCli(tg, users, { TELEGRAM_TIMEOUT: "2" });
});
afterAll(async () => {
  await cli.stop();
  tg.stop();
});

test("flushes during an outage exit 5 and use up no try; after it every user gets the message exactly once", async () => {
  const db = new Database(cli.server.databasePath, { readonly: true });
  const deliveries = () => db.query("select status, attempts from broadcast_deliveries").all() as { status: string; attempts: number }[];
  try {
    expect((await cli.run(["broadcast", "send", "Drill message"])).code).toBe(0);
    tg.goDown("down");
    const started = Date.now();
    for (let run = 0; run < 3; run++) {
      const flush = await cli.run(["broadcast", "flush"]);
      expect(flush.code).toBe(5);
      expect(flush.stdout).toContain("4 still queued.");
      expect(flush.stderr).toMatch(/^error: the Bot API was unreachable \(Network request for 'sendMessage' failed!.*\); 4 deliveries left queued, no try used up; the server tries again in \d+ s\n$/);
      expect(deliveries()).toEqual(users.map(() => ({ status: "pending", attempts: 0 })));
    }
    expect(Date.now() - started).toBeLessThan(10_000);

    // A 502 from Telegram counts the same, once the server's wait after the last failure is over.
    tg.comeBack();
    tg.goDown("5xx");
    let answer: any;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await Bun.sleep(200)) {
      const flush = await cli.run(["broadcast", "flush", "--json"]);
      expect(flush.code).toBe(5);
      answer = flush.json();
      if (answer.claimed > 0) break;
    }
    expect(answer).toMatchObject({ claimed: 4, sent: 0, stoppedByOutage: true, outageError: "Call to 'sendMessage' failed! (502: Bad Gateway)", leftQueued: 4 });
    expect(deliveries().every((d) => d.status === "pending" && d.attempts === 0)).toBe(true);

    tg.comeBack();
    let done: any;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await Bun.sleep(200)) {
      const flush = await cli.run(["broadcast", "flush", "--json"]);
      done = flush.json();
      if (flush.code === 0 && done.leftQueued === 0) break;
    }
    expect(done).toMatchObject({ sent: 4, stoppedByOutage: false, leftQueued: 0 });
    for (const id of users) expect(tg.delivered(id).filter((c) => c.body.text === "Drill message")).toHaveLength(1);
    expect(deliveries()).toEqual(users.map(() => ({ status: "sent", attempts: 1 })));
    const status = (await cli.run(["broadcast", "status", "--json"])).json()[0];
    expect(status).toMatchObject({ message: "Drill message", total: 4, sent: 4, failed: 0, pending: 0 });
  } finally {
    db.close();
  }
}, 60_000);
