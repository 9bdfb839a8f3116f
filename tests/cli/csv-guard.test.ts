// The CLI's real CSV exports opened as spreadsheets split them, with commas, semicolons (Russian
// and German locales) or tabs: a name, a username, a ledger note and a reject reason that try to
// start formulas come out as text in every reading, and amounts stay numbers.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { demoInitDataToken } from "@/api/app.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { formulaCells, splitAsSpreadsheet } from "@/tests/support/spreadsheet.ts";
import { startCli, type CliHarness } from "./support.ts";

const jwtSecret = "csv-guard-secret-csv-guard-secret-0123";
const firstName = "x;=cmd|' /C calc'!A0;";
const lastName = "-2+3;@SUM(A1)";
const username = "evil\t=HYPERLINK(\"http://x\")";

let cli: CliHarness;
let userId: number;
beforeAll(async () => {
  cli = await startCli({ JWT_SECRET: jwtSecret });
  await cli.login();
  // The user as Telegram's signed launch data introduces them, names and all.
  const key = initDataKey(demoInitDataToken(jwtSecret));
  const initData = signInitData({ user: { id: 8_800_001, first_name: firstName, last_name: lastName, username }, authDate: Math.floor(Date.now() / 1000) }, key);
  const headers = { "x-telegram-init-data": initData, "content-type": "application/json" };
  const me = (await fetch(`${cli.server.url}/api/me`, { headers }).then((r) => r.json())) as { id: number };
  userId = me.id;
  await cli.api("POST", `/api/admin/users/${userId}/adjust`, { amount: "50", reason: "prize;=1+1,+cmd" });
  await cli.api("POST", `/api/admin/users/${userId}/adjust`, { amount: "-1.25", reason: "@refund\r\n=2+2" });
  await fetch(`${cli.server.url}/api/me/wallet`, { method: "POST", headers, body: JSON.stringify({ address: "0x52908400098527886E0F7030069857D2E4169EE7" }) });
  const w = (await fetch(`${cli.server.url}/api/me/withdraw`, { method: "POST", headers, body: JSON.stringify({ amount: "12.50" }) }).then((r) => r.json())) as { id: number };
  await cli.api("PATCH", `/api/admin/withdrawals/${w.id}/reject`, { reason: "bad;-1+1,=cmd" });
});
afterAll(() => cli.stop());

/** Runs the export and answers its CSV, after checking it exited 0 and holds `rows` data rows. */
async function exported(args: string[], rows: number): Promise<string> {
  const r = await cli.run(args);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  expect(splitAsSpreadsheet(r.stdout, ",")).toHaveLength(rows + 1);
  return r.stdout;
}

test("users search --csv: the name and username are text in every reading, and read with commas they are what the user is called", async () => {
  const csv = await exported(["users", "search", "--csv"], 1);
  expect(formulaCells(csv)).toEqual([]);
  const [header, row] = splitAsSpreadsheet(csv, ",");
  const cell = (name: string) => row![header!.indexOf(name)]!;
  expect(cell("name")).toBe(`x;'=cmd|' /C calc'!A0; -2+3;'@SUM(A1)`);
  expect(cell("username")).toBe(`evil\t'=HYPERLINK("http://x")`);
  expect(cell("id")).toBe(String(userId));
  expect(cell("balance")).toBe("48.75");
});

test("users ledger --csv: notes are text in every reading; amounts, negative ones too, stay numbers", async () => {
  const csv = await exported(["users", "ledger", String(userId), "--csv"], 4);
  expect(formulaCells(csv)).toEqual([]);
  const [header, ...rows] = splitAsSpreadsheet(csv, ",");
  const column = (name: string) => rows.map((r) => r[header!.indexOf(name)]);
  expect(column("amount_usdt")).toEqual(["+12.50", "-12.50", "-1.25", "+50.00"]);
  expect(column("note")).toContain("prize;'=1+1,'+cmd");
  expect(column("note")).toContain("'@refund\r\n'=2+2");
});

test("withdrawals list --csv --full: the username and the reject reason are text in every reading", async () => {
  const csv = await exported(["withdrawals", "list", "--status", "rejected", "--full", "--csv"], 1);
  expect(formulaCells(csv)).toEqual([]);
  const [header, row] = splitAsSpreadsheet(csv, ",");
  const cell = (name: string) => row![header!.indexOf(name)]!;
  expect(cell("reject_reason")).toBe("bad;'-1+1,'=cmd");
  expect(cell("username")).toBe(`evil\t'=HYPERLINK("http://x")`);
  expect(cell("amount")).toBe("12.50");
});
