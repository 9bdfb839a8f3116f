// The hot reads (api/hot-reads.ts): a kept user's GET /api/me and GET /api/tasks/active answered
// ahead of the app must be the app's answer to the byte, with its headers and its log line, and
// every request the app has something to do for must reach the app. `t.send` takes the way a
// listening server gives a request (support/app.ts); the last test takes a real one.
import { expect } from "bun:test";
import { eq, sql } from "@/db/ops.ts";
import { findUserByTgId, sameUserRow } from "@/domain/users.ts";
import { listen } from "@/server/listen.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";
import { freePort } from "./support/server.ts";

const hotPaths = ["/api/me", "/api/tasks/active"];

/** Counts the requests the app is handed (a hook on every request it handles); each call answers the count since the last. */
function handOvers(t: TestApp): () => number {
  let count = 0;
  (t.app as unknown as { onRequest(hook: () => void): unknown }).onRequest(() => void count++);
  return () => {
    const seen = count;
    count = 0;
    return seen;
  };
}

/**
 * Sends `path` until the app is no longer handed it: the user and their answer are kept from the
 * first requests (the task list once the active tasks are, the user once no write is in flight on
 * PostgreSQL's change feed). Fails if that never comes.
 */
async function warm(t: TestApp, handedOver: () => number, path: string, options: Parameters<TestApp["send"]>[2]): Promise<Response> {
  handedOver();
  for (let i = 0; i < 4; i++) {
    const res = await t.send("GET", path, options);
    if (handedOver() === 0) return res;
  }
  throw new Error(`${path} never reached the hot reads`);
}

/** What a client compares: status, headers but the date and the request id, and the body's bytes. */
async function seen(res: Response) {
  const headers = [...res.headers].filter(([name]) => name !== "date" && name !== "x-request-id").sort(([a], [b]) => a.localeCompare(b));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString("base64") };
}

/** The request line the answer's id names, less what differs from request to request. */
function lineOf(t: TestApp, res: Response) {
  const line = t.logs.lines().find((l) => l.msg === "request" && l.reqId === res.headers.get("x-request-id"));
  expect(line).toBeDefined();
  const { reqId: _id, time: _time, durationMs, ...rest } = line!;
  expect(durationMs as number).toBeGreaterThanOrEqual(0);
  return rest;
}

/** A user as t.userHeaders describes them, so that their first request changes nothing. */
const signedInUser = (t: TestApp) => t.makeUser({ username: undefined });

