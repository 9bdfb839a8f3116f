// refbot risk confirm: fraud confirmed, the user and its farm banned, money taken back, and the
// report of it. Registered by risk.ts; a file of its own for its question and its report.
import { Command } from "commander";
import { z } from "zod";
import { formatUsdt, usdt } from "@/domain/money.ts";
import type { RiskCaseDto as RiskCase, RiskConfirmDto as Report } from "@/api/contract.ts";
import { findingUser } from "@/cli/find-user.ts";
import { id, jsonOption, parse, yesOption } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { userLabel, wrapWords } from "@/cli/output/format.ts";
import { screenWidth } from "@/cli/output/table.ts";
import { emit } from "@/cli/output/print.ts";
import { confirmOrStop, requireYesWithoutTerminal } from "@/cli/prompts.ts";
import { requireClient } from "@/cli/session.ts";

/** --farm: "all", or the ids of accounts the user referred; left out, the user alone. */
const farm = z
  .string()
  .optional()
  .transform((text, ctx): number[] | "all" => {
    if (text === undefined) return [];
    if (text.trim().toLowerCase() === "all") return "all";
    const parsed = z.array(id).min(1).safeParse(text.split(",").map((part) => part.trim()).filter(Boolean));
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: 'must be "all" or user ids separated by commas, e.g. 43,44' });
      return z.NEVER;
    }
    return [...new Set(parsed.data)];
  });

const accounts = (n: number) => `${n} ${n === 1 ? "account" : "accounts"}`;
/** "Banned 3 accounts: #1, #2, #3", wrapped to the screen; a big farm's ids are all in --json. */
function bannedLine(ids: number[], max = 40): string {
  const head = `Banned ${accounts(ids.length)}: `;
  const words = ids.slice(0, max).map((n, i) => `#${n}${i < ids.length - 1 ? "," : ""}`);
  if (ids.length > max) words.push("…", "and", `${ids.length - max}`, "more", "(--json)");
  return head + wrapWords(words, head.length, screenWidth());
}

/** What the confirmation will ban, for the person asked: the user, then the farm accounts named. */
function question(c: RiskCase, chosen: number[] | "all"): { lines: string; ask: string } {
  const referred = new Map(c.referred.map((r) => [r.id, r]));
  const ids = chosen === "all" ? c.referred.map((r) => r.id) : chosen;
  // The case lists at most its first referred accounts; the count of all of them is the user's.
  const farmSize = chosen === "all" ? Math.max(c.totalInvited, ids.length) : ids.length;
  const shown = ids.slice(0, 10).map((n) => {
    const r = referred.get(n);
    if (!r) return `  #${n}  not referred by #${c.userId}: the server will refuse`;
    return `  #${n}  ${userLabel(r)}, referred${r.isBanned ? ", already banned" : ""}`;
  });
  const more = farmSize > shown.length ? [`  … and ${farmSize - shown.length} more referred accounts`] : [];
  const w = c.openWithdrawal ? `; withdrawal #${c.openWithdrawal.id} (${c.openWithdrawal.amountUsdt} USDT) is refunded` : "";
  const lines = [`  #${c.userId}  ${userLabel(c)}, score ${c.score}, ${c.status ?? "not flagged"}${w}`, ...shown, ...more].join("\n");
  const whom = farmSize === 0 ? `user #${c.userId} alone (not the ${c.totalInvited} it referred)` : `${accounts(1 + farmSize)} (#${c.userId} and ${farmSize} it referred)`;
  return { lines, ask: `Ban ${whom}, refund and take back bonuses?` };
}

type Money = { amount: string };
const total = (items: Money[]) => formatUsdt(items.reduce((sum, item) => sum + usdt(item.amount), 0));
const bonus = (b: Report["bonusesReversed"][number]) => `${b.amount} USDT  to #${b.referrerId} for referring #${b.referredId}`;

function section<T extends Money>(title: string, items: T[], line: (item: T) => string): string[] {
  if (items.length === 0) return [`${title}: none`];
  return [`${title}: ${items.length}, ${total(items)} USDT`, ...items.map((item) => `  ${line(item)}`)];
}

export function confirmReport(r: Report): string {
  const lost = r.notReversed;
  const notTaken = lost.length
    ? [
        colors.red(`NOT TAKEN BACK: ${lost.length}, ${total(lost)} USDT (already spent; no balance went below zero)`),
        ...lost.map((b) => colors.red(`  ! ${bonus(b)}`)),
      ]
    : ["Not taken back: none"];
  return [
    colors.bold(`Fraud confirmed for user #${r.userId}.`),
    bannedLine(r.banned),
    ...section("Withdrawals refunded", r.withdrawalsRefunded, (w) => `#${w.id}  ${w.amount} USDT to user #${w.userId}`),
    ...section("Held bonuses reversed", r.holdsReversed, bonus),
    ...section("Paid bonuses taken back", r.bonusesReversed, bonus),
    ...notTaken,
  ].join("\n");
}

export const confirmCommand = new Command("confirm")
  .description("fraud: ban the user (and --farm), refund, take back referral bonuses")
  .argument("<userId>", "user id")
  .option("--farm <ids>", 'also ban accounts it referred: "all", or ids such as 43,44')
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
Bans the user and the accounts it referred that --farm names (all of them with
--farm all; none without --farm), refunds their open withdrawals, reverses
their held bonuses and takes back the bonuses already paid for them, as far as
the referrer's balance allows: what was already spent is listed as not taken
back, never forced below zero. At a terminal it asks first, naming how many
accounts are banned; without one it needs --yes.

Examples:
  $ refbot risk confirm 42 --farm all
  $ refbot risk confirm 42 --farm 43,44,47 --yes --json`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, farm, yes: z.boolean().optional(), json: z.boolean().optional() }), rawOptions, { id: rawId });
    requireYesWithoutTerminal(opts.yes, "risk confirm bans accounts and takes back bonuses");
    const client = await requireClient(command);
    if (!opts.yes) {
      const c = await findingUser(client, opts.id, () => client.riskCase(opts.id));
      const { lines, ask } = question(c, opts.farm);
      process.stderr.write(`${lines}\n`);
      await confirmOrStop(ask, opts.yes);
    }
    const report = await findingUser(client, opts.id, () => client.confirmFraud(opts.id, opts.farm));
    emit(report, opts, confirmReport);
  });
