// refbot withdrawals send and refbot wallet status against a server sending from a hot wallet on a
// local chain (anvil): each id of a batch has its own outcome, a refused one exits 1 naming why, the
// others are sent and paid once confirmed; the wallet's balances, nonce and day's total are shown.
// A server given a key file others may read does not start, and says which file.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startAnvil, type Anvil } from "../support/chain/anvil.ts";
import { keyFile } from "../support/chain/keys.ts";
import { startTestServer } from "../support/server.ts";
import { until } from "../support/until.ts";
import { startCli, type CliHarness } from "./support.ts";

let chain: Anvil;
let cli: CliHarness;
let hot: string;


beforeAll(async () => {
  chain = await startAnvil();
  const k = keyFile(0o600);
  hot = k.address;
  await chain.fund(hot, "500");
  cli = await startCli({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, PAYOUT_CONFIRMATIONS: "1", PAYOUT_KEY_FILE: k.file });
  await cli.login();
});
afterAll(async () => {
  await cli?.stop();
  await chain?.stop();
});

async function approved(amount: string) {
  const w = await cli.makeWithdrawal(amount);
  await cli.api("PATCH", `/api/admin/withdrawals/${w.id}/approve`);
  return w;
}
const statusOf = async (id: number) => (await cli.api<{ status: string }>("GET", `/api/admin/withdrawals/${id}`)).status;

test("send: each id its own outcome, one over the largest transfer exits 1 naming it; the others are sent and paid once", async () => {
  await cli.api("PATCH", "/api/admin/settings", { hotWalletMaxTransfer: "20" });
  const a = await approved("12.50");
  const big = await approved("25");
  const b = await approved("10");
  const run = await cli.run(["withdrawals", "send", String(a.id), String(big.id), String(b.id), "--yes"]);
  expect(run.code).toBe(1);
  expect(run.stdout).toMatch(new RegExp(`✔ #${a.id} sent: 12.50 USDT to 0x\\w{4}…\\w{4}, tx 0x[0-9a-f]{64} \\(nonce 0\\); confirming`));
  expect(run.stdout).toContain(`✖ #${big.id} Withdrawal ${big.id} is 25.00 USDT, over the hot wallet's largest transfer of 20.00 USDT: pay it by hand (409 HOT_WALLET_LIMIT)`);
  expect(run.stdout).toMatch(new RegExp(`✔ #${b.id} sent: 10.00 USDT .*\\(nonce 1\\)`));
  expect(run.stderr).toContain(`1 of 3 failed: #${big.id}`);
  await until("the server to mark both paid", async () => (await statusOf(a.id)) === "paid" && (await statusOf(b.id)) === "paid", 15_000);
  expect(await chain.balanceOf(a.wallet)).toBe(chain.units("12.5"));
  expect(await chain.balanceOf(b.wallet)).toBe(chain.units("10"));
  expect(await statusOf(big.id)).toBe("approved");

  const again = await cli.run(["withdrawals", "send", String(a.id), "--yes", "--json"]);
  expect(again.code).toBe(1);
  expect(again.json()).toEqual([{ id: a.id, ok: false, error: { message: `Withdrawal ${a.id} is paid, not approved (409 INVALID_STATE)`, code: "INVALID_STATE" } }]);
  expect(await chain.balanceOf(a.wallet)).toBe(chain.units("12.5"));
}, 30_000);

test("wallet status: address, balances, next nonce and today's total against the cap", async () => {
  const run = await cli.run(["wallet", "status"]);
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(`address     ${hot}`);
  expect(run.stdout).toContain("USDT        477.5");
  expect(run.stdout).toContain("next nonce  2");
  expect(run.stdout).toContain("today       22.50 of 1000.00 USDT (largest transfer 20.00)");
  const json = (await cli.run(["wallet", "status", "--json"])).json();
  expect(json).toMatchObject({ address: hot, usdt: "477.5", nextNonce: { chain: 2, mined: 2, database: 2 }, sentToday: "22.50", dailyLimit: "1000.00" });
});

test("the metrics say what the hot wallet can still pay for, as the alerts read it", async () => {
  const exposition = async () => (await fetch(`${cli.server.url}/metrics`)).text();
  // The first scrape asks the chain in the background; the next answers what it said.
  await exposition();
  const text = await until("the hot wallet's gauges", async () => ((await exposition()).includes("refbot_hot_wallet_usdt{") ? exposition() : undefined), 10_000);
  expect(text).toContain(`refbot_hot_wallet_usdt{address="${hot}"} 477.5`);
  expect(text).toContain(`refbot_hot_wallet_max_transfer_usdt{address="${hot}"} 20`);
  expect(Number(new RegExp(`refbot_hot_wallet_gas_transfers\\{address="${hot}"\\} (\\d+)`).exec(text)?.[1])).toBeGreaterThan(50);
});

test("doctor warns when the hot wallet runs low on gas or USDT, and fails on a key file others may read", async () => {
  const env = (file: string) => ({ DATABASE_PATH: cli.server.databasePath, BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, PAYOUT_KEY_FILE: file });
  const low = keyFile(0o600);
  // Gas for a few transfers, and 5 USDT where the largest transfer is 20.
  await chain.fund(low.address, "5", 10n ** 15n);
  const warned = await cli.run(["doctor", "--json"], { env: env(low.file) });
  expect(warned.code).toBe(0);
  const checks = warned.json() as { name: string; status: string; message: string; fix: string | null }[];
  expect(checks.find((c) => c.name === "hot wallet gas")).toMatchObject({ status: "warn", message: expect.stringContaining("0.001 BNB: gas for fewer than 50 transfers") });
  expect(checks.find((c) => c.name === "hot wallet USDT")).toMatchObject({ status: "warn", message: "5 USDT, less than the largest transfer it may send (20)", fix: expect.stringContaining(low.address) });
  expect(checks.find((c) => c.name === "hot wallet gas")!.fix).toContain("refbot wallet status");

  const rich = keyFile(0o600);
  await chain.fund(rich.address, "100");
  const funded = await cli.run(["doctor", "--json"], { env: env(rich.file) });
  expect((funded.json() as { name: string; status: string }[]).filter((c) => c.name.startsWith("hot wallet")).map((c) => c.status)).toEqual(["ok", "ok"]);

  const open = keyFile(0o640);
  const failed = await cli.run(["doctor"], { env: env(open.file) });
  expect(failed.code).toBe(1);
  expect(failed.stdout).toContain(`PAYOUT_KEY_FILE: ${open.file} has mode 0640; it must be 0600`);
  expect(failed.stdout).not.toContain(open.key.slice(2));
}, 30_000);

test("a server given a key file others may read does not start, naming the file", async () => {
  const k = keyFile(0o644);
  const error = await startTestServer({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, PAYOUT_KEY_FILE: k.file, SKIP_WEB_BUILD: "true" }).then(
    () => "started",
    (e: Error) => e.message,
  );
  expect(error).toContain("server exited early (2)");
  expect(error).toContain(`PAYOUT_KEY_FILE: ${k.file} has mode 0644; it must be 0600`);
  expect(error).not.toContain(k.key.slice(2));
});
