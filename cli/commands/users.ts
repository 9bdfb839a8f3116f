// refbot users search | show | ledger | ban | unban | adjust.
import { Command } from "commander";
import { z } from "zod";
import { userCsvColumns } from "@/domain/csv-columns.ts";
import { displayName, fullName } from "@/domain/display-name.ts";
import { ledgerReasonLabel } from "@/domain/labels.ts";
import { readAmount, typedDecimals, wholeUsdt } from "@/domain/money.ts";
import { amountRules, rules } from "@/domain/rules.ts";
import type { AdminUserDetailDto, AdminUserDto as AdminUser, LedgerEntryDto as LedgerEntry } from "@/api/contract.ts";
import { usageError } from "@/cli/errors.ts";
import { findingUser } from "@/cli/find-user.ts";
import { argumentsAfterJson, fieldsHelp, fieldsOf, jsonFields, jsonFieldsOption } from "@/cli/json-fields.ts";
import { amount, before, id, jsonOption, limit, output, parse, yesOption } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { status, truncate, userLabel, when, yesNo } from "@/cli/output/format.ts";
import { columnsTable, emit, emitList, type Column } from "@/cli/output/print.ts";
import { details, table } from "@/cli/output/table.ts";
import { nextPage, noteNextPage, pageOptions } from "@/cli/paging.ts";
import { confirmOrStop, requireYesWithoutTerminal } from "@/cli/prompts.ts";
import { requireClient } from "@/cli/session.ts";

const name = (u: Pick<AdminUser, "firstName" | "lastName">) => fullName(u) || "-";

const columns: Column<AdminUser>[] = [
  { header: "id", value: (u) => u.id, align: "right" },
  { header: "tg id", value: (u) => u.tgId },
  { header: "username", value: (u) => u.username, display: (u) => displayName(u.username && truncate(u.username, 16), "-") },
  { header: "name", value: name, display: (u) => truncate(name(u), 14) },
  { header: "balance", value: (u) => u.balanceUsdt, align: "right" },
  { header: "refs", value: (u) => u.qualifiedReferrals, align: "right" },
  { header: "banned", value: (u) => u.isBanned, display: (u) => (u.isBanned ? colors.red("yes") : "no") },
];

const maxRows = 200;

const fields = fieldsOf<AdminUser>()(
  "id", "tgId", "username", "firstName", "lastName", "refCode", "walletBep20", "balanceUsdt", "heldUsdt", "createdAt", "qualifiedReferrals",
  "targetReferrals", "earnedToday", "totalEarned", "isBanned", "currentStreak", "totalInvited", "tasksCompleted", "banReason", "isActive",
  "channelJoined", "lastActivityAt", "riskScore", "riskStatus",
);

const search = pageOptions(
  new Command("search")
    .description("find users by username, Telegram id or wallet (no text: the newest users)")
    .argument("[text]", "start of a username or wallet address, or a whole Telegram id"),
  { max: maxRows, json: jsonFieldsOption },
).addHelpText("after", `
Without text, the newest users come first and --before pages through them;
stderr says how to get the next page. A search shows its first matches.

${fieldsHelp(fields)}

Examples:
  $ refbot users search alice
  $ refbot users search 0x12ab --json id,username,walletBep20
  $ refbot users search --limit 200 --csv > users.csv`)
  .action(async (text: string | undefined, rawOptions, command: Command) => {
    const schema = z.object({ limit: limit(maxRows), before, text: z.string().trim().max(200).optional(), json: jsonFields(fields), csv: z.boolean().optional() });
    const opts = parse(schema, rawOptions, { text });
    const search = opts.text || undefined;
    // The API pages only the plain list: matches come in the order of their index, not by id.
    if (search && opts.before) throw usageError("--before pages the list without search text; a search shows its first --limit matches");
    const client = await requireClient(command);
    const rows = await client.users({ search, limit: opts.limit, before: opts.before });
    const next = search ? undefined : await nextPage(rows, opts.limit, (last) => client.users({ limit: 1, before: last }));
    emitList(rows, opts, columns, search ? "No users match." : opts.before ? `No users before #${opts.before}.` : "No users yet.", userCsvColumns);
    noteNextPage(next, "users");
    if (search && rows.length === opts.limit) {
      const raise = opts.limit < maxRows ? `, or raise --limit (at most ${maxRows})` : "";
      process.stderr.write(`There may be more matches than these ${rows.length}: narrow the search${raise}.\n`);
    }
  });

