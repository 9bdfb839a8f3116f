// A full disk under a real server on SQLite: the database lives on a small tmpfs, which a filler
// file then fills while users complete tasks, ask for withdrawals and read. Every answer is a
// success or 503 STORAGE_FULL (never a 500), the log says so about once a minute rather than once
// a request, readiness says the storage is full, and once the filler goes, writes succeed again,
// every acknowledged write is in the database and the ledger check passes. Mounting needs root;
// elsewhere the test is skipped and says why.
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoInitDataToken } from "@/api/app.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { dbCheck } from "./support/db-check.ts";
import { startTestServer, type TestServer } from "./support/server.ts";

const dir = mkdtempSync(join(tmpdir(), "refbot-full-"));
const mount = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", dir], { stderr: "pipe" });
const mounted = mount.exitCode === 0;
if (!mounted) console.log(`storage-full drill skipped: cannot mount a tmpfs here (${mount.stderr.toString().trim() || "not root"})`);

let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (mounted) Bun.spawnSync(["umount", dir]);
  rmSync(dir, { recursive: true, force: true });
});

const jwtSecret = "storage-full-drill-secret-at-least-32-chars";
const key = initDataKey(demoInitDataToken(jwtSecret));
const initData = (tgId: number) => signInitData({ user: { id: tgId, first_name: `Disk ${tgId}` }, authDate: Math.floor(Date.now() / 1000) }, key);

type Answer = { status: number; code?: string; body: any };

async function call(method: string, path: string, { tgId, token, body }: { tgId?: number; token?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (tgId) headers["x-telegram-init-data"] = initData(tgId);
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server!.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json().catch(() => null)) as any;
  return { status: res.status, code: json?.code, body: json };
}

/** Fills the file system under `path` with a file of zeros until it refuses more; answers the file. */
function fill(path: string): string {
  const filler = join(path, "filler");
  const fd = openSync(filler, "w");
  for (const size of [1 << 20, 1 << 12, 1 << 9]) {
    const chunk = new Uint8Array(size);
    try {
      for (;;) writeSync(fd, chunk);
    } catch {
      // ENOSPC: on to smaller pieces, until not even those fit.
    }
  }
  closeSync(fd);
  return filler;
}

