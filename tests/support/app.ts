// An in-process app on a database of its own, with a settable clock and membership answer, plus
// factories that make rows with unique ids so tests never share data.
//
// Either engine: `makeTestApp()` is SQLite (a real file in a temp directory); `makeTestApp(env,
// { engine: "postgres", pg })` a migrated PostgreSQL database with no rows from the file's fixture
// (tests/support/postgres.ts: `usePostgres(import.meta.path)` at the file's top level), with the
// app's Store on a pool of its own; `close()` closes its connections and hands the database back
// to the fixture. A test file that runs on both registers its tests with `forEachAppEngine`, which
// names each engine's describe, skips (counted) the PostgreSQL ones without a server, and closes
// every app after the test, or the describe, that made it.
//
// The scene helpers (makeUser, makeTask, userRow, rows, insert, update …) are async on both
// engines. Rows read through them have the same types on both (tests/types/engine-schemas.ts).
// Only a SQLite app has `db`, its drizzle connection, for what only a file has.
import { afterAll as bunAfterAll, beforeAll as bunBeforeAll, beforeEach as bunBeforeEach, describe, test as bunTest } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { InferInsertModel, InferSelectModel, Logger, SQL, Table } from "drizzle-orm";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, demoInitDataToken } from "@/api/app.ts";
import { useApiZodMessages } from "@/api/zod-messages.ts";
import { createConfig, type Config } from "@/config/env.ts";
import { ensureAdmin, type PasswordCost } from "@/domain/admins.ts";
import { makeCaches } from "@/domain/caches.ts";
import type { Deps } from "@/domain/context.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import type { LedgerCheck } from "@/domain/ledger-check.ts";
import { checkLedgerPg } from "@/db/pg/store/ledger.ts";
import { checkLedger } from "@/db/sqlite/store/ledger.ts";
import { usdt } from "@/domain/money.ts";
import { watchSettings } from "@/domain/settings-source.ts";
import type { Program, Store } from "@/domain/store.ts";
import { taskCreation, type TaskInput } from "@/domain/tasks.ts";
import { registration, type TelegramProfile } from "@/domain/users.ts";
import { migrateDb, openDb, type Db } from "@/db/sqlite/client.ts";
import type { SQL as SQL_ } from "bun";
import { openPg } from "@/db/pg/client.ts";
import * as pgSchema from "@/db/pg/schema/index.ts";
import { changeChannel } from "@/db/pg/store/changes.ts";
import { pgStore } from "@/db/pg/store/index.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";
import { asc, eq, sql } from "@/db/ops.ts";
import * as sqliteSchema from "@/db/sqlite/schema/index.ts";
import { auditLogged } from "@/observe/audit-log.ts";
import { payoutChainFor } from "@/chain/viem-reader.ts";
import { readPayoutKey } from "@/config/payout-key.ts";
import { eventLog } from "@/observe/event-log.ts";
import { captureLog, type CapturedLog } from "./logs.ts";
import { queuedNotices } from "./notices.ts";
import { usePostgres, type PgFixture } from "./postgres.ts";

export const jwtSecret = "test-secret-test-secret-test-secret-0123";
export const adminEmail = "admin@refbot.test";
export const adminPassword = "correct horse battery staple";

let nextTgId = 5_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
export const uniqueTgId = () => nextTgId++;

export type Reply = { status: number; body: any };
export type Engine = "sqlite" | "postgres";

type TablesOf<M> = { [K in keyof M as M[K] extends Table ? K : never]: M[K] };
/** The tables by their schema names (users, ledger, taskCompletions …), typed as SQLite's; PostgreSQL's rows have the same types. */
export type Tables = TablesOf<typeof sqliteSchema>;
export type TableName = keyof Tables;
export type RowOf<K extends TableName> = InferSelectModel<Tables[K]>;
/** A filter over a table's columns, built with the operators of @/db/ops.ts (eq, inArray, and …). */
export type Where<K extends TableName> = (columns: Tables[K]) => SQL | undefined;

type AppOptions = { logger?: Logger };

/**
 * The admin password's argon2id cost in an in-process app: the product's own takes about 0.1 s of
 * CPU per hash and per sign-in, and was half the time of a test that signs in. The product's cost
 * is asserted where the server starts (admin-auth.test.ts), and every test that runs the real
 * server or the CLI pays it.
 */
const testPasswordCost: PasswordCost = { memoryCost: 1024, timeCost: 1 };

