// refbot users search | show | ban | unban | adjust.
import { Command } from "commander";
import { z } from "zod";
import { displayName } from "@/domain/display-name.ts";
import { ledgerReasonLabel } from "@/domain/labels.ts";
import { wholeUsdt } from "@/domain/money.ts";
import { amountRules, rules } from "@/domain/rules.ts";
import type { AdminUserDto as AdminUser, LedgerEntryDto as LedgerEntry } from "@/api/http/contract.ts";
import { amount, csvOption, id, jsonOption, limit, output, parse, yesOption } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { truncate, userLabel, when, yesNo } from "@/cli/output/format.ts";
import { emit, emitList, type Column } from "@/cli/output/print.ts";
import { details, table } from "@/cli/output/table.ts";
import { confirmOrStop } from "@/cli/prompts.ts";
import { requireClient } from "@/cli/session.ts";

const name = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(" ") || "-";

const columns: Column<AdminUser>[] = [
  { header: "id", value: (u) => u.id, align: "right" },
  { header: "tg id", value: (u) => u.tgId },
  { header: "username", value: (u) => u.username, display: (u) => displayName(u.username && truncate(u.username, 16), "-") },
  { header: "name", value: name, display: (u) => truncate(name(u), 14) },
  { header: "balance", value: (u) => u.balanceUsdt, align: "right" },
  { header: "refs", value: (u) => u.qualifiedReferrals, align: "right" },
  { header: "banned", value: (u) => u.isBanned, display: (u) => (u.isBanned ? colors.red("yes") : "no") },
];

const csvColumns: Column<AdminUser>[] = [
  ...columns,
  { header: "wallet", value: (u) => u.walletBep20 },
  { header: "total earned", value: (u) => u.totalEarned },
  { header: "tasks completed", value: (u) => u.tasksCompleted },
  { header: "created at", value: (u) => u.createdAt },
];

const search = new Command("search")
  .description("find users by username, Telegram id or wallet (no text: the newest users)")
  .argument("[text]", "part of a username, a Telegram id or a wallet address")
  .option("--limit <n>", "how many (1-200)", "50")
  .option(...jsonOption)
  .option(...csvOption)
  .addHelpText("after", "\nExamples:\n  $ refbot users search alice\n  $ refbot users search 0x12ab --json\n  $ refbot users search --limit 200 --csv > users.csv")
  .action(async (text: string | undefined, rawOptions, command: Command) => {
    const opts = parse(z.object({ limit: limit(200), text: z.string().trim().max(200).optional(), ...output }), rawOptions, { text });
    const client = await requireClient(command);
    const rows = await client.users({ search: opts.text || undefined, limit: opts.limit });
    emitList(rows, opts, opts.csv ? csvColumns : columns, "No users match.");
  });

const ledgerTable = (entries: LedgerEntry[]) =>
  table(
    ["ID", "WHEN (UTC)", "AMOUNT", "REASON", "NOTE"],
    entries.map((e) => [e.id, when(e.createdAt), e.type === "credit" ? colors.green(`+${e.amount}`) : colors.red(`-${e.amount}`), ledgerReasonLabel(e.reason), e.note ?? ""]),
    { align: ["right", "left", "right", "left", "left"], flex: 4 },
  );

const show = new Command("show")
  .description("a user's profile, balance, latest ledger entries, referrals and activity")
  .argument("<id>", "user id (as in `users search`)")
  .option("--ledger <n>", "how many ledger entries (1-500)", "10")
  .option(...jsonOption)
  .addHelpText("after", "\nExample:\n  $ refbot users show 42")
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, ledger: limit(500), json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    const [user, ledger, referrals, activity] = await Promise.all([client.user(opts.id), client.userLedger(opts.id, opts.ledger), client.userReferrals(opts.id), client.userActivity(opts.id)]);
    emit({ user, ledger, referrals, activity }, opts, (d) => {
      const u = d.user;
      const refs = d.referrals.recentReferrals;
      return [
        colors.bold(`User #${u.id} ${userLabel(u)}`),
        details([
          ["Name", name(u)],
          ["Telegram id", u.tgId],
          ["Balance", `${u.balanceUsdt} USDT`],
          ["Earned", `${u.totalEarned} USDT total, ${u.earnedToday} today`],
          ["Wallet", u.walletBep20 ?? "-"],
          ["Referrals", `${u.qualifiedReferrals}/${u.targetReferrals} qualified, ${u.totalInvited} invited`],
          ["Streak", `${d.activity.currentStreak} days, ${d.activity.tasksCompleted} tasks done`],
          ["Channel joined", yesNo(u.channelJoined)],
          ["Reachable", u.isActive ? "yes" : "no (blocked the bot)"],
          ["Banned", u.isBanned ? colors.red(`yes${u.banReason ? `: ${u.banReason}` : ""}`) : "no"],
          ["Registered", when(u.createdAt)],
          ["Last activity", when(d.activity.lastActivity)],
          ["Referral link", d.referrals.referralLink],
        ]),
        "",
        colors.bold(`Ledger (latest ${d.ledger.length})`),
        d.ledger.length ? ledgerTable(d.ledger) : "No ledger entries.",
        "",
        colors.bold("Recent referrals"),
        refs.length ? table(["ID", "USER", "STATUS"], refs.map((r) => [r.id, displayName(r.username, r.firstName), r.isQualified ? colors.green(r.status) : r.status])) : "None.",
      ].join("\n");
    });
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
    const user = await client.banUser(opts.id, opts.reason || undefined);
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
    const user = await client.unbanUser(opts.id);
    emit(user, opts, (u) => `Unbanned ${userLine(u)}.`);
  });

const adjust = new Command("adjust")
  .description("credit (+) or debit (-) a balance, with a reason (ledger: admin_adjustment)")
  .argument("<id>", "user id")
  .requiredOption("--amount <usdt>", "e.g. 2, +1.50 or -0.75 (at most 2 decimals)")
  .requiredOption("--reason <text>", "kept in the ledger and the audit log")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
One adjustment moves at most ${wholeUsdt(rules.maxAdjustment)} USDT. A debit larger than the balance is
refused (409 INSUFFICIENT_BALANCE), and so is a credit that would take the
balance past ${wholeUsdt(rules.maxBalance)} USDT (409 BALANCE_LIMIT).

Examples:
  $ refbot users adjust 42 --amount 5 --reason "contest prize"
  $ refbot users adjust 42 --amount=-1.50 --reason "duplicate reward" --yes`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, amount: amount(amountRules.adjustment), reason: z.string().trim().min(1, "is required").max(1000), yes: z.boolean().optional(), json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    const credit = !opts.amount.startsWith("-");
    await confirmOrStop(`${credit ? "Credit" : "Debit"} ${opts.amount.replace(/^-/, "")} USDT ${credit ? "to" : "from"} user #${opts.id} (${opts.reason})?`, opts.yes);
    const answer = await client.adjustBalance(opts.id, opts.amount, opts.reason);
    emit(answer, opts, (a) => `${a.entry.type === "credit" ? "Credited" : "Debited"} ${a.entry.amount} USDT ${a.entry.type === "credit" ? "to" : "from"} ${userLine(a.user)}; balance now ${a.user.balanceUsdt} USDT.`);
  });

export const usersCommand = new Command("users")
  .description("find, show, ban, unban, adjust balances")
  .addCommand(search)
  .addCommand(show)
  .addCommand(ban)
  .addCommand(unban)
  .addCommand(adjust);
