// refbot withdrawals pay, show and verify against a server that checks payouts on a local chain
// (anvil): a mismatch exits 1 naming it, a payout short of confirmations waits in confirming until
// the server's own check finds enough blocks, and verify prints what matched, or exits 1 on what
// no longer does.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startAnvil, type Anvil } from "../support/chain/anvil.ts";
import { until } from "../support/until.ts";
import { startCli, type CliHarness } from "./support.ts";

let chain: Anvil;
let cli: CliHarness;
beforeAll(async () => {
  chain = await startAnvil();
  cli = await startCli({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, PAYOUT_CONFIRMATIONS: "3" });
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

test("pay refuses a transfer of another amount, exit 1; a matching one waits for its confirmations, then the server marks it paid", async () => {
  const w = await approved("12.50");
  const short = await chain.transfer(w.wallet, chain.units("12.49"));
  const refused = await cli.run(["withdrawals", "pay", String(w.id), "--tx", short, "--yes"]);
  expect(refused.code).toBe(1);
  expect(refused.stdout).toContain(`✖ #${w.id} Transaction ${short} pays 12.49 USDT to ${w.wallet.toLowerCase()}, not the withdrawal's 12.50 USDT (409 TX_WRONG_AMOUNT)`);
  expect(await statusOf(w.id)).toBe("approved");

  const hash = await chain.transfer(w.wallet, chain.units("12.5"));
  const sent = await cli.run(["withdrawals", "pay", String(w.id), "--tx", hash, "--yes"]);
  expect(sent.code).toBe(0);
  expect(sent.stdout).toMatch(new RegExp(`✔ #${w.id} confirming: 12.50 USDT to 0x\\w{4}…\\w{4} found on chain in block \\d+, tx 0x\\w{4}…\\w{4}; paid once confirmed`));
  expect((await cli.run(["withdrawals", "list", "--status", "confirming"])).stdout).toContain(`${w.id} `);
  await chain.mine(2);
  // The server's own check, every 5 s on the one SQLite server.
  await until("the server to mark the payout paid", async () => (await statusOf(w.id)) === "paid", 15_000);

  const verify = await cli.run(["withdrawals", "verify", String(w.id)]);
  expect(verify.code).toBe(0);
  expect(verify.stdout).toContain(`✔ #${w.id} transaction ${hash} succeeded, in block`);
  expect(verify.stdout).toContain(`✔ a Transfer of token ${chain.token}`);
  expect(verify.stdout).toContain(`✔ for exactly 12.50 USDT`);
  expect(verify.stdout).toMatch(/✔ \d+ confirmations \(3 required\)/);
  const show = await cli.run(["withdrawals", "show", String(w.id)]);
  expect(show.stdout).toMatch(/status\s+paid/);
  expect(show.stdout).toMatch(new RegExp(`tx hash\\s+${hash}`));
  expect(show.stdout).toMatch(/checked\s+on chain, block \d+/);
}, 30_000);

test("verify exits 1 naming what no longer matches, and changes nothing", async () => {
  const w = await approved("10");
  const fork = await chain.snapshot();
  const hash = await chain.transfer(w.wallet, chain.units("10"));
  await chain.mine(2);
  expect((await cli.run(["withdrawals", "pay", String(w.id), "--tx", hash, "--yes"])).stdout).toContain("paid: 10.00 USDT");
  await chain.revert(fork);
  const verify = await cli.run(["withdrawals", "verify", String(w.id)]);
  expect(verify.code).toBe(1);
  expect(verify.stdout).toContain(`✖ #${w.id} TX_NOT_FOUND: Transaction ${hash} was not found on chain`);
  const json = await cli.run(["withdrawals", "verify", String(w.id), "--json"]);
  expect(json.json()).toMatchObject({ matched: false, code: "TX_NOT_FOUND", withdrawal: { id: w.id, status: "paid" } });
  expect(await statusOf(w.id)).toBe("paid");
});