/** Called with each app made, so a suite can close it after the test that made it. */
let onMade: ((app: TestApp) => void) | undefined;

/** An app on a fresh SQLite file (the default), or on a fresh PostgreSQL database of `pg`. */
export async function makeTestApp(env?: Record<string, string>, options?: AppOptions & { engine?: "sqlite" }): Promise<SqliteTestApp>;
export async function makeTestApp(env: Record<string, string> | undefined, options: { engine: "postgres"; pg: PgFixture }): Promise<TestApp>;
export async function makeTestApp(env: Record<string, string> | undefined, options: AppOptions & { engine?: Engine; pg?: PgFixture }): Promise<TestApp>;
export async function makeTestApp(env: Record<string, string> = {}, options: AppOptions & { engine?: Engine; pg?: PgFixture } = {}): Promise<TestApp> {
  const app = options.engine === "postgres" ? await pgApp(env, options.pg) : await sqliteApp(env, options);
  onMade?.(app);
  return app;
}

async function sqliteApp(env: Record<string, string>, options: AppOptions): Promise<SqliteTestApp> {
  const dir = mkdtempSync(join(tmpdir(), "refbot-app-"));
  const config = createConfig({ DATABASE_PATH: join(dir, "refbot.sqlite"), JWT_SECRET: jwtSecret, SEED_DEMO: "false", ...env });
  const db = openDb(config.databasePath, { logger: options.logger });
  migrateDb(db);
  const table = <K extends TableName>(name: K) => sqliteSchema[name] as unknown as Table;
  const logs = captureLog(config.logLevel);
  const base = await assemble(config, sqliteStore(db, { log: logs.log }), logs, {
    engine: "sqlite",
    rows: async (name, where) => {
      const t = table(name) as any;
      return db.select().from(t).where(where?.(t)).orderBy(...orderOf(t)).all() as any;
    },
    insert: async (name, values) => db.insert(table(name) as any).values(values).returning().all() as any,
    update: async (name, values, where) => db.update(table(name) as any).set(values).where(where(table(name) as any)).returning().all() as any,
    all: async (query) => db.all(query),
    checkLedger: async () => checkLedger(db),
    async snapshot() {
      const tables = db.$client.query("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[];
      const out: Record<string, string> = {};
      for (const { name } of tables) {
        const rows = db.$client.query(`select * from "${name}"`).all().map((r) => JSON.stringify(r)).sort();
        out[name] = `${rows.length}:${createHash("sha256").update(rows.join("\n")).digest("hex")}`;
      }
      return out;
    },
    async elsewhere(query) {
      const other = openDb(config.databasePath);
      try {
        other.run(query);
      } finally {
        other.$client.close();
      }
    },
    close: async () => db.$client.close(),
  });
  return { ...base, engine: "sqlite", db };
}

async function pgApp(env: Record<string, string>, pg: PgFixture | undefined): Promise<TestApp> {
  if (!pg) throw new Error("makeTestApp on PostgreSQL needs the file's fixture: makeTestApp(env, { engine: \"postgres\", pg: await usePostgres(import.meta.path) })");
  // A copy of a database the fixture migrated with migratePg, as the server's start-up would have.
  const database = await pg.migratedDatabase();
  const { url } = database;
  const config = createConfig({ DATABASE_URL: url, JWT_SECRET: jwtSecret, SEED_DEMO: "false", ...env });
  // A test's bursts (up to eight requests at once) queue for these, as requests do in production.
  const db = openPg(url, { max: 4 });
  const settle = changeMarkers(db.$client);
  const logs = captureLog(config.logLevel);
  const store = await pgStore(db, { log: logs.log });
  const table = <K extends TableName>(name: K) => pgSchema[name] as unknown as Table;
  const base = await assemble(config, store, logs, {
    engine: "postgres",
    rows: async (name, where) => {
      const t = table(name) as any;
      return (await db.select().from(t).where(where?.(t)).orderBy(...orderOf(t))) as any;
    },
    insert: async (name, values) => (await db.insert(table(name) as any).values(values).returning()) as any,
    update: async (name, values, where) => (await db.update(table(name) as any).set(values).where(where(table(name) as any)).returning()) as any,
    all: async (query) => (await db.execute(query)) as Record<string, unknown>[],
    checkLedger: () => checkLedgerPg(db),
    async snapshot() {
      const tables: { schema: string; name: string }[] = await db.$client`
        select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`;
      // All of them in one statement. The rank counts as readers see them: adding score moves into
      // rank_counts, which the store does on its own every 200 ms, changes no count.
      const source = (schema: string, name: string) =>
        name === "rank_counts"
          ? "(select category, block, score, sum(users) as users from rank_counts_live group by 1, 2, 3 having sum(users) <> 0)"
          : `"${schema}"."${name}"`;
      const each = tables
        .filter(({ name }) => name !== "rank_moves")
        .map(
          ({ schema, name }) =>
            `select '${schema === "public" ? name : `${schema}.${name}`}' as name, count(*)::int as n, coalesce(md5(string_agg(r::text, E'\\n' order by r::text)), '') as hash from ${source(schema, name)} r`,
        );
      const rows: { name: string; n: number; hash: string }[] = await db.$client.unsafe(each.join(" union all "));
      return Object.fromEntries(rows.map((row) => [row.name, `${row.n}:${row.hash}`]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
    },
    async elsewhere(query) {
      const other = openPg(url, { max: 1 });
      try {
        await other.execute(query);
      } finally {
        await other.$client.close();
      }
    },
    async close() {
      await store.close();
      await db.$client.close();
      pg.release(database);
    },
    settle,
  });
  return { ...base, engine: "postgres" };
}

/** Rows in a stable order: by id where a table has one (PostgreSQL's heap order moves on update). */
type Handler = (request: Request) => Response | Promise<Response>;

/**
 * What Bun's router gives `method path` ahead of the app on a listening server (the hot reads,
 * api/hot-reads.ts), so that requests sent in process take the same way as a client's.
 */
function hotRouteOf(app: { config: { serve?: { routes?: unknown } } }, method: string, path: string): Handler | undefined {
  const routes = app.config.serve?.routes as Record<string, Record<string, Handler> | undefined> | undefined;
  return routes?.[path.split("?")[0]!]?.[method];
}

function orderOf(table: any): SQL[] {
  return "id" in table ? [asc(table.id)] : [];
}

type EngineParts = {
  engine: Engine;
  rows<K extends TableName>(name: K, where?: Where<K>): Promise<RowOf<K>[]>;
  insert<K extends TableName>(name: K, values: InferInsertModel<Tables[K]> | InferInsertModel<Tables[K]>[]): Promise<RowOf<K>[]>;
  update<K extends TableName>(name: K, values: Partial<InferInsertModel<Tables[K]>>, where: Where<K>): Promise<RowOf<K>[]>;
  all(query: SQL): Promise<Record<string, unknown>[]>;
  checkLedger(): Promise<LedgerCheck>;
  snapshot(): Promise<Record<string, string>>;
  elsewhere(query: SQL): Promise<void>;
  close(): Promise<void>;
  /** Waits for the app to hear of what was committed so far (PostgreSQL: see changeMarkers; SQLite hears it with the write). */
  settle?: () => Promise<void>;
};

/**
 * Returns a function that returns once the app has heard every change notice committed before
 * the call. PostgreSQL announces a change to the tasks to the app's listening connection after the
 * commit (db/pg/store/changes.ts), and until the notice arrives the app serves the active tasks it
 * kept. A real client's next request comes a network round trip after the answer, by when the
 * notice is in; an in-process one comes at once. So after each request and each scene write the
 * harness sends a marker on the same channel and waits for it to arrive: notices reach a listener
 * in commit order, so everything committed before the marker has been handed to the app by then.
 * The markers are taken out of the app's listener before it sees them (it would take an unknown
 * payload for "everything changed" and empty its caches), so the app hears exactly what it would
 * without them. Call before the Store is made on `client`.
 */
function changeMarkers(client: SQL_): () => Promise<void> {
  const prefix = "refbot-test-marker:";
  let next = 0;
  const waiting = new Map<string, () => void>();
  const listen = client.listen.bind(client);
  client.listen = (channel, onnotify, onlisten) =>
    listen(
      channel,
      (payload) => {
        if (channel === changeChannel && payload.startsWith(prefix)) waiting.get(payload)?.();
        else onnotify(payload);
      },
      onlisten,
    );
  return async () => {
    const marker = `${prefix}${next++}`;
    let timer: Timer | undefined;
    const heard = new Promise<void>((resolve, reject) => {
      waiting.set(marker, resolve);
      timer = setTimeout(() => reject(new Error("the app did not hear its change notices within 5 s")), 5_000);
    });
    try {
      await client`select pg_notify(${changeChannel}, ${marker})`;
      await heard;
    } finally {
      clearTimeout(timer);
      waiting.delete(marker);
    }
  };
}

/**
 * `logs`: the log the server would write, at LOG_LEVEL (info unless the test says), kept in memory
 * and wired as server/main.ts wires it: requests, errors, the rules' own lines, admin actions,
 * events, and (handed to the store already) the database's.
 */
async function assemble(config: ReturnType<typeof createConfig>, store: Store, logs: CapturedLog, parts: EngineParts) {
  // As the server sets it at start (server/main.ts).
  useApiZodMessages();
  let now = new Date("2026-03-10T12:00:00Z");
  let member = true;
  const deps: Deps<Config> = {
    store: auditLogged(store, logs.log),
    config,
    clock: () => now,
    membership: { isMember: async () => member },
    caches: makeCaches(store),
    settings: watchSettings(store, config, { log: logs.log }),
    passwordCost: testPasswordCost,
    log: logs.log,
    events: eventLog(logs.log),
    // As server/bootstrap.ts: payouts checked on chain when BSC_RPC_URL is set (a test's anvil).
    chain: payoutChainFor(config.payouts, config.payouts.keyFile ? readPayoutKey(config.payouts.keyFile) : undefined),
  };
  // An in-process request has no socket, so the test names the address it comes from.
  const peers = new WeakMap<Request, string>();
  const app = createApp(deps, { jwtSecret, peerAddress: (request) => peers.get(request), log: logs.log });
  const key = initDataKey(config.bot.token ?? demoInitDataToken(jwtSecret));
  const admin = await ensureAdmin(deps, adminEmail, adminPassword);
  await deps.settings.refresh();

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
    const res = await (hotRouteOf(app, method, path) ?? app.handle)(req);
    // What runs once the answer is out (the metrics' after-response hook) has run by the time a client's next request comes.
    await new Promise((resolve) => setImmediate(resolve));
    await parts.settle?.();
    return res;
  }

  /**
   * The status and the body (parsed when JSON). An error body's requestId, which every one carries,
   * is checked against the answer's X-Request-Id header here and left out of the body tests compare.
   */
  async function request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const res = await send(method, path, options);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    if (parsed !== null && typeof parsed === "object" && "requestId" in parsed) {
      const { requestId, ...body } = parsed;
      if (requestId !== res.headers.get("x-request-id")) throw new Error(`the error body's requestId ${requestId} is not the answer's X-Request-Id ${res.headers.get("x-request-id")}`);
      parsed = body;
    }
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

  /** `languageCode` and `isPremium` are what Telegram puts in the user object (language_code, is_premium). */
  function initDataFor(
    profile: { tgId: number; firstName?: string; username?: string; languageCode?: string; isPremium?: boolean },
    startParam?: string,
    authDate = Math.floor(now.getTime() / 1000),
  ) {
    const user = { id: profile.tgId, first_name: profile.firstName ?? "Test", username: profile.username, language_code: profile.languageCode, is_premium: profile.isPremium };
    return signInitData({ user, startParam, authDate }, key);
  }

  /** A scene write: returns once the app has heard of it, as after a request. */
  async function scene<T>(write: () => Promise<T>): Promise<T> {
    const result = await write();
    await parts.settle?.();
    return result;
  }
  const transaction = <T>(program: Program<T>) => store.transaction(program);

  /** A registered user (through the registration rule, with a referrer when `startParam` is a code). */
  async function makeUser(profile: Partial<TelegramProfile> = {}, startParam?: string) {
    const registered = await scene(() => transaction(registration({ tgId: uniqueTgId(), firstName: "Test", username: `user${nextTgId}`, ...profile }, startParam, now)));
    return registered.user;
  }

  return {
    engine: parts.engine,
    deps,
    app,
    admin,
    /** The notices the rules queued, oldest first. */
    notices: () => queuedNotices((text) => parts.all(sql.raw(text))),
    /** What the app wrote to its log (support/logs.ts). */
    logs,
    send,
    request,
    adminHeaders,
    initDataFor,
    userHeaders: (tgId: number) => ({ "x-telegram-init-data": initDataFor({ tgId }) }),
    adminGet: async (path: string) => request("GET", path, { headers: await adminHeaders() }),
    setNow: (iso: string | Date) => void (now = new Date(iso)),
    now: () => now,
    setMember: (yes: boolean) => void (member = yes),
    makeUser,
    /** `count` users made one after another, so their ids ascend in the order given. */
    makeUsers: async (count: number, profile: Partial<TelegramProfile> = {}, startParam?: string) => {
      const made = [];
      for (let i = 0; i < count; i++) made.push(await makeUser(profile, startParam));
      return made;
    },
    makeTask: (input: Partial<TaskInput> = {}) =>
      scene(
        () => transaction(taskCreation({ kind: "daily_activity", title: "Daily Check-in", description: "", reward: usdt("0.2"), isActive: true, ...input }, now)),
      ),
    userRow: async (id: number) => (await parts.rows("users", (u) => eq(u.id, id)))[0]!,
    /** The table's rows (ordered by id where it has one), those `where` picks or all. */
    rows: parts.rows,
    /** Inserts rows, as a script would, past the rules; answers them. */
    insert: <K extends TableName>(name: K, values: InferInsertModel<Tables[K]> | InferInsertModel<Tables[K]>[]) =>
      scene(() => parts.insert(name, values)),
    /** Updates rows, as a script would, past the rules; answers them. */
    update: <K extends TableName>(name: K, values: Partial<InferInsertModel<Tables[K]>>, where: Where<K>) =>
      scene(() => parts.update(name, values, where)),
    /** Plain SQL (drizzle's `sql`) on the app's database; rows as the driver gives them (PostgreSQL's int8 and sums as strings). */
    all: parts.all,
    /** The ledger invariant over the whole database (checkLedger, or checkLedgerPg on PostgreSQL). */
    checkLedger: parts.checkLedger,
    /** Every row of every table (the migrations' bookkeeping included), hashed per table. */
    snapshot: parts.snapshot,
    /** A statement run on a connection of its own, as another process (a second server, a script) would. */
    elsewhere: parts.elsewhere,
    close: async () => {
      deps.settings.stop();
      await parts.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof assemble>>;
/** An app on SQLite, with its drizzle connection for what only a file has (modes, plans, checkpoints). */
export type SqliteTestApp = TestApp & { engine: "sqlite"; db: Db };

/** What a test file written for both engines gets, once per engine. */
export type AppSuite = {
  engine: Engine;
  /** A fresh app on this engine, closed after the test that made it (or after the describe whose beforeAll did). */
  makeTestApp(env?: Record<string, string>): Promise<TestApp>;
  /** bun:test's, for this engine; on PostgreSQL without a server the tests skip, counted, and the hooks do nothing. */
  test(name: string, fn: () => Promise<unknown> | void, timeout?: number): void;
  beforeAll(fn: () => Promise<unknown> | void): void;
  beforeEach(fn: () => Promise<unknown> | void): void;
};

/**
 * Registers `body` once per engine, in a describe named after it (as forEachEngine does for the
 * rules): `await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => { … })`.
 */
export async function forEachAppEngine(file: string, body: (suite: AppSuite) => void): Promise<void> {
  const pg = await usePostgres(file);
  describe("sqlite", () => body(appSuite("sqlite")));
  describe("postgres", () => body(appSuite("postgres", pg)));
}

function appSuite(engine: Engine, pg?: PgFixture): AppSuite {
  const skip = engine === "postgres" && !pg!.available;
  // Apps made by a test or its beforeEach close after it; those of a beforeAll after its describe.
  const perTest: TestApp[] = [];
  let collect = (app: TestApp) => void perTest.push(app);
  const closeAll = async (apps: TestApp[]) => {
    const closing = apps.splice(0);
    await Promise.all(closing.map((app) => app.close()));
  };
  const made = (fn: () => Promise<unknown> | void) => async () => {
    onMade = (app) => collect(app);
    try {
      await fn();
    } finally {
      onMade = undefined;
    }
  };
  if (!skip) bunAfterAll(() => closeAll(perTest));
  return {
    engine,
    makeTestApp: (env = {}) => makeTestApp(env, { engine, pg }),
    test(name, fn, timeout) {
      if (skip) return pg!.test(name, () => {});
      bunTest(
        name,
        async () => {
          try {
            await made(fn)();
          } finally {
            await closeAll(perTest);
          }
        },
        timeout,
      );
    },
    beforeAll(fn) {
      if (skip) return;
      const mine: TestApp[] = [];
      bunBeforeAll(async () => {
        const outer = collect;
        collect = (app) => void mine.push(app);
        try {
          await made(fn)();
        } finally {
          collect = outer;
        }
      });
      bunAfterAll(() => closeAll(mine));
    },
    beforeEach(fn) {
      if (!skip) bunBeforeEach(made(fn));
    },
  };
}
