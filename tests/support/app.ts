// An in-process app on a real SQLite file in a temp directory, with a settable clock and
// membership answer, plus factories that make rows with unique ids so tests never share data.
import { mkdtempSync } from "node:fs";
import type { Logger } from "drizzle-orm";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, demoInitDataToken } from "@/api/http/app.ts";
import { createConfig } from "@/api/config.ts";
import { ensureAdmin } from "@/domain/admins.ts";
import type { Deps } from "@/domain/context.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { usdt } from "@/domain/money.ts";
import type { Notice } from "@/domain/notifier.ts";
import { inTransaction } from "@/db/transaction.ts";
import { runNow, type Program } from "@/domain/store.ts";
import { taskCreation, type TaskInput } from "@/domain/tasks.ts";
import { registration, type TelegramProfile } from "@/domain/users.ts";
import { migrateDb, openDb } from "@/db/client.ts";
import { sqliteStatements, sqliteStore } from "@/db/store/index.ts";
import { eq } from "@/db/ops.ts";
import { users } from "@/db/schema/index.ts";

export const jwtSecret = "test-secret-test-secret-test-secret-0123";
export const adminEmail = "admin@refbot.test";
export const adminPassword = "correct horse battery staple";

let nextTgId = 5_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
export const uniqueTgId = () => nextTgId++;

export type Reply = { status: number; body: any };

export async function makeTestApp(env: Record<string, string> = {}, options: { logger?: Logger } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "refbot-app-"));
  const config = createConfig({ DATABASE_PATH: join(dir, "refbot.sqlite"), JWT_SECRET: jwtSecret, SEED_DEMO: "false", ...env });
  const db = openDb(config.databasePath, { logger: options.logger });
  migrateDb(db);
  let now = new Date("2026-03-10T12:00:00Z");
  let member = true;
  const notices: Notice[] = [];
  const deps: Deps = {
    store: sqliteStore(db),
    config,
    clock: () => now,
    membership: { isMember: async () => member },
    notifier: { notify: (n) => void notices.push(n) },
  };
  const runSync = <T>(program: Program<T>): T => inTransaction(db, () => runNow(program(sqliteStatements(db))));
  // An in-process request has no socket, so the test names the address it comes from.
  const peers = new WeakMap<Request, string>();
  const app = createApp(deps, { jwtSecret, peerAddress: (request) => peers.get(request) });
  const key = initDataKey(config.bot.token ?? demoInitDataToken(jwtSecret));
  const admin = await ensureAdmin(deps, adminEmail, adminPassword);

  type RequestOptions = { body?: unknown; headers?: Record<string, string>; raw?: string; from?: string };

  /** The app's Response; `from` is the client's socket address (none when left out). */
  async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    } else if (options.raw !== undefined) {
      headers["content-type"] ??= "application/json";
    }
    const req = new Request(`http://localhost${path}`, { method, headers, body });
    if (options.from !== undefined) peers.set(req, options.from);
    return app.handle(req);
  }

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const res = await send(method, path, options);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed };
  }

  let token: string | undefined;
  async function adminHeaders(): Promise<Record<string, string>> {
    if (!token) {
      const res = await request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } });
      if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
      token = res.body.token;
    }
    return { authorization: `Bearer ${token}` };
  }

  function initDataFor(profile: { tgId: number; firstName?: string; username?: string }, startParam?: string, authDate = Math.floor(now.getTime() / 1000)) {
    return signInitData({ user: { id: profile.tgId, first_name: profile.firstName ?? "Test", username: profile.username }, startParam, authDate }, key);
  }

  return {
    deps,
    db,
    app,
    admin,
    notices,
    send,
    request,
    adminHeaders,
    initDataFor,
    userHeaders: (tgId: number) => ({ "x-telegram-init-data": initDataFor({ tgId }) }),
    adminGet: async (path: string) => request("GET", path, { headers: await adminHeaders() }),
    setNow: (iso: string | Date) => void (now = new Date(iso)),
    now: () => now,
    setMember: (yes: boolean) => void (member = yes),
    // Synchronous, as the rules run on SQLite, so a test sets its scene in plain statements.
    makeUser: (profile: Partial<TelegramProfile> = {}, startParam?: string) =>
      runSync(registration({ tgId: uniqueTgId(), firstName: "Test", username: `user${nextTgId}`, ...profile }, startParam, now)).user,
    makeTask: (input: Partial<TaskInput> = {}) =>
      runSync(taskCreation({ kind: "daily_activity", title: "Daily Check-in", description: "", reward: usdt("0.2"), isActive: true, ...input }, now)),
    userRow: (id: number) => db.select().from(users).where(eq(users.id, id)).get()!,
  };
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
