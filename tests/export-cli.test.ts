// The admin panel's export and the CLI's --csv are one file: for the same rows the real server's
// export routes answer, byte for byte, what the real `refbot withdrawals list --csv` and `refbot
// users search --csv` print, formula guards included.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { demoInitDataToken } from "@/api/app.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { startCli, type CliHarness } from "./cli/support.ts";

const jwtSecret = "export-cli-secret-export-cli-secret-01";

let cli: CliHarness;
beforeAll(async () => {
  cli = await startCli({ JWT_SECRET: jwtSecret });
  await cli.login();
  // A user whose names try to start formulas, as Telegram's signed launch data may carry them.
  const key = initDataKey(demoInitDataToken(jwtSecret));
  const initData = signInitData({ user: { id: 8_800_101, first_name: "@SUM(A1)", last_name: "-2+3", username: '=HYPERLINK("http://x")' }, authDate: Math.floor(Date.now() / 1000) }, key);
  const headers = { "x-telegram-init-data": initData, "content-type": "application/json" };
  const me = (await fetch(`${cli.server.url}/api/me`, { headers }).then((r) => r.json())) as { id: number };
  await cli.api("POST", `/api/admin/users/${me.id}/adjust`, { amount: "50", reason: "funds" });
  await fetch(`${cli.server.url}/api/me/wallet`, { method: "POST", headers, body: JSON.stringify({ address: "0x52908400098527886E0F7030069857D2E4169EE7" }) });
  await fetch(`${cli.server.url}/api/me/withdraw`, { method: "POST", headers, body: JSON.stringify({ amount: "12.50" }) });
  const other = await cli.makeWithdrawal("20");
  await cli.api("PATCH", `/api/admin/withdrawals/${other.id}/reject`, { reason: "=cmd|' /C calc'!A0, wrong network" });
  await cli.makeWithdrawal("15");
}, 60_000);
afterAll(() => cli.stop());

async function exportFile(path: string): Promise<string> {
  const login = (await fetch(`${cli.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: cli.server.adminEmail, password: cli.server.adminPassword }),
  }).then((r) => r.json())) as { token: string };
  const res = await fetch(`${cli.server.url}${path}`, { headers: { authorization: `Bearer ${login.token}` } });
  expect(res.status).toBe(200);
  return res.text();
}

async function printed(args: string[]): Promise<string> {
  const r = await cli.run(args);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  return r.stdout;
}

test("withdrawals: the export of each status is what `refbot withdrawals list --status S --csv` prints", async () => {
  for (const status of ["pending", "rejected"]) {
    const file = await exportFile(`/api/admin/withdrawals/export.csv?status=${status}`);
    expect(file.split("\r\n").length).toBeGreaterThan(2);
    expect(file).toBe(await printed(["withdrawals", "list", "--status", status, "--csv"]));
  }
  expect(await exportFile("/api/admin/withdrawals/export.csv")).toBe(await printed(["withdrawals", "list", "--csv"]));
}, 30_000);

test("users: the export is what `refbot users search --csv` prints, and a search's export what the search prints", async () => {
  const file = await exportFile("/api/admin/users/export.csv");
  expect(file).toContain(`'=HYPERLINK(""http://x"")`);
  expect(file).toBe(await printed(["users", "search", "--csv"]));
  expect(await exportFile(`/api/admin/users/export.csv?search=${encodeURIComponent("=HYP")}`)).toBe(await printed(["users", "search", "=HYP", "--csv"]));
}, 30_000);