argumentsAfterJson(search, fields);

function referrerText(r: AdminUserDetailDto["referrer"]): string {
  if (!r) return "nobody";
  const full = name(r);
  if (r.username) return `#${r.id} @${r.username}${full === "-" ? "" : ` (${full})`}`;
  return `#${r.id} ${full === "-" ? `Telegram id ${r.tgId}` : full}`;
}

/** The risk review's view of the user, when it has one: a score or a decision. */
function riskLine(u: AdminUserDetailDto): [string, string][] {
  if (!u.riskStatus && !u.riskScore) return [];
  const state = u.riskStatus ? `${status(u.riskStatus)}, score ${u.riskScore}` : `score ${u.riskScore}, not flagged`;
  return [["Risk", `${state}: ${colors.dim(`refbot risk show ${u.id}`)}`]];
}

const signed = (e: LedgerEntry) => `${e.type === "credit" ? "+" : "-"}${e.amount}`;

const ledgerColumns: Column<LedgerEntry>[] = [
  { header: "id", value: (e) => e.id, align: "right" },
  { header: "when (utc)", value: (e) => e.createdAt, display: (e) => when(e.createdAt) },
  { header: "amount", csvHeader: "amount usdt", value: signed, display: (e) => (e.type === "credit" ? colors.green(signed(e)) : colors.red(signed(e))), align: "right" },
  { header: "reason", value: (e) => e.reason, display: (e) => ledgerReasonLabel(e.reason) },
  { header: "note", value: (e) => e.note, flex: true },
];

const show = new Command("show")
  .description("a user's profile, balance, latest ledger entries, referrals and activity")
  .argument("<id>", "user id (as in `users search`)")
  .option("--ledger <n>", "how many ledger entries (1-500)", "10")
  .option(...jsonOption)
  .addHelpText("after", "\nExample:\n  $ refbot users show 42")
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, ledger: limit(500), json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    const [user, ledger, referrals, activity] = await findingUser(client, opts.id, () =>
      Promise.all([client.user(opts.id), client.userLedger(opts.id, { limit: opts.ledger }), client.userReferrals(opts.id), client.userActivity(opts.id)]),
    );
    emit({ user, ledger, referrals, activity }, opts, (d) => {
      const u = d.user;
      const refs = d.referrals.recentReferrals;
      return [
        colors.bold(`User #${u.id} ${userLabel(u)}`),
        details([
          ["Name", name(u)],
          ["Telegram id", u.tgId],
          ["Referred by", referrerText(u.referrer)],
          ["Balance", `${u.balanceUsdt} USDT, ${u.heldUsdt} USDT held`],
          ["Earned", `${u.totalEarned} USDT total, ${u.earnedToday} today`],
          ["Wallet", u.walletBep20 ?? "-"],
          ["Referrals", `${u.qualifiedReferrals}/${u.targetReferrals} qualified, ${u.totalInvited} invited`],
          ["Streak", `${d.activity.currentStreak} days, ${d.activity.tasksCompleted} tasks done`],
          ["Channel joined", yesNo(u.channelJoined)],
          ["Reachable", u.isActive ? "yes" : "no (blocked the bot)"],
          ...riskLine(u),
          ["Banned", u.isBanned ? colors.red(`yes${u.banReason ? `: ${u.banReason}` : ""}`) : "no"],
          ["Registered", when(u.createdAt)],
          ["Last activity", when(d.activity.lastActivity)],
          ["Referral link", d.referrals.referralLink],
        ]),
        "",
        colors.bold(`Ledger (latest ${d.ledger.length})`) + (d.ledger.length === opts.ledger ? colors.dim(`  older: refbot users ledger ${u.id} --before ${d.ledger.at(-1)!.id}`) : ""),
        d.ledger.length ? columnsTable(d.ledger, ledgerColumns) : "No ledger entries.",
        "",
        colors.bold("Recent referrals"),
        refs.length ? table(["ID", "USER", "STATUS"], refs.map((r) => [r.id, displayName(r.username, r.firstName), r.isQualified ? colors.green(r.status) : r.status])) : "None.",
      ].join("\n");
    });
  });

