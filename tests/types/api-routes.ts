// Type-level check, run by tests/typecheck.test.ts: the clients' way of calling the API
// (api/client/routes.ts over api/contract.ts) refuses what no route takes. Each
// `@ts-expect-error` below must meet an error: if the routes' description stopped catching a
// wrong path, a missing parameter or a wrong body, the directive itself would fail the compile.
// Nothing here runs; the calls only have to type-check, or not.
import type { ApiRoutes } from "@/api/client/routes.ts";

declare const api: ApiRoutes<{ silent?: boolean }>;

export async function rightCalls() {
  const me: { balanceUsdt: string; createdAt: string } = await api.get("/api/me");
  const approved: { status: string } = await api.patch("/api/admin/withdrawals/:id/approve", { params: { id: 42 } });
  await api.patch("/api/admin/withdrawals/:id/reject", { params: { id: 42 }, body: { reason: "duplicate" } }, { silent: true });
  // A field the schema defaults may be left out, and so may any query field.
  await api.post("/api/admin/tasks", { body: { title: "Share the bot" } });
  await api.get("/api/admin/users", { query: { search: "alice" } });
  await api.get("/api/leaderboard/:category", { params: { category: "referrals" } });
  // A body the route declares optional may be left out.
  await api.post("/api/admin/users/:id/ban", { params: { id: 7 } });
  return { me, approved };
}

export async function wrongPaths() {
  // @ts-expect-error a typo in a path
  await api.get("/api/admin/withdrawal");
  // @ts-expect-error a path under another method
  await api.get("/api/admin/withdrawals/:id/approve", { params: { id: 42 } });
  // @ts-expect-error a path with its parameter filled in by hand
  await api.patch("/api/admin/withdrawals/42/approve", {});
}

export async function missingParams() {
  // @ts-expect-error no parameters at all
  await api.patch("/api/admin/withdrawals/:id/approve");
  // @ts-expect-error the wrong parameter
  await api.post("/api/tasks/:id/complete", { params: { taskId: 1 } });
  // @ts-expect-error a category no leaderboard has
  await api.get("/api/leaderboard/:category", { params: { category: "wealth" } });
}

export async function wrongBodies() {
  // @ts-expect-error a required body left out
  await api.patch("/api/admin/withdrawals/:id/paid", { params: { id: 1 } });
  // @ts-expect-error a field of the wrong type
  await api.patch("/api/admin/withdrawals/:id/paid", { params: { id: 1 }, body: { txHash: 42 } });
  // @ts-expect-error a misspelt field
  await api.post("/api/me/withdraw", { body: { amountUsdt: "10" } });
  // @ts-expect-error a required field left out (the title has no default)
  await api.post("/api/admin/tasks", { body: { kind: "custom" } });
  // @ts-expect-error a body for a route that takes none
  await api.post("/api/admin/users/:id/unban", { params: { id: 1 }, body: { reason: "x" } });
  // @ts-expect-error a query field no route reads
  await api.get("/api/admin/users", { query: { name: "alice" } });
}

export async function answers() {
  const task = await api.post("/api/tasks/:id/complete", { params: { id: 1 } });
  // @ts-expect-error the answer is typed: a completion has no `title` of its own
  task.title;
  return task.reward;
}
