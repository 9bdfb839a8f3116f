// refbot withdrawals list | show | counts | approve | reject | pay | send | verify: the payout queue.
import { Command, Option } from "commander";
import { z } from "zod";
import { withdrawalCsvColumns } from "@/domain/csv-columns.ts";
import { txHashPattern } from "@/domain/rules.ts";
import { withdrawalStatuses } from "@/domain/model/index.ts";
import type { WithdrawalDto as Withdrawal } from "@/api/contract.ts";
import type { ApiClient } from "@/cli/api-client.ts";
import { forEachId, reportBatch } from "@/cli/batch.ts";
import { fieldsHelp, fieldsOf, jsonFields, jsonFieldsOption } from "@/cli/json-fields.ts";
import { before, id, ids, jsonOption, limit, parse, yesOption } from "@/cli/options.ts";
import { age, shortAddress, status, userLabel } from "@/cli/output/format.ts";
import { colors } from "@/cli/output/colors.ts";
import { emit, emitList, type Column } from "@/cli/output/print.ts";
import { nextPage, noteNextPage, pageOptions } from "@/cli/paging.ts";
import { confirmOrStop, interactive } from "@/cli/prompts.ts";
import { requireClient } from "@/cli/session.ts";
import { CliError } from "@/cli/errors.ts";

// The table's columns; --csv has the columns the admin panel's export has (domain/csv-columns.ts).
const columns = (full: boolean): Column<Withdrawal>[] => [
  { header: "id", value: (w) => w.id, align: "right" },
  { header: "user", value: (w) => w.username, display: (w) => userLabel(w) },
  { header: "tg id", value: (w) => w.tgId },
  { header: "amount", value: (w) => w.amountUsdt, align: "right" },
  { header: "address", value: (w) => w.addressBep20, display: (w) => (full ? w.addressBep20 : shortAddress(w.addressBep20)) },
  // The short table marks a banned user's request beside its status, within 80 columns; the full
  // one has a column of its own.
  { header: "status", value: (w) => w.status, display: (w) => (full || !w.userBanned ? status(w.status) : `${status(w.status)} ${colors.red("banned")}`) },
  { header: "age", value: (w) => w.createdAt, display: (w) => age(w.createdAt) },
  ...(full
    ? [
        { header: "tx hash", value: (w: Withdrawal) => w.txHash },
        { header: "checked", value: (w: Withdrawal) => w.txChecked, display: (w: Withdrawal) => (w.txHash ? (w.txChecked ? "on chain" : colors.yellow("no")) : "") },
        { header: "reason", value: (w: Withdrawal) => w.failReason },
        { header: "banned", value: (w: Withdrawal) => w.userBanned, display: (w: Withdrawal) => (w.userBanned ? colors.red("yes") : "no") },
      ]
    : []),
];

const fields = fieldsOf<Withdrawal>()(
  "id",
  "userId",
  "tgId",
  "username",
  "userBanned",
  "amountUsdt",
  "addressBep20",
  "status",
  "txHash",
  "txChecked",
  "txBlock",
  "returnReason",
  "failReason",
  "createdAt",
  "processedAt",
);

const list = pageOptions(
  new Command("list")
    .description("list withdrawal requests, newest first")
    .addOption(new Option("--status <status>", "only this status").choices(withdrawalStatuses))
    .option("--full", "whole addresses, tx hashes and reject reasons"),
  { max: 200, json: jsonFieldsOption },
).addHelpText("after", `
The table shortens addresses to 0x12ab…cdef; --full, --csv and --json
carry them whole. When more rows exist, stderr says how to get the next page.
A request in review waits for a look: a flagged user's (see \`refbot risk\`),
or one to an address a banned account holds too; approve or reject take it
as they take a pending one. "banned" beside a status marks a banned user's
request (--full: the BANNED column): a ban refunds what is open, and approve
and pay are refused for such a user.

${fieldsHelp(fields)}

Examples:
  $ refbot withdrawals list --status pending
  $ refbot withdrawals list --status review
  $ refbot withdrawals list --status approved --csv > payouts.csv
  $ refbot withdrawals list --json id,amountUsdt,status --before 120`)
  .action(async (rawOptions, command: Command) => {
    const schema = z.object({ status: z.enum(withdrawalStatuses).optional(), limit: limit(200), before, full: z.boolean().optional(), json: jsonFields(fields), csv: z.boolean().optional() });
    const opts = parse(schema, rawOptions);
    const client = await requireClient(command);
    const query = { status: opts.status, limit: opts.limit, before: opts.before };
    const rows = await client.withdrawals(query);
    const next = await nextPage(rows, opts.limit, (last) => client.withdrawals({ ...query, limit: 1, before: last }));
    const kind = opts.status ? `${opts.status} withdrawals` : "withdrawals";
    emitList(rows, opts, columns(Boolean(opts.full)), opts.before ? `No ${kind} before #${opts.before}.` : `No ${kind}.`, withdrawalCsvColumns);
    noteNextPage(next, kind);
  });

