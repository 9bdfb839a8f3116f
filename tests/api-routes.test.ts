// The web apps' client calling the routes by the paths the server declares (api/client/routes.ts
// over web/shared/http.ts), in-process on both engines: path parameters filled in, bodies and
// queries sent as the routes read them, answers and refusals as the panel and the mini app get
// them. The type side (a wrong path or body does not compile) is tests/types/api-routes.ts.
import { afterEach, beforeEach as bunBeforeEach, describe, expect, test as bunTest } from "bun:test";
import { eq } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { fillPath } from "@/api/client/routes.ts";
import { ApiError, createApi } from "@/web/shared/http.ts";
import { currentToast, dismissToast } from "@/web/shared/toast.ts";
import { forEachAppEngine, makeTestApp, type TestApp } from "./support/app.ts";

const wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const hash = `0x${"cd".repeat(32)}`;
const realFetch = globalThis.fetch;

/** The URLs the client asked for, in order. */
let asked: string[] = [];

/** Sends the browser's same-origin requests to the in-process app. */
function serveFrom(t: TestApp) {
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    asked.push(`${url.pathname}${url.search}`);
    const response = await t.app.handle(new Request(url, init));
    // A write's answer, once the change it made is seen by every cache (PostgreSQL's change feed).
    await t.request("GET", "/api/health");
    return response;
  }) as typeof fetch;
}

afterEach(() => {
  globalThis.fetch = realFetch;
  asked = [];
  dismissToast();
});

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
    serveFrom(t);
  });

  async function adminApi() {
    const { authorization } = await t.adminHeaders();
    return createApi({ identify: (headers) => headers.set("authorization", authorization!), errorTitle: "Request failed" });
  }
  const userApi = (tgId: number) => createApi({ identify: (headers) => headers.set("x-telegram-init-data", t.initDataFor({ tgId })), errorTitle: "Something went wrong" });

  /** A user with a wallet and `balance` USDT, set up as the other flows do. */
  async function richUser(balance: string) {
    const user = await t.makeUser();
    await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: await t.adminHeaders(), body: { amount: balance, reason: "test funds" } });
    await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: wallet } });
    return user;
  }

  test("the panel's client approves and pays one withdrawal and rejects another by id, and the rejected amount goes back", async () => {
    const [paid, refunded] = [await richUser("30"), await richUser("30")];
    const ask = (tgId: number) => userApi(tgId).post("/api/me/withdraw", { body: { amount: "12.50" } });
    const [first, second] = [await ask(paid.tgId), await ask(refunded.tgId)];
    expect(first).toMatchObject({ status: "pending", amountUsdt: "12.50", addressBep20: wallet });

    const api = await adminApi();
    expect(await api.patch("/api/admin/withdrawals/:id/approve", { params: { id: first.id } })).toMatchObject({ id: first.id, status: "approved" });
    expect(await api.patch("/api/admin/withdrawals/:id/paid", { params: { id: first.id }, body: { txHash: hash } })).toMatchObject({ status: "paid", txHash: hash });
    expect(await api.patch("/api/admin/withdrawals/:id/reject", { params: { id: second.id }, body: { reason: "wrong network" } })).toMatchObject({
      status: "rejected",
      failReason: "wrong network",
    });
    expect(asked).toContain(`/api/admin/withdrawals/${first.id}/paid`);

    expect((await t.userRow(paid.id)).balance).toBe(usdt("17.5"));
    expect((await t.userRow(refunded.id)).balance).toBe(usdt("30"));
    expect((await api.get("/api/admin/users/:id", { params: { id: refunded.id } })).balanceUsdt).toBe("30.00");
    expect((await t.checkLedger()).problems).toEqual([]);
  });

  test("the mini app's client completes a task by its id once; the repeat's 409 reaches it with the server's message and code", async () => {
    const user = await t.makeUser();
    const task = await t.makeTask({ reward: usdt("0.2") });
    const api = userApi(user.tgId);
    expect(await api.post("/api/tasks/:id/complete", { params: { id: task.id } })).toMatchObject({ reward: "0.20", balance: "0.20", task: { id: task.id } });

    const again = await api.post("/api/tasks/:id/complete", { params: { id: task.id } }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ApiError);
    expect(again).toMatchObject({ status: 409, code: "ALREADY_COMPLETED" });
    expect(currentToast.value).toMatchObject({ title: "Something went wrong", description: (again as ApiError).message, variant: "destructive" });

    expect((await api.get("/api/me")).balanceUsdt).toBe("0.20");
    expect(await t.rows("ledger", (l) => eq(l.userId, user.id))).toHaveLength(1);
    expect((await t.checkLedger()).problems).toEqual([]);
  });

  test("a query goes as the route reads it, without empty values; a path parameter picks the leaderboard", async () => {
    const [older, newer] = [await t.makeUser({ username: "older_one" }), await t.makeUser({ username: "newer_one" })];
    const api = await adminApi();
    const newest = await api.get("/api/admin/users", { query: { search: "", limit: 1 } });
    expect(newest.map((u) => u.id)).toEqual([newer.id]);
    expect(asked.at(-1)).toBe("/api/admin/users?limit=1");
    expect((await api.get("/api/admin/users", { query: { search: "older_one" } })).map((u) => u.id)).toEqual([older.id]);

    const board = await userApi(older.tgId).get("/api/leaderboard/:category", { params: { category: "referrals" }, query: { limit: 2 } });
    expect(board).toHaveLength(2);
    expect(board[0]).toHaveProperty("referralCount");
    expect(asked.at(-1)).toBe("/api/leaderboard/referrals?limit=2");
  });
});

describe("filling a path", () => {
  bunTest("each parameter is put in its place, URL-encoded", () => {
    expect(fillPath("/api/admin/withdrawals/:id/approve", { id: 42 })).toBe("/api/admin/withdrawals/42/approve");
    expect(fillPath("/api/admin/users/:id/balance", { id: "7/../8 9" })).toBe("/api/admin/users/7%2F..%2F8%209/balance");
    expect(fillPath("/api/me")).toBe("/api/me");
  });

  bunTest("a parameter left out is named, not sent as 'undefined'", () => {
    expect(() => fillPath("/api/tasks/:id/complete", {})).toThrow("/api/tasks/:id/complete needs :id");
  });
});

describe("every query the API reads", () => {
  let t: TestApp;
  bunBeforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(() => t.close());

  // The clients may leave out any query field (contract.ts types each as optional), which holds
  // only while every route's query schema takes an empty query.
  bunTest("takes an empty one: each field is optional or has a default", async () => {
    const routes = (t.app as unknown as { routes: Array<{ method: string; path: string; hooks: { query?: { "~standard"?: { validate(v: unknown): unknown } } } }> }).routes;
    const withQuery = routes.filter((r) => r.hooks.query?.["~standard"]);
    expect(withQuery.length).toBeGreaterThan(10);
    const refused: string[] = [];
    for (const route of withQuery) {
      const result = (await route.hooks.query!["~standard"]!.validate({})) as { issues?: unknown[] };
      if (result.issues) refused.push(`${route.method} ${route.path}`);
    }
    expect(refused).toEqual([]);
  });
});
