// Payouts through the HTTP API of a server started by tests/support/server.ts, as users and an
// admin make them: a demo user's withdrawal to a fresh address, approved, and the one call the
// panel and `refbot withdrawals send` make for each id.
import { expect } from "bun:test";
import type { TestServer } from "../server.ts";
import { freshAddress } from "./keys.ts";

export type Answer = { status: number; body: any };

export async function call(server: TestServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

export async function signIn(server: TestServer): Promise<string> {
  return (await call(server, "POST", "/api/auth/login", { email: server.adminEmail, password: server.adminPassword })).body.token;
}

export const adminHeaders = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

/** POST /api/admin/withdrawals/:id/send: one transfer signed, recorded and broadcast, or the refusal. */
export const sendWithdrawal = (server: TestServer, bearer: string, id: number) => call(server, "POST", `/api/admin/withdrawals/${id}/send`, undefined, adminHeaders(bearer));

// Telegram ids unique across the processes of a run and across runs on one database.
let nextTgId = 7_000_000 + Math.floor(Math.random() * 1_000_000);

/** An approved withdrawal of `amount` (under 100 USDT) to a fresh address, made through the API as users and an admin would. */
export async function approvedWithdrawal(server: TestServer, bearer: string, amount: string): Promise<{ id: number; wallet: string }> {
  const tgId = nextTgId++;
  const { initData } = (await fetch(`${server.url}/api/demo/init-data?tgId=${tgId}`).then((r) => r.json())) as { initData: string };
  const user = { "x-telegram-init-data": initData };
  const admin = adminHeaders(bearer);
  const me = await call(server, "GET", "/api/me", undefined, user);
  const wallet = freshAddress();
  expect((await call(server, "POST", "/api/me/wallet", { address: wallet }, user)).status).toBe(200);
  expect((await call(server, "POST", `/api/admin/users/${me.body.id}/adjust`, { amount: "100", reason: "drill funds" }, admin)).status).toBe(200);
  const w = await call(server, "POST", "/api/me/withdraw", { amount }, user);
  expect(w.status).toBe(201);
  expect((await call(server, "PATCH", `/api/admin/withdrawals/${w.body.id}/approve`, undefined, admin)).status).toBe(200);
  return { id: w.body.id as number, wallet };
}
