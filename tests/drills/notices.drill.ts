// Notices about money against a Bot API that hangs and a server killed (SIGKILL) while they
// wait: admins approve withdrawals through the API, the server holding them dies, Telegram comes
// back and a second server on the same database delivers every notice exactly once.
import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { startFakeTelegram, type FakeTelegram } from "../support/fake-telegram.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { until } from "../support/until.ts";

const token = "123456:notices-drill-token";
let tg: FakeTelegram;
const servers: TestServer[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) {
    await s.stop().catch(() => undefined);
    s.removeDir();
  }
  tg?.stop();
});

async function call(server: TestServer, method: string, path: string, body?: unknown, bearer?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(bearer && { authorization: `Bearer ${bearer}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

type NoticeRow = { id: number; status: string; tg_id: number; kind: string };
const noticeRows = (path: string): NoticeRow[] => {
  const db = new Database(path, { readonly: true });
  try {
    return db.query("select n.id, n.status, u.tg_id, n.kind from notices n join users u on u.id = n.user_id order by n.id").all() as NoticeRow[];
  } finally {
    db.close();
  }
};

test("notices queued during an outage survive a SIGKILL of the server holding them and are delivered once each after", async () => {
  tg = startFakeTelegram(undefined, { delayMs: 40 });
  // Telegram holds every call unanswered: the sender's claims are in flight when the server dies.
  tg.goDown("hang");
  const env = { BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, TELEGRAM_TIMEOUT: "1", SKIP_WEB_BUILD: "true", SEED_DEMO: "true", BROADCAST_INTERVAL: "0" };
  const first = await startTestServer(env, { keep: true });
  servers.push(first);
  const session = (await call(first, "POST", "/api/auth/login", { email: first.adminEmail, password: first.adminPassword })).body.token as string;
  const db = new Database(first.databasePath, { readonly: true });
  const pending = db.query("select id from withdrawals where status = 'pending' order by id").all() as { id: number }[];
  const approved = db.query("select id from withdrawals where status = 'approved' order by id").all() as { id: number }[];
  db.close();
  expect(pending.length).toBeGreaterThan(0);
  const before = noticeRows(first.databasePath).length;
  for (const w of pending) expect((await call(first, "PATCH", `/api/admin/withdrawals/${w.id}/approve`, undefined, session)).status).toBe(200);
  for (const [i, w] of approved.entries()) {
    const txHash = `0x${String(i + 1).padStart(64, "0")}`;
    expect((await call(first, "PATCH", `/api/admin/withdrawals/${w.id}/paid`, { txHash }, session)).status).toBe(200);
  }
  await until("the notices queued", () => noticeRows(first.databasePath).length === before + pending.length + approved.length, 10_000);
  // Killed while it holds some, on their way to a Telegram that does not answer.
  await until("a notice held by the sender", () => noticeRows(first.databasePath).some((n) => n.status === "sending"), 10_000);
  expect(tg.delivered()).toEqual([]);
  first.signal("SIGKILL");
  await first.exited;

  tg.comeBack();
  const second = await startTestServer({ ...env, DATABASE_PATH: first.databasePath, SEED_DEMO: "false" });
  servers.push(second);
  await until("every notice settled", () => noticeRows(first.databasePath).every((n) => n.status !== "pending" && n.status !== "sending"), 30_000);
  await Bun.sleep(500);
  const rows = noticeRows(first.databasePath);
  const sent = rows.filter((n) => n.status === "sent");
  expect(sent.length).toBe(rows.length - rows.filter((n) => n.status === "skipped").length);
  // Exactly once: each chat received as many messages as it has notices sent, no more.
  const expected = new Map<number, number>();
  for (const n of sent) expected.set(n.tg_id, (expected.get(n.tg_id) ?? 0) + 1);
  expect(new Map([...tg.perChat()].sort())).toEqual(new Map([...expected].sort()));
  expect(sent.length).toBeGreaterThanOrEqual(pending.length + approved.length);
}, 90_000);