const counts = new Command("counts")
  .description("how many withdrawal requests there are in each status")
  .option(...jsonOption)
  .addHelpText("after", "\nExample:\n  $ refbot withdrawals counts")
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    emit(await client.withdrawalCounts(), opts, (c) => {
      const width = Math.max(...withdrawalStatuses.map((s) => String(c[s]).length));
      const lines = withdrawalStatuses.map((s) => `${String(c[s]).padStart(width)}  ${status(s)}`);
      const hint = c.review > 0 ? `\n${colors.dim("In review: flagged users' requests; see refbot risk list")}` : "";
      return lines.join("\n") + hint;
    });
  });

// Summary lines stay within 80 columns; --json carries the whole address and hash.
const done = (w: Withdrawal) => `${w.status}: ${w.amountUsdt} USDT to ${shortAddress(w.addressBep20)} (${userLabel(w)})`;

/** At a terminal, shows what the ids are before asking; the list is only for the question. */
async function confirmIds(client: ApiClient, verb: string, from: Withdrawal["status"][], list: number[], yes?: boolean) {
  if (yes || !interactive()) return;
  const known = new Map((await Promise.all(from.map((s) => client.withdrawals({ status: s, limit: 200 })))).flat().map((w) => [w.id, w]));
  const lines = list.map((n) => {
    const w = known.get(n);
    // A request in review is a flagged user's: the case is worth a look before deciding.
    const flagged = w?.status === "review" ? `\n      in review, the user is flagged: refbot risk show ${w.userId}` : "";
    const banned = w?.userBanned ? "\n      the user is banned: only reject goes through" : "";
    return w ? `  #${n}  ${w.amountUsdt} USDT  ${w.addressBep20}  ${userLabel(w)}${flagged}${banned}` : `  #${n}  (not ${from.join(" or ")}; the server will say why)`;
  });
  process.stderr.write(`${lines.join("\n")}\n`);
  await confirmOrStop(`${verb} ${list.length === 1 ? "this withdrawal" : `these ${list.length} withdrawals`}?`, yes);
}

/** What approve and reject act on: the pending queue, and the requests of flagged users in review. */
const open: Withdrawal["status"][] = ["pending", "review"];

const actionOptions = z.object({ ids, yes: z.boolean().optional(), json: z.boolean().optional() });

const approve = new Command("approve")
  .description("approve pending or in-review withdrawals (several ids at once)")
  .argument("<id...>", "withdrawal ids")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
Pending requests can be approved, and so can those in review (a flagged
user's; \`refbot risk show <userId>\` has the case). An id another admin got
to first fails with a conflict, and the command exits 1 naming it.

Examples:
  $ refbot withdrawals approve 12
  $ refbot withdrawals approve 12 13 14 --yes`)
  .action(async (rawIds: string[], rawOptions, command: Command) => {
    const opts = parse(actionOptions, rawOptions, { ids: rawIds });
    const client = await requireClient(command);
    await confirmIds(client, "Approve", open, opts.ids, opts.yes);
    reportBatch(await forEachId(opts.ids, (n) => client.approveWithdrawal(n)), opts, done);
  });

const reject = new Command("reject")
  .description("reject pending or in-review withdrawals and refund them (several ids)")
  .argument("<id...>", "withdrawal ids")
  .requiredOption("--reason <text>", "why; the user is told")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
Example:
  $ refbot withdrawals reject 15 16 --reason "Exchange address, not BEP-20"`)
  .action(async (rawIds: string[], rawOptions, command: Command) => {
    const opts = parse(actionOptions.extend({ reason: z.string().trim().min(1, "is required").max(1000) }), rawOptions, { ids: rawIds });
    const client = await requireClient(command);
    await confirmIds(client, "Reject and refund", open, opts.ids, opts.yes);
    reportBatch(await forEachId(opts.ids, (n) => client.rejectWithdrawal(n, opts.reason)), opts, (w) => `rejected, ${w.amountUsdt} USDT refunded to ${userLabel(w)}`);
  });

const pay = new Command("pay")
  .description("mark an approved withdrawal paid with its transaction hash")
  .argument("<id>", "withdrawal id")
  .requiredOption("--tx <hash>", "the BEP-20 transaction hash (0x + 64 hex)")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
Example:
  $ refbot withdrawals pay 12 \\
      --tx 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const schema = z.object({ id, tx: z.string().trim().regex(txHashPattern, "must be 0x followed by 64 hex characters"), yes: z.boolean().optional(), json: z.boolean().optional() });
    const opts = parse(schema, rawOptions, { id: rawId });
    const client = await requireClient(command);
    await confirmIds(client, `Mark paid with ${opts.tx}:`, ["approved"], [opts.id], opts.yes);
    reportBatch(await forEachId([opts.id], (n) => client.payWithdrawal(n, opts.tx)), opts, paidLine);
  });