await forEachAppEngine(import.meta.path, ({ engine, test, makeTestApp }) => {
  // PostgreSQL keeps no users between requests (db/pg/store/changes.ts): each hot read reads its user.
  const keepsUsers = engine === "sqlite";

  /** A user with a task list long enough to be compressed for a client that takes it. */
  async function scene() {
    const t = await makeTestApp();
    for (let i = 1; i <= 8; i++) await t.makeTask({ title: `Task ${i}`, description: "Open the link, read the page and come back to claim the reward. ".repeat(3) });
    return { t, user: await signedInUser(t), handedOver: handOvers(t) };
  }

  test("a signed-in user's reads are answered ahead of the app, as the app answers them: body, headers, compression and log line", async () => {
    const { t, user, handedOver } = await scene();
    for (const encoding of [undefined, "gzip", "br", "gzip, deflate, br"]) {
      const headers = { ...t.userHeaders(user.tgId), ...(encoding && { "accept-encoding": encoding }) };
      for (const path of hotPaths) {
        const hot = await warm(t, handedOver, path, { headers });
        const viaApp = await t.app.handle(new Request(`http://localhost${path}`, { headers }));
        expect(handedOver()).toBe(1);
        expect(await seen(hot)).toEqual(await seen(viaApp));
        expect(hot.status).toBe(200);
        expect(lineOf(t, hot)).toEqual(lineOf(t, viaApp));
        expect(lineOf(t, hot)).toMatchObject({ userId: user.id, method: "GET", status: 200 });
      }
    }
    // A list over a kilobyte went out compressed to whoever took it.
    const listed = await t.send("GET", "/api/tasks/active", { headers: { ...t.userHeaders(user.tgId), "accept-encoding": "br" } });
    expect(listed.headers.get("content-encoding")).toBe("br");
  });

  test("a caller's request id is kept by the hot reads too", async () => {
    const { t, user, handedOver } = await scene();
    const headers = { ...t.userHeaders(user.tgId), "x-request-id": "edge-1:a.b" };
    const hot = await warm(t, handedOver, "/api/me", { headers });
    expect(hot.headers.get("x-request-id")).toBe("edge-1:a.b");
  });

  test("what the app has to do for reaches the app: a new user, a changed profile, a query, old or missing init data", async () => {
    const { t, user, handedOver } = await scene();
    const cases: [what: string, path: string, headers: Record<string, string>, status: number][] = [
      ["a user signing in for the first time", "/api/me", { "x-telegram-init-data": t.initDataFor({ tgId: 777_000_001, firstName: "New" }) }, 200],
      ["a query", "/api/tasks/active?x=1", t.userHeaders(user.tgId), 200],
      ["init data older than a day", "/api/me", { "x-telegram-init-data": t.initDataFor({ tgId: user.tgId }, undefined, Math.floor(t.now().getTime() / 1000) - 90_000) }, 401],
      ["no init data", "/api/tasks/active", {}, 401],
      ["a forged signature", "/api/me", { "x-telegram-init-data": t.initDataFor({ tgId: user.tgId }).replace(/hash=[0-9a-f]{4}/, "hash=0000") }, 401],
    ];
    for (const [what, path, headers, status] of cases) {
      handedOver();
      const res = await t.send("GET", path, { headers });
      expect({ what, status: res.status, handedOver: handedOver() }).toEqual({ what, status, handedOver: 1 });
    }
    // The app did what it was handed the requests for.
    expect(await t.rows("users", (u) => eq(u.tgId, 777_000_001))).toHaveLength(1);
    const renamed = await t.send("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId: user.tgId, firstName: "Renamed" }) } });
    expect({ status: renamed.status, handedOver: handedOver(), firstName: (await t.userRow(user.id)).firstName }).toEqual({ status: 200, handedOver: 1, firstName: "Renamed" });
  });

  if (!keepsUsers) test("a user's row changed by another instance shows in the very next hot read", async () => {
    const { t, user, handedOver } = await scene();
    const headers = t.userHeaders(user.tgId);
    await warm(t, handedOver, "/api/me", { headers });
    await t.all(sql`update users set balance = 4200000 where id = ${user.id}`);
    const res = await t.send("GET", "/api/me", { headers });
    expect({ handedOver: handedOver(), balance: ((await res.json()) as { balanceUsdt: string }).balanceUsdt }).toEqual({ handedOver: 0, balance: "4.20" });
  });

  if (!keepsUsers) test("a user's row read again at the same version is the row read before, frozen; after any write it is read anew", async () => {
    const t = await makeTestApp();
    const user = await signedInUser(t);
    const first = await findUserByTgId(t.deps, user.tgId);
    expect({ same: (await findUserByTgId(t.deps, user.tgId)) === first, frozen: Object.isFrozen(first) }).toEqual({ same: true, frozen: true });
    await t.all(sql`update users set balance = balance where id = ${user.id}`);
    const after = await findUserByTgId(t.deps, user.tgId);
    expect({ same: after === first, sameFields: sameUserRow(after!, { ...first! }) }).toEqual({ same: false, sameFields: true });
  });

  if (!keepsUsers) test("sign-in reads made together, of rows unchanged, changed since their last read, and of no user, each get their own row as it is now", async () => {
    const t = await makeTestApp();
    const [kept, changed, other] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const before = await Promise.all([kept, changed, other].map((u) => findUserByTgId(t.deps, u.tgId)));
    await t.all(sql`update users set balance = 7700000 where id = ${changed.id}`);
    const [a, b, c, none] = await Promise.all([kept, changed, other, { tgId: 987_654_321 }].map((u) => findUserByTgId(t.deps, u.tgId)));
    expect({ keptSame: a === before[0], changedBalance: b?.balance, changedSame: b === before[1], otherSame: c === before[2], none }).toEqual({
      keptSame: true,
      changedBalance: 7_700_000,
      changedSame: false,
      otherSame: true,
      none: undefined,
    });
  });

  if (!keepsUsers) test("a task list is kept under its user's row version, and made again after any write to the row, one that changes no field included", async () => {
    const t = await makeTestApp();
    const task = await t.makeTask({ kind: "link", url: "https://example.com/read", waitSeconds: 30 });
    const user = await signedInUser(t);
    const handedOver = handOvers(t);
    const headers = t.userHeaders(user.tgId);
    const openedAt = async () => ((await (await t.send("GET", "/api/tasks/active", { headers })).json()) as { id: number; openedAt: string | null }[]).find((l) => l.id === task.id)!.openedAt;
    await warm(t, handedOver, "/api/tasks/active", { headers });
    // The list is kept from the first read that finds the active tasks kept.
    expect(await openedAt()).toBeNull();
    // An open written past the rules, which always write the user's row with it: the list the
    // row's version was answered with still stands.
    await t.all(sql`insert into task_opens (user_id, task_id, period, opened_at) values (${user.id}, ${task.id}, 'once', now())`);
    expect(await openedAt()).toBeNull();
    // A write that leaves every field as it was is still a new version of the row.
    await t.all(sql`update users set last_activity_at = last_activity_at where id = ${user.id}`);
    expect({ openedAt: await openedAt(), handedOver: handedOver() }).toEqual({ openedAt: expect.any(String), handedOver: 0 });
  });

  test("other users' completions leave a user's kept task list standing; an admin's edit of a task shows in the very next read", async () => {
    const { t, user, handedOver } = await scene();
    const [other, another] = await t.makeUsers(2);
    const headers = t.userHeaders(user.tgId);
    const titles = async () => ((await (await t.send("GET", "/api/tasks/active", { headers })).json()) as { title: string }[]).map((l) => l.title);
    await warm(t, handedOver, "/api/tasks/active", { headers });
    // A completion adds to its task's count, which a kept list shows as it was read: the lists stay kept.
    for (const someone of [other!, another!]) {
      expect((await t.send("POST", "/api/tasks/1/complete", { headers: t.userHeaders(someone.tgId) })).status).toBe(200);
    }
    handedOver();
    expect((await titles())[0]).toBe("Task 1");
    expect(handedOver()).toBe(0);
    const edited = await t.send("PATCH", "/api/admin/tasks/1", { headers: await t.adminHeaders(), body: { title: "Task 1, edited" } });
    expect(edited.status).toBe(200);
    expect((await titles())[0]).toBe("Task 1, edited");
    // The admin's list shows both completions.
    const listed = (await t.adminGet("/api/admin/tasks")).body as { id: number; completionCount: number }[];
    expect(listed.find((l) => l.id === 1)!.completionCount).toBe(2);
  });

  test("with the log at trace every request reaches the app, which logs its headers", async () => {
    const t = await makeTestApp({ LOG_LEVEL: "trace" });
    const user = await signedInUser(t);
    const handedOver = handOvers(t);
    await t.send("GET", "/api/me", { headers: t.userHeaders(user.tgId) });
    await t.send("GET", "/api/me", { headers: t.userHeaders(user.tgId) });
    expect(handedOver()).toBe(2);
    expect(t.logs.lines().filter((l) => l.msg === "request received")).toHaveLength(2);
  });

  test("a client the risk rules have not looked at this minute reaches the app, which records it", async () => {
    const t = await makeTestApp({ RISK_FLAG_SCORE: "5" });
    const user = await signedInUser(t);
    const handedOver = handOvers(t);
    const from = (agent: string) => ({ headers: { ...t.userHeaders(user.tgId), "user-agent": agent }, from: "203.0.113.7" });
    await warm(t, handedOver, "/api/me", from("Phone A"));
    await t.send("GET", "/api/me", from("Phone B"));
    expect(handedOver()).toBe(1);
    const agents = (await t.all(sql`select user_agent from client_sightings where user_id = ${user.id} order by user_agent`)).map((r) => (r as { user_agent: string }).user_agent);
    expect(agents).toEqual(["Phone A", "Phone B"]);
  });

  test("a client already recorded is looked at again each minute on the hot path, and a new one a minute on reaches the app", async () => {
    const t = await makeTestApp({ RISK_FLAG_SCORE: "5" });
    const user = await signedInUser(t);
    const handedOver = handOvers(t);
    const from = (address: string) => ({ headers: { ...t.userHeaders(user.tgId), "user-agent": "Phone A" }, from: address });
    await warm(t, handedOver, "/api/me", from("203.0.113.7"));
    const sightings = async () => (await t.all(sql`select address from client_sightings where user_id = ${user.id} order by address`)).map((r) => (r as { address: string }).address);
    expect(await sightings()).toEqual(["203.0.113.7"]);
    // Every session's user is due a look each minute: a client recorded already needs no write, so no app.
    for (const minute of ["12:01:00", "12:02:30"]) {
      t.setNow(`2026-03-10T${minute}Z`);
      await t.send("GET", "/api/me", from("203.0.113.7"));
      expect({ minute, handedOver: handedOver() }).toEqual({ minute, handedOver: 0 });
    }
    // Looked at on the hot path: within the minute a new address waits for the next look...
    t.setNow("2026-03-10T12:03:00Z");
    await t.send("GET", "/api/me", from("198.51.100.9"));
    expect(handedOver()).toBe(0);
    // ...and once it is due the app records it.
    t.setNow("2026-03-10T12:03:31Z");
    await t.send("GET", "/api/me", from("198.51.100.9"));
    expect(handedOver()).toBe(1);
    expect(await sightings()).toEqual(["198.51.100.9", "203.0.113.7"]);
  });

  test("on a listening server Bun's router takes the reads to the hot path, and the answer is the app's", async () => {
    const { t, user, handedOver } = await scene();
    const port = await freePort();
    listen(t.app, "127.0.0.1", port);
    try {
      const url = (path: string) => `http://127.0.0.1:${port}${path}`;
      const headers = t.userHeaders(user.tgId);
      for (const path of hotPaths) {
        await fetch(url(path), { headers });
        await fetch(url(path), { headers });
        handedOver();
        const hot = await fetch(url(path), { headers });
        expect({ path, handedOver: handedOver() }).toEqual({ path, handedOver: 0 });
        expect(hot.status).toBe(200);
        expect(await hot.json()).toEqual(await (await t.app.handle(new Request(`http://localhost${path}`, { headers }))).json());
      }
      // Other methods on the same paths are the app's, as before.
      for (const method of ["HEAD", "POST", "OPTIONS"]) {
        for (const path of hotPaths) {
          const viaApp = await t.app.handle(new Request(`http://localhost${path}`, { method, headers }));
          const res = await fetch(url(path), { method, headers });
          expect({ method, path, status: res.status }).toEqual({ method, path, status: viaApp.status });
        }
      }
    } finally {
      await t.app.stop(true);
    }
  });
});
