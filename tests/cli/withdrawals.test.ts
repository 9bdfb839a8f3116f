// refbot withdrawals: listing, approving several at once, rejecting, paying, and two admins racing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hasAnsi, startCli, type CliHarness } from "./support.ts";

let cli: CliHarness;
beforeAll(async () => {
  cli = await startCli();
  await cli.login();
});
afterAll(() => cli.stop());

const statusOf = async (id: number) => (await cli.api<{ id: number; status: string }[]>("GET", "/api/admin/withdrawals?limit=200")).find((w) => w.id === id)?.status;
const txHash = `0x${"ab".repeat(32)}`;

describe("withdrawals list", () => {
  test("a table with the address shortened to 6 + 4, whole with --full, no colour in a pipe", async () => {
    const w = await cli.makeWithdrawal("12.50");
    const r = await cli.run(["withdrawals", "list", "--status", "pending"]);
    expect(r.code).toBe(0);
    expect(hasAnsi(r.stdout)).toBe(false);
    const [header, ...rows] = r.stdout.trimEnd().split("\n");
    expect(header).toMatch(/^ID\s+USER\s+TG ID\s+AMOUNT\s+ADDRESS\s+STATUS\s+AGE$/);
    const row = rows.find((line) => line.trimStart().startsWith(`${w.id} `))!;
    expect(row).toContain(`${w.wallet.slice(0, 6)}…${w.wallet.slice(-4)}`);
    expect(row).toContain("12.50");
    expect(row).not.toContain(w.wallet);
    for (const line of r.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    expect((await cli.run(["withdrawals", "list", "--full"])).stdout).toContain(w.wallet);
  });

  test("--json is the API's list and nothing else; --csv quotes and keeps whole values", async () => {
    const w = await cli.makeWithdrawal("10");
    const json = await cli.run(["withdrawals", "list", "--json", "--limit", "200"]);
    expect(json.stderr).toBe("");
    expect(json.json<{ id: number; addressBep20: string }[]>().find((x) => x.id === w.id)).toMatchObject({ addressBep20: w.wallet, amountUsdt: "10.00", status: "pending" });
    const csv = await cli.run(["withdrawals", "list", "--csv", "--status", "pending"]);
    const lines = csv.stdout.split("\r\n");
    expect(lines[0]).toBe("id,username,tg_id,amount,address,status,created_at,tx_hash,reject_reason,user_banned");
    expect(lines.find((l) => l.startsWith(`${w.id},`))).toContain(`,10.00,${w.wallet},pending,`);
    expect(lines.find((l) => l.startsWith(`${w.id},`))).toEndWith(",false");
  });

  test("a banned user's request is marked in the table, in --full, --csv and --json; the ban refunded it", async () => {
    const w = await cli.makeWithdrawal("11");
    const other = await cli.makeWithdrawal("12");
    await cli.api("POST", `/api/admin/users/${w.userId}/ban`, { reason: "fraud" });
    const table = await cli.run(["withdrawals", "list", "--limit", "200"]);
    expect(table.code).toBe(0);
    const row = (id: number, out: string) => out.split("\n").find((line) => line.trimStart().startsWith(`${id} `))!;
    expect(row(w.id, table.stdout)).toMatch(/rejected banned/);
    expect(row(other.id, table.stdout)).not.toContain("banned");
    for (const line of table.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    const full = await cli.run(["withdrawals", "list", "--full", "--limit", "200"]);
    expect(full.stdout.split("\n")[0]).toMatch(/REASON\s+BANNED$/);
    expect(row(w.id, full.stdout)).toMatch(/Account banned\s+yes$/);
    const json = await cli.run(["withdrawals", "list", "--json", "id,userBanned,status,failReason", "--limit", "200"]);
    expect(json.json<object[]>()).toContainEqual({ id: w.id, userBanned: true, status: "rejected", failReason: "Account banned" });
    expect(json.json<object[]>()).toContainEqual({ id: other.id, userBanned: false, status: "pending", failReason: null });
    const csv = await cli.run(["withdrawals", "list", "--csv", "--status", "rejected"]);
    expect(csv.stdout.split("\r\n").find((l) => l.startsWith(`${w.id},`))).toEndWith(",Account banned,true");
    const approve = await cli.run(["withdrawals", "approve", String(w.id)]);
    expect(approve.code).toBe(1);
    expect(approve.stdout).toContain(`✖ #${w.id} Withdrawal ${w.id} is rejected, not pending or review (409 INVALID_STATE)`);
    expect((await cli.api<{ balanceUsdt: string }>("GET", `/api/admin/users/${w.userId}`)).balanceUsdt).toBe("50.00");
  });

  test("bad flag values are refused before any call", async () => {
    for (const [args, message] of [
      [["--status", "done"], "argument 'done' is invalid"],
      [["--limit", "abc"], "--limit: must be a whole number"],
      [["--limit", "500"], "--limit: must be at most 200"],
      [["--json", "--csv"], "--json and --csv cannot be used together"],
    ] as const) {
      const r = await cli.run(["withdrawals", "list", ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe("");
    }
  });
});

describe("acting on withdrawals", () => {
  test("approve several ids: a summary line each; a bad one fails the command, named", async () => {
    const a = await cli.makeWithdrawal();
    const b = await cli.makeWithdrawal();
    const r = await cli.run(["withdrawals", "approve", String(a.id), String(b.id), "999999"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`✔ #${a.id} approved: 12.50 USDT to ${a.wallet.slice(0, 6)}…${a.wallet.slice(-4)}`);
    expect(r.stdout).toContain(`✔ #${b.id} approved`);
    expect(r.stdout).toContain("✖ #999999 Withdrawal 999999 not found (404 NOT_FOUND)");
    expect(r.stderr).toBe("error: 1 of 3 failed: #999999\n");
    expect(await statusOf(a.id)).toBe("approved");
    expect(await statusOf(b.id)).toBe("approved");
  });

  test("approve --json lists each outcome; a non-id is a usage error before any call", async () => {
    const a = await cli.makeWithdrawal();
    const r = await cli.run(["withdrawals", "approve", String(a.id), "--json"]);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual([{ id: a.id, ok: true, result: expect.objectContaining({ id: a.id, status: "approved" }) }]);
    const bad = await cli.run(["withdrawals", "approve", "12x"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: id "12x": must be a positive integer\n');
  });

  test("reject needs a reason and refunds the amount", async () => {
    const w = await cli.makeWithdrawal("20");
    expect((await cli.run(["withdrawals", "reject", String(w.id)])).code).toBe(2);
    const r = await cli.run(["withdrawals", "reject", String(w.id), "--reason", "wrong network"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`✔ #${w.id} rejected, 20.00 USDT refunded`);
    const user = await cli.api<{ balanceUsdt: string }>("GET", `/api/admin/users/${w.userId}`);
    expect(user.balanceUsdt).toBe("50.00");
  });

  test("pay checks the hash before calling, then needs an approved request", async () => {
    const w = await cli.makeWithdrawal();
    const bad = await cli.run(["withdrawals", "pay", String(w.id), "--tx", "0x123"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("error: --tx: must be 0x followed by 64 hex characters\n");
    const early = await cli.run(["withdrawals", "pay", String(w.id), "--tx", txHash]);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(`1 of 1 failed: #${w.id}`);
    expect(early.stdout).toContain("INVALID_STATE");
    await cli.run(["withdrawals", "approve", String(w.id)]);
    const paid = await cli.run(["withdrawals", "pay", String(w.id), "--tx", txHash, "--json"]);
    expect(paid.code).toBe(0);
    expect(paid.json()[0].result).toMatchObject({ status: "paid", txHash });
  });

  test("pay with a hash that already paid another withdrawal exits 1 naming that withdrawal", async () => {
    const [first, second] = [await cli.makeWithdrawal(), await cli.makeWithdrawal()];
    await cli.run(["withdrawals", "approve", String(first.id), String(second.id)]);
    const shared = `0x${"5eed".repeat(16)}`;
    expect((await cli.run(["withdrawals", "pay", String(first.id), "--tx", shared])).code).toBe(0);
    const again = await cli.run(["withdrawals", "pay", String(second.id), "--tx", shared.toUpperCase().replace("0X", "0x")]);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(`✖ #${second.id} This transaction hash already paid withdrawal #${first.id} (409 TX_HASH_USED)`);
    expect(again.stderr).toBe(`error: 1 of 1 failed: #${second.id}\n`);
    expect(await statusOf(second.id)).toBe("approved");
  });

  test("two processes approving the same withdrawal: one wins, the other exits 1 with the conflict", async () => {
    const w = await cli.makeWithdrawal();
    const [first, second] = await Promise.all([cli.run(["withdrawals", "approve", String(w.id)]), cli.run(["withdrawals", "approve", String(w.id)])]);
    const codes = [first.code, second.code].sort();
    expect(codes).toEqual([0, 1]);
    const loser = first.code === 1 ? first : second;
    expect(loser.stdout).toContain(`✖ #${w.id} Withdrawal ${w.id} is approved, not pending or review (409 INVALID_STATE)`);
    expect(loser.stderr).toBe(`error: 1 of 1 failed: #${w.id}\n`);
    const audit = await cli.api<{ action: string; targetId: number }[]>("GET", "/api/admin/audit?limit=500");
    expect(audit.filter((e) => e.action === "withdrawal.approve" && e.targetId === w.id)).toHaveLength(1);
  });
});