const send = new Command("send")
  .description("send approved withdrawals as USDT transfers from the server's hot wallet (several ids)")
  .argument("<id...>", "withdrawal ids")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
Needs PAYOUT_KEY_FILE on the server. Each transfer is signed and recorded
with its nonce before it is broadcast, so a crash sends the same bytes
again and never a second transfer. Each id is sent on its own: one over
hotWalletMaxTransfer, past hotWalletDailyLimit, not approved or already
sent fails naming why, the others go; the command then exits 1. A sent
withdrawal is confirming until its blocks are in (refbot withdrawals show).

Examples:
  $ refbot withdrawals send 12
  $ refbot withdrawals send 12 13 14 --yes --json`)
  .action(async (rawIds: string[], rawOptions, command: Command) => {
    const opts = parse(actionOptions, rawOptions, { ids: rawIds });
    const client = await requireClient(command);
    await confirmIds(client, "Send from the hot wallet", ["approved"], opts.ids, opts.yes);
    reportBatch(await forEachId(opts.ids, (n) => client.sendWithdrawal(n)), opts, (r) => {
      const how = r.broadcast === "sent" ? "sent" : "recorded, broadcast again by the server within seconds";
      return `${how}: ${r.withdrawal.amountUsdt} USDT to ${shortAddress(r.withdrawal.addressBep20)}, tx ${r.txHash} (nonce ${r.nonce}); confirming`;
    });
  });

/** A payout as recorded: paid, or found on chain and waiting for its confirmations (the user is told once paid). */
const paidLine = (w: Withdrawal) => {
  const tx = `tx ${shortAddress(w.txHash)}`;
  if (w.status === "confirming") return `confirming: ${w.amountUsdt} USDT to ${shortAddress(w.addressBep20)} found on chain in block ${w.txBlock}, ${tx}; paid once confirmed`;
  return `paid: ${w.amountUsdt} USDT to ${shortAddress(w.addressBep20)}, ${tx}${w.txChecked ? ", checked on chain" : " (not checked on chain)"}`;
};

const show = new Command("show")
  .description("one withdrawal request, every field")
  .argument("<id>", "withdrawal id")
  .option(...jsonOption)
  .addHelpText("after", "\nExample:\n  $ refbot withdrawals show 12")
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    emit(await client.withdrawal(opts.id), opts, (w) => {
      const lines: [string, string][] = [
        ["id", `#${w.id}`],
        ["user", `${userLabel(w)} (tg ${w.tgId})${w.userBanned ? ` ${colors.red("banned")}` : ""}`],
        ["amount", `${w.amountUsdt} USDT`],
        ["address", w.addressBep20],
        ["status", status(w.status)],
        ["requested", new Date(w.createdAt).toISOString()],
      ];
      if (w.processedAt) lines.push(["processed", new Date(w.processedAt).toISOString()]);
      if (w.txHash) lines.push(["tx hash", w.txHash], ["checked", w.txChecked ? `on chain, block ${w.txBlock}` : colors.yellow("not checked on chain")]);
      if (w.returnReason) lines.push(["came back", w.returnReason]);
      if (w.failReason) lines.push(["reason", w.failReason]);
      return lines.map(([k, v]) => `${k.padEnd(10)} ${v}`).join("\n");
    });
  });

const verify = new Command("verify")
  .description("check a paid or confirming withdrawal's transaction on chain again")
  .argument("<id>", "withdrawal id")
  .option(...jsonOption)
  .addHelpText("after", `
Looks the recorded transaction up through the server's BSC_RPC_URL and
prints what matched: succeeded, a Transfer of the configured token to the
request's address for exactly its amount, and its confirmations. Exits 1
naming the first part that does not match; nothing is changed either way.

Example:
  $ refbot withdrawals verify 12`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    const result = await client.verifyWithdrawal(opts.id);
    emit(result, opts, (r) => {
      if (!r.matched) return `${colors.red("✖")} #${opts.id} ${r.code}: ${r.message}`;
      const ok = colors.green("✔");
      return [
        `${ok} #${opts.id} transaction ${r.txHash} succeeded, in block ${r.blockNumber}`,
        `${ok} a Transfer of token ${r.token}`,
        `${ok} to ${r.to}, the request's address`,
        `${ok} for exactly ${r.amount} USDT`,
        `${r.confirmations >= r.required ? ok : colors.yellow("…")} ${r.confirmations} confirmations (${r.required} required)`,
        `${ok} paying only withdrawal #${opts.id}`,
      ].join("\n");
    });
    if (!result.matched) throw new CliError(`withdrawal #${opts.id}: ${result.code}`);
  });

export const withdrawalsCommand = new Command("withdrawals")
  .description("the payout queue: list, show, count, approve, reject, pay, send, verify")
  .addCommand(list)
  .addCommand(show)
  .addCommand(counts)
  .addCommand(approve)
  .addCommand(reject)
  .addCommand(pay)
  .addCommand(send)
  .addCommand(verify);
