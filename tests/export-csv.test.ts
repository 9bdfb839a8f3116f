// The admin panel's CSV exports of the withdrawals and users lists: a file to save, with the CLI's
// columns, every cell a spreadsheet could take for a formula guarded, the list's filters honoured,
// lists longer than one read of the store sent whole, and nothing without an admin's token. On
// both engines.
import { expect } from "bun:test";
import { usdt } from "@/domain/money.ts";
import { formulaCells, splitAsSpreadsheet } from "@/tests/support/spreadsheet.ts";
import { forEachAppEngine, uniqueTgId, type TestApp } from "./support/app.ts";

// The columns `refbot withdrawals list --csv` and `refbot users search --csv` have always had.
const withdrawalHeader = "id,username,tg_id,amount,address,status,created_at,tx_hash,reject_reason,user_banned";
const userHeader = "id,tg_id,username,name,balance,qualified_referrals,banned,wallet,total_earned,tasks_completed,created_at";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeEach(async () => {
    t = await makeTestApp();
    admin = await t.adminHeaders();
  });

  /** The export's answer: status, the headers a download needs, and the file read as a spreadsheet reads it. */
  async function exported(path: string) {
    const res = await t.send("GET", path, { headers: admin });
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      disposition: res.headers.get("content-disposition"),
      cache: res.headers.get("cache-control"),
      text,
      rows: splitAsSpreadsheet(text, ","),
    };
  }

  /** A user who signed in through the app with these names, and a wallet set. */
  async function appUser(profile: { username?: string; firstName?: string } = {}) {
    const tgId = uniqueTgId();
    const headers = { "x-telegram-init-data": t.initDataFor({ tgId, ...profile }) };
    const me = (await t.request("GET", "/api/me", { headers })).body;
    const address = `0x${tgId.toString(16).padStart(40, "a")}`;
    expect((await t.request("POST", "/api/me/wallet", { headers, body: { address } })).status).toBe(200);
    return { id: me.id as number, tgId, headers };
  }

  async function withdrawal(user: { id: number; headers: Record<string, string> }, amount = "12.50") {
    expect((await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: admin, body: { amount: "50", reason: "funds" } })).status).toBe(200);
    const res = await t.request("POST", "/api/me/withdraw", { headers: user.headers, body: { amount } });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  test("withdrawals: a CSV file of the chosen status, newest first, with the CLI's columns and the list's values", async () => {
    const [a, b, c] = [await appUser({ username: "alice" }), await appUser({ username: "bob" }), await appUser()];
    const first = await withdrawal(a);
    const rejected = await withdrawal(b, "20");
    const second = await withdrawal(c, "15.25");
    expect((await t.request("PATCH", `/api/admin/withdrawals/${rejected}/reject`, { headers: admin, body: { reason: "wrong, network" } })).status).toBe(200);

    const file = await exported("/api/admin/withdrawals/export.csv?status=pending");
    expect({ status: file.status, type: file.type, disposition: file.disposition, cache: file.cache }).toEqual({
      status: 200,
      type: "text/csv; charset=utf-8",
      disposition: 'attachment; filename="withdrawals-pending-2026-03-10.csv"',
      cache: "no-store",
    });
    expect(file.text.split("\r\n")[0]).toBe(withdrawalHeader);
    expect(file.text.endsWith("\r\n")).toBe(true);
    const listed = (await t.request("GET", "/api/admin/withdrawals?status=pending", { headers: admin })).body;
    expect(file.rows.slice(1)).toEqual(
      listed.map((w: any) => [String(w.id), w.username ?? "", String(w.tgId), w.amountUsdt, w.addressBep20, "pending", w.createdAt, "", "", "false"]),
    );
    expect(file.rows.slice(1).map((r) => Number(r[0]))).toEqual([second, first]);

    const rejects = await exported("/api/admin/withdrawals/export.csv?status=rejected");
    expect(rejects.disposition).toContain("withdrawals-rejected-");
    expect(rejects.rows.slice(1).map((r) => [r[0], r[3], r[5], r[8]])).toEqual([[String(rejected), "20.00", "rejected", "wrong, network"]]);
    // No status: every request.
    expect((await exported("/api/admin/withdrawals/export.csv")).rows.slice(1).map((r) => Number(r[0]))).toEqual([second, rejected, first]);
  });

  test("a username and names that start formulas are text in every reading of the file", async () => {
    const user = await appUser({ username: '=HYPERLINK("http://x")', firstName: "@SUM(A1);+1" });
    await withdrawal(user);
    for (const path of ["/api/admin/withdrawals/export.csv", "/api/admin/users/export.csv"]) {
      const file = await exported(path);
      expect(file.status).toBe(200);
      expect(formulaCells(file.text)).toEqual([]);
      const [header, row] = file.rows;
      expect(row![header!.indexOf("username")]).toBe(`'=HYPERLINK("http://x")`);
      if (header!.includes("name")) expect(row![header!.indexOf("name")]).toBe("'@SUM(A1);'+1");
    }
  });

  test("users: every user newest first, or a search's matches, with the CLI's columns and the list's values", async () => {
    const alice = await appUser({ username: "alice_x", firstName: "Alice" });
    const alicia = await appUser({ username: "alicia_x" });
    const bob = await appUser({ username: "bob_x" });
    expect((await t.request("POST", `/api/admin/users/${bob.id}/ban`, { headers: admin, body: { reason: "spam" } })).status).toBe(200);

    const all = await exported("/api/admin/users/export.csv");
    expect({ status: all.status, type: all.type, disposition: all.disposition }).toEqual({
      status: 200,
      type: "text/csv; charset=utf-8",
      disposition: 'attachment; filename="users-2026-03-10.csv"',
    });
    expect(all.text.split("\r\n")[0]).toBe(userHeader);
    const listed = (await t.request("GET", "/api/admin/users", { headers: admin })).body;
    expect(all.rows.slice(1)).toEqual(
      listed.map((u: any) => [
        String(u.id), String(u.tgId), u.username, [u.firstName, u.lastName].filter(Boolean).join(" ") || "-", u.balanceUsdt, String(u.qualifiedReferrals),
        String(u.isBanned), u.walletBep20, u.totalEarned, String(u.tasksCompleted), u.createdAt,
      ]),
    );
    expect(all.rows.slice(1).map((r) => [Number(r[0]), r[6]])).toEqual([
      [bob.id, "true"],
      [alicia.id, "false"],
      [alice.id, "false"],
    ]);

    const search = await exported("/api/admin/users/export.csv?search=ali");
    expect(search.rows.slice(1).map((r) => Number(r[0])).sort()).toEqual([alice.id, alicia.id].sort());
    expect((await exported(`/api/admin/users/export.csv?search=${bob.tgId}`)).rows.slice(1).map((r) => Number(r[0]))).toEqual([bob.id]);
  });

  test("a list longer than one read of the store comes whole, each row once, newest first", async () => {
    const owner = await t.makeUser();
    const at = t.now();
    await t.insert(
      "withdrawals",
      Array.from({ length: 2345 }, (_, i) => ({ userId: owner.id, amount: usdt("10") + i, address: `0x${"b".repeat(40)}`, status: "rejected" as const, failReason: `r${i}`, createdAt: at })),
    );
    await t.insert(
      "users",
      Array.from({ length: 1500 }, (_, i) => ({ tgId: uniqueTgId(), firstName: `Bulk ${i}`, refCode: `bulk${i}x${uniqueTgId()}`, createdAt: at })),
    );
    const withdrawals = await exported("/api/admin/withdrawals/export.csv?status=rejected");
    const ids = withdrawals.rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toHaveLength(2345);
    expect(new Set(ids).size).toBe(2345);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(withdrawals.rows.at(-1)![8]).toBe("r0");

    const users = await exported("/api/admin/users/export.csv");
    const userIds = users.rows.slice(1).map((r) => Number(r[0]));
    expect(userIds).toHaveLength(1501);
    expect(new Set(userIds).size).toBe(1501);
    expect(userIds).toEqual([...userIds].sort((a, b) => b - a));
    expect(userIds.at(-1)).toBe(owner.id);
  });

  test("only an admin may export, and only a status the list has", async () => {
    for (const path of ["/api/admin/withdrawals/export.csv", "/api/admin/users/export.csv"]) {
      const res = await t.request("GET", path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 401, code: "UNAUTHORIZED" });
      const user = await t.request("GET", path, { headers: t.userHeaders(uniqueTgId()) });
      expect({ path, status: user.status }).toEqual({ path, status: 401 });
    }
    const bad = await t.request("GET", "/api/admin/withdrawals/export.csv?status=lost", { headers: admin });
    expect({ status: bad.status, code: bad.body.code }).toEqual({ status: 400, code: "VALIDATION_FAILED" });
    expect(bad.body.message).toStartWith("status: ");
  });
});