test.skipIf(!mounted)("a full disk: 503 STORAGE_FULL or success, a log line a minute, readiness says so, and nothing acknowledged lost", async () => {
  const databasePath = join(dir, "refbot.sqlite");
  server = await startTestServer({ DATABASE_PATH: databasePath, JWT_SECRET: jwtSecret, SKIP_WEB_BUILD: "true", SEED_DEMO: "false" });
  const token = (await call("POST", "/api/auth/login", { body: { email: server.adminEmail, password: server.adminPassword } })).body.token as string;
  const daily = (await call("POST", "/api/admin/tasks", { token, body: { kind: "daily_activity", title: "Daily Check-in", reward: "0.20" } })).body;
  expect(daily.id).toBeNumber();

  // Users signed up before the disk fills: half of them with enough for a withdrawal and a wallet.
  const users: { tgId: number; id: number; funded: boolean }[] = [];
  for (let i = 0; i < 200; i++) {
    const tgId = 9_500_000 + i;
    const me = await call("GET", "/api/me", { tgId });
    expect(me.status).toBe(200);
    const funded = i % 2 === 0;
    if (funded) {
      expect((await call("POST", `/api/admin/users/${me.body.id}/adjust`, { token, body: { amount: "20", reason: "disk drill" } })).status).toBe(200);
      expect((await call("POST", "/api/me/wallet", { tgId, body: { address: `0x${tgId.toString(16).padStart(40, "0")}` } })).status).toBe(200);
    }
    users.push({ tgId, id: me.body.id, funded });
  }

  const linesBefore = server.output().split("\n").length;
  const filler = fill(dir);
  const answers: (Answer & { what: string; tgId: number })[] = [];
  const fire = async (what: string, tgId: number, request: Promise<Answer>) => answers.push({ ...(await request), what, tgId });
  // 600 requests, 30 at a time: a completion and a withdrawal or a read for every user, and
  // sign-ups of users never seen before (each one a write).
  const requests = users.flatMap((u, i) => [
    () => fire("complete", u.tgId, call("POST", `/api/tasks/${daily.id}/complete`, { tgId: u.tgId })),
    u.funded ? () => fire("withdraw", u.tgId, call("POST", "/api/me/withdraw", { tgId: u.tgId, body: { amount: "10" } })) : () => fire("read", u.tgId, call("GET", "/api/me", { tgId: u.tgId })),
    () => fire("sign-up", 9_600_000 + i, call("GET", "/api/me", { tgId: 9_600_000 + i })),
  ]);
  for (let i = 0; i < requests.length; i += 30) await Promise.all(requests.slice(i, i + 30).map((r) => r()));
  const ready = await call("GET", "/api/health/ready");
  const health = await call("GET", "/api/health");
  const lines = server.output().split("\n").slice(linesBefore - 1).filter((l) => l.trim() !== "");

  const tally = new Map<string, number>();
  for (const a of answers) tally.set(`${a.what} ${a.status} ${a.code ?? ""}`.trim(), (tally.get(`${a.what} ${a.status} ${a.code ?? ""}`.trim()) ?? 0) + 1);
  console.log(`disk full: ${answers.length} requests: ${[...tally].map(([k, n]) => `${n} × ${k}`).join(", ")}; ${lines.length} log lines:\n  ${lines.join("\n  ")}`);

  expect(answers.length).toBe(600);
  expect(answers.filter((a) => a.status !== 200 && a.status !== 201 && !(a.status === 503 && a.code === "STORAGE_FULL"))).toEqual([]);
  expect(answers.filter((a) => a.code === "STORAGE_FULL").length).toBeGreaterThan(100);
  // Reads of signed-up users are served whatever the disk does.
  expect(answers.filter((a) => a.what === "read").every((a) => a.status === 200)).toBe(true);
  expect(lines.length).toBeLessThanOrEqual(3);
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ ready: false, database: "storage_full", message: "The database's disk is full: writes are refused" });
  expect(health.status).toBe(200);
  expect(health.body.database).toBe("storage_full");

  // Space again: writes succeed, readiness says ready.
  rmSync(filler);
  const later = users.find((u) => !answers.some((a) => a.what === "complete" && a.tgId === u.tgId && a.status === 200))!;
  const retried = await call("POST", `/api/tasks/${daily.id}/complete`, { tgId: later.tgId });
  expect(retried.status).toBe(200);
  answers.push({ ...retried, what: "complete", tgId: later.tgId });
  expect((await call("GET", "/api/health/ready")).body).toMatchObject({ ready: true, database: "ok", migrations: { pending: [], unknown: 0 } });
  expect((await call("GET", "/api/health")).body.database).toBe("ok");

  // Every acknowledged write is in the database, and the ledger holds.
  expect(await server.stop()).toBe(0);
  const db = new Database(databasePath, { readonly: true });
  const completed = new Set(db.query<{ tgId: number }, []>("select u.tg_id as tgId from ledger l join users u on u.id = l.user_id where l.reason = 'daily_task'").all().map((r) => r.tgId));
  const withdrew = new Set(db.query<{ tgId: number }, []>("select u.tg_id as tgId from withdrawals w join users u on u.id = w.user_id").all().map((r) => r.tgId));
  const signedUp = new Set(db.query<{ tgId: number }, []>("select tg_id as tgId from users").all().map((r) => r.tgId));
  db.close();
  const ok = (what: string) => answers.filter((a) => a.what === what && (a.status === 200 || a.status === 201)).map((a) => a.tgId);
  expect(ok("complete").filter((id) => !completed.has(id))).toEqual([]);
  expect(ok("withdraw").filter((id) => !withdrew.has(id))).toEqual([]);
  expect(ok("sign-up").filter((id) => !signedUp.has(id))).toEqual([]);
  const check = await dbCheck(databasePath);
  expect(check).toMatchObject({ code: 0 });
  server = undefined;
}, 180_000);
