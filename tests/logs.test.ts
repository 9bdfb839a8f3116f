// The log as an operator reads it, on both engines: one JSON line per request with its id, route
// template, status, duration and who was signed in; the request id kept from the caller or made,
// answered in a header on every answer and in error bodies, and carried by every line written
// while serving the request, down in the rules; LOG_LEVEL choosing what is written; admin actions
// and money leaving as lines of their own.
import { expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { usdt } from "@/domain/money.ts";
import { forEachAppEngine, makeTestApp, uniqueTgId, type TestApp } from "./support/app.ts";
import type { LogLine } from "./support/logs.ts";

/** The request line of the answer `res` (the one carrying its id). */
function requestLine(t: TestApp, res: Response): LogLine {
  const id = res.headers.get("x-request-id");
  const lines = t.logs.lines().filter((line) => line.msg === "request" && line.reqId === id);
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  test("a signed-in user's request is one JSON line: time, level, msg, reqId, method, route template, status, duration, user id", async () => {
    const t = await makeTestApp();
    const user = await t.makeUser();
    const res = await t.send("GET", "/api/me/withdrawals", { headers: t.userHeaders(user.tgId) });
    expect(res.status).toBe(200);
    const line = requestLine(t, res);
    expect(line).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: res.headers.get("x-request-id")!,
      userId: user.id,
      method: "GET",
      route: "/api/me/withdrawals",
      status: 200,
      durationMs: expect.any(Number),
      msg: "request",
    });
    expect(line.durationMs as number).toBeGreaterThanOrEqual(0);
  });

  test("an admin's request names the admin and the route's template, not its path; an error answer adds its code", async () => {
    const t = await makeTestApp();
    const res = await t.send("PATCH", "/api/admin/withdrawals/987654/approve", { headers: await t.adminHeaders() });
    expect(res.status).toBe(404);
    expect(requestLine(t, res)).toMatchObject({ adminId: t.admin.id, method: "PATCH", route: "/api/admin/withdrawals/:id/approve", status: 404, code: "NOT_FOUND" });
    expect(requestLine(t, res)).not.toHaveProperty("userId");
    // Before signing in there is nobody to name.
    const anonymous = await t.send("GET", "/api/health");
    expect(requestLine(t, anonymous)).not.toHaveProperty("adminId");
  });

  test("a valid X-Request-Id is kept and answered back; a missing, too long or oddly written one is replaced by a new one", async () => {
    const t = await makeTestApp();
    const sent = ["edge-7f3a:req.42_x", "a".repeat(128)];
    for (const id of sent) {
      const res = await t.send("GET", "/api/health", { headers: { "x-request-id": id } });
      expect(res.headers.get("x-request-id")).toBe(id);
      expect(requestLine(t, res).reqId).toBe(id);
    }
    const refused = ["a".repeat(129), "has space", "slash/ed", "quote\"d", "naïve", ""];
    const answered = new Set<string>();
    for (const id of [...refused, undefined]) {
      const res = await t.send("GET", "/api/health", { headers: id === undefined ? {} : { "x-request-id": id } });
      const given = res.headers.get("x-request-id")!;
      expect(given).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      answered.add(given);
    }
    expect(answered.size).toBe(refused.length + 1);
  });

  test("every answer carries its request id: an error (in its body too), an unknown route, a refused body", async () => {
    const t = await makeTestApp();
    const invalid = await t.send("POST", "/api/auth/login", { body: { email: "nobody@example.com" }, headers: { "x-request-id": "client-1" } });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("x-request-id")).toBe("client-1");
    expect(await invalid.json()).toEqual({ code: "VALIDATION_FAILED", message: "password: is required", requestId: "client-1" });

    const nowhere = await t.send("GET", "/api/no/such/route");
    expect(nowhere.status).toBe(404);
    const id = nowhere.headers.get("x-request-id");
    expect(id).toBeTruthy();
    expect(await nowhere.json()).toMatchObject({ code: "NOT_FOUND", requestId: id });
    expect(requestLine(t, nowhere)).toMatchObject({ route: null, status: 404, code: "NOT_FOUND" });

    const tooLarge = await t.send("POST", "/api/admin/broadcast", { raw: "{}", headers: { "content-length": String(1024 * 1024) } });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", requestId: tooLarge.headers.get("x-request-id") });
  });

  test("a line the rules write while serving a request carries that request's id", async () => {
    const t = await makeTestApp({ RISK_FLAG_SCORE: "60" });
    const user = await t.makeUser();
    // Recording where a client was seen fails (its table is gone), which the rules log and get past.
    await t.elsewhere(sql`drop table client_sightings`);
    const res = await t.send("GET", "/api/me", { headers: { ...t.userHeaders(user.tgId), "user-agent": "probe/1", "x-request-id": "deep-1" }, from: "203.0.113.9" });
    expect(res.status).toBe(200);
    const deep = t.logs.lines().filter((line) => line.msg === "risk: could not record a client sighting");
    expect(deep).toEqual([expect.objectContaining({ level: "warn", reqId: "deep-1", userId: user.id, err: expect.objectContaining({ message: expect.stringContaining("client_sightings") }) })]);
  });

  test("LOG_LEVEL chooses what is written: warn leaves requests out, debug adds the rules' events", async () => {
    const quiet = await makeTestApp({ LOG_LEVEL: "warn" });
    const user = await quiet.makeUser();
    expect((await quiet.send("GET", "/api/me", { headers: quiet.userHeaders(user.tgId) })).status).toBe(200);
    expect(quiet.logs.lines()).toEqual([]);

    for (const [level, debugLines] of [["info", 0], ["debug", 1]] as const) {
      const t = await makeTestApp({ LOG_LEVEL: level });
      const someone = await t.makeUser();
      const task = await t.makeTask({ reward: usdt("0.2") });
      const res = await t.send("POST", `/api/tasks/${task.id}/complete`, { headers: t.userHeaders(someone.tgId) });
      expect(res.status).toBe(200);
      expect(t.logs.lines().filter((line) => line.level === "debug")).toHaveLength(debugLines);
      expect(requestLine(t, res)).toMatchObject({ route: "/api/tasks/:id/complete", status: 200, userId: someone.id });
      if (level === "debug") {
        expect(t.logs.lines().find((line) => line.level === "debug")).toMatchObject({ msg: "task completed", userId: someone.id, taskId: task.id, reward: "0.20", reqId: res.headers.get("x-request-id") });
      }
    }
  });

  test("admin actions and a withdrawal's moves are lines of their own, under the request that made them", async () => {
    const t = await makeTestApp();
    const user = await t.makeUser();
    const headers = await t.adminHeaders();
    expect((await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers, body: { amount: "25", reason: "drill" } })).status).toBe(200);
    expect((await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: `0x${"ab".repeat(20)}` } })).status).toBe(200);
    const asked = await t.send("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "10" } });
    expect(asked.status).toBe(201);
    const { id } = (await asked.json()) as { id: number };
    const rejected = await t.send("PATCH", `/api/admin/withdrawals/${id}/reject`, { headers, body: { reason: "Wrong network" } });
    expect(rejected.status).toBe(200);
    const banned = await t.send("POST", `/api/admin/users/${user.id}/ban`, { headers, body: { reason: "farm" } });
    expect(banned.status).toBe(200);

    const lines = t.logs.lines();
    expect(lines.find((line) => line.msg === "withdrawal requested")).toMatchObject({ level: "info", reqId: asked.headers.get("x-request-id"), userId: user.id, withdrawalId: id, from: null, to: "pending", amount: "10.00" });
    expect(lines.find((line) => line.msg === "withdrawal rejected, its amount refunded")).toMatchObject({ reqId: rejected.headers.get("x-request-id"), adminId: t.admin.id, withdrawalId: id, from: "pending", to: "rejected" });
    const actions = lines.filter((line) => line.msg === "admin action" && line.action !== "user.adjust" && line.reqId !== undefined);
    expect(actions).toEqual([
      expect.objectContaining({ level: "info", reqId: rejected.headers.get("x-request-id"), adminId: t.admin.id, action: "withdrawal.reject", target: { type: "withdrawal", id } }),
      expect.objectContaining({ level: "info", reqId: banned.headers.get("x-request-id"), adminId: t.admin.id, action: "user.ban", target: { type: "user", id: user.id } }),
    ]);
  });
});

test("a line the database layer writes while serving a request carries that request's id (SQLite's full disk)", async () => {
  const t = await makeTestApp();
  // The file may grow no further: the next write that needs a page is refused as a full disk would refuse it.
  const { page_count } = t.db.$client.query("PRAGMA page_count").get() as { page_count: number };
  t.db.$client.run(`PRAGMA max_page_count = ${page_count}`);
  let refused: Response | undefined;
  for (let i = 0; i < 500 && !refused; i++) {
    const res = await t.send("GET", "/api/me", { headers: t.userHeaders(uniqueTgId()) });
    if (res.status === 503) refused = res;
  }
  expect(await refused!.json()).toMatchObject({ code: "STORAGE_FULL" });
  const full = t.logs.lines().filter((line) => line.msg.startsWith("database storage full"));
  expect(full).toEqual([expect.objectContaining({ level: "error", reqId: refused!.headers.get("x-request-id"), refused: 1 })]);
  await t.close();
});