const ledgerCommand = pageOptions(
  new Command("ledger")
    .description("a user's whole ledger, newest first, a page at a time: every credit and debit behind the balance")
    .argument("<id>", "user id"),
  { max: 500 },
).addHelpText("after", `
When older entries exist, stderr says how to get the next page.

Examples:
  $ refbot users ledger 42
  $ refbot users ledger 42 --limit 500 --csv > user-42.csv`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, limit: limit(500), before, ...output }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    const rows = await findingUser(client, opts.id, () => client.userLedger(opts.id, { limit: opts.limit, before: opts.before }));
    const next = await nextPage(rows, opts.limit, (last) => client.userLedger(opts.id, { limit: 1, before: last }));
    emitList(rows, opts, ledgerColumns, opts.before ? `No ledger entries of user #${opts.id} before #${opts.before}.` : `User #${opts.id} has no ledger entries.`);
    noteNextPage(next, "ledger entries");
  });

const userLine = (u: AdminUser) => `#${u.id} ${userLabel(u)}`;

const ban = new Command("ban")
  .description("stop a user from earning and withdrawing (the bot tells them politely)")
  .argument("<id>", "user id")
  .option("--reason <text>", "kept with the ban and in the audit log")
  .option(...jsonOption)
  .addHelpText("after", '\nExample:\n  $ refbot users ban 42 --reason "multiple accounts"')
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, reason: z.string().trim().max(1000).optional(), json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    const user = await findingUser(client, opts.id, () => client.banUser(opts.id, opts.reason || undefined));
    emit(user, opts, (u) => `Banned ${userLine(u)}${u.banReason ? `: ${u.banReason}` : ""}.`);
  });

const unban = new Command("unban")
  .description("lift a ban")
  .argument("<id>", "user id")
  .option(...jsonOption)
  .addHelpText("after", "\nExample:\n  $ refbot users unban 42")
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    const user = await findingUser(client, opts.id, () => client.unbanUser(opts.id));
    emit(user, opts, (u) => `Unbanned ${userLine(u)}.`);
  });

const adjust = new Command("adjust")
  .description("credit (+) or debit (-) a balance, with a reason (ledger: admin_adjustment)")
  .argument("<id>", "user id")
  .requiredOption("--amount <usdt>", `e.g. 2, +1.50 or -0.75 (at most ${typedDecimals} decimals)`)
  .requiredOption("--reason <text>", "kept in the ledger and the audit log")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
One adjustment moves at most ${wholeUsdt(rules.maxAdjustment)} USDT. A debit larger than the balance is
refused (409 INSUFFICIENT_BALANCE), and so is a credit that would take the
balance past ${wholeUsdt(rules.maxBalance)} USDT (409 BALANCE_LIMIT). Every adjustment is
confirmed at a terminal; one above ${wholeUsdt(rules.largeAdjustment)} USDT either way needs --yes without one.

Examples:
  $ refbot users adjust 42 --amount 5 --reason "contest prize"
  $ refbot users adjust 42 --amount=-1.50 --reason "duplicate reward" --yes`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, amount: amount(amountRules.adjustment), reason: z.string().trim().min(1, "is required").max(1000), yes: z.boolean().optional(), json: z.boolean().optional() }), rawOptions, { id: rawId });
    const large = Math.abs(readAmount(opts.amount, amountRules.adjustment).micro ?? 0) > rules.largeAdjustment;
    const threshold = `${wholeUsdt(rules.largeAdjustment)} USDT`;
    if (large) requireYesWithoutTerminal(opts.yes, `--amount ${opts.amount} moves more than ${threshold}`);
    const client = await requireClient(command);
    const credit = !opts.amount.startsWith("-");
    const size = opts.amount.replace(/^-/, "");
    const note = large ? `${size} USDT is more than ${threshold}. ` : "";
    await confirmOrStop(`${note}${credit ? "Credit" : "Debit"} ${size} USDT ${credit ? "to" : "from"} user #${opts.id} (${opts.reason})?`, opts.yes);
    const answer = await findingUser(client, opts.id, () => client.adjustBalance(opts.id, opts.amount, opts.reason));
    emit(answer, opts, (a) => `${a.entry.type === "credit" ? "Credited" : "Debited"} ${a.entry.amount} USDT ${a.entry.type === "credit" ? "to" : "from"} ${userLine(a.user)}; balance now ${a.user.balanceUsdt} USDT.`);
  });

export const usersCommand = new Command("users")
  .description("find, show, page through ledgers, ban, unban, adjust balances")
  .addCommand(search)
  .addCommand(show)
  .addCommand(ledgerCommand)
  .addCommand(ban)
  .addCommand(unban)
  .addCommand(adjust);
