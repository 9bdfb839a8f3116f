// refbot risk list | show | clear | confirm | release-holds: the review of referral farms.
import { Command, Option } from "commander";
import { z } from "zod";
import { riskStatuses } from "@/domain/model/index.ts";
import { ledgerReasonLabel } from "@/domain/labels.ts";
import type { FlaggedUserDto as Flagged, RiskCaseDto as RiskCase } from "@/api/contract.ts";
import { CliError, exitCodes } from "@/cli/errors.ts";
import { findingUser } from "@/cli/find-user.ts";
import { fieldsHelp, fieldsOf, jsonFields, jsonFieldsOption } from "@/cli/json-fields.ts";
import { before, id, jsonOption, limit, parse, yesOption } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { age, status, truncate, userLabel, when, wrapWords, yesNo } from "@/cli/output/format.ts";
import { emit, emitList, type Column } from "@/cli/output/print.ts";
import { details, screenWidth, table } from "@/cli/output/table.ts";
import { nextPage, noteNextPage, pageOptions } from "@/cli/paging.ts";
import { confirmOrStop, interactive } from "@/cli/prompts.ts";
import { requireClient } from "@/cli/session.ts";
import { confirmCommand } from "@/cli/commands/risk-confirm.ts";

type Signal = Flagged["signals"][number];

/** Heaviest first: what made the score. */
const bySize = (signals: Signal[]) => signals.toSorted((a, b) => b.weight - a.weight || a.name.localeCompare(b.name));
const who = (u: { userId: number; username: string | null; firstName: string | null; tgId: number }) => `#${u.userId} ${userLabel(u)}`;

const score: Column<Flagged> = { header: "score", value: (f) => f.score, align: "right" };
const riskState: Column<Flagged> = { header: "status", value: (f) => f.status, display: (f) => status(f.status ?? "-") };
const balance: Column<Flagged> = { header: "balance", value: (f) => f.balanceUsdt, align: "right" };
const held: Column<Flagged> = { header: "held", value: (f) => f.heldUsdt, align: "right" };
// One signal a line in the table; one cell "name:weight;name:weight" in CSV.
const signals: Column<Flagged> = {
  header: "signals",
  value: (f) => bySize(f.signals).map((s) => `${s.name}:${s.weight}`).join(";"),
  display: (f) => bySize(f.signals).map((s) => `${String(s.weight).padStart(2)} ${s.name}`).join("\n") || "-",
  flex: true,
};

const columns: Column<Flagged>[] = [
  { header: "user", value: (f) => f.userId, display: (f) => truncate(who(f), 18) },
  score,
  riskState,
  balance,
  held,
  { header: "refs", value: (f) => f.qualifiedReferrals, display: (f) => `${f.qualifiedReferrals}/${f.totalInvited}`, align: "right" },
  signals,
];

const csvColumns: Column<Flagged>[] = [
  { header: "user id", value: (f) => f.userId },
  { header: "username", value: (f) => f.username },
  { header: "tg id", value: (f) => f.tgId },
  score,
  riskState,
  { header: "banned", value: (f) => f.isBanned },
  balance,
  held,
  { header: "qualified referrals", value: (f) => f.qualifiedReferrals },
  { header: "invited", value: (f) => f.totalInvited },
  signals,
];

const fields = fieldsOf<Flagged>()("userId", "tgId", "username", "firstName", "score", "status", "isBanned", "balanceUsdt", "heldUsdt", "qualifiedReferrals", "totalInvited", "signals");

const list = pageOptions(
  new Command("list")
    .description("users the referral-farm signals flagged, newest account first")
    .addOption(new Option("--status <status>", "flagged (waiting for review), cleared or confirmed").choices(riskStatuses).default("flagged")),
  { max: 200, json: jsonFieldsOption },
).addHelpText("after", `
REFS is qualified/invited referrals. Each signal shows its weight; the score
is their sum. --json gives each signal's evidence too; CSV puts the signals
in one cell as name:weight;name:weight. Paged by user id: when more users
exist, stderr says how to get the next page.

${fieldsHelp(fields)}

Examples:
  $ refbot risk list
  $ refbot risk list --status confirmed --csv > confirmed.csv
  $ refbot risk list --json userId,score,signals --before 1200`)
  .action(async (rawOptions, command: Command) => {
    const schema = z.object({ status: z.enum(riskStatuses), limit: limit(200), before, json: jsonFields(fields), csv: z.boolean().optional() });
    const opts = parse(schema, rawOptions);
    const client = await requireClient(command);
    const query = { status: opts.status, limit: opts.limit, before: opts.before };
    const rows = await client.flaggedUsers(query);
    // The API pages by user id, which these rows call userId.
    const next = await nextPage(rows.map((r) => ({ id: r.userId })), opts.limit, (last) => client.flaggedUsers({ ...query, limit: 1, before: last }));
    const kind = `${opts.status} users`;
    emitList(rows, opts, opts.csv ? csvColumns : columns, opts.before ? `No ${kind} before #${opts.before}.` : `No ${kind}.`);
    noteNextPage(next, kind);
  });

/** Evidence as key=value words; a long text is cut (--json has it whole). */
function evidenceWords(evidence: Record<string, unknown>): string[] {
  const shown = (value: unknown): string => {
    if (Array.isArray(value)) return value.map(shown).join(",");
    if (value !== null && typeof value === "object") return JSON.stringify(value);
    const text = truncate(String(value), 60);
    return /[\s"=]/.test(text) ? JSON.stringify(text) : text;
  };
  return Object.entries(evidence).map(([key, value]) => `${key}=${shown(value)}`);
}

function signalLines(signals: Signal[]): string {
  if (signals.length === 0) return "No signals.";
  const nameWidth = Math.max(...signals.map((s) => s.name.length));
  return bySize(signals)
    .map((s) => {
      const head = `  ${String(s.weight).padStart(3)}  ${s.name.padEnd(nameWidth)}  ${age(s.at).padStart(3)}  `;
      const words = evidenceWords(s.evidence);
      return head + (words.length ? wrapWords(words, head.length, screenWidth()) : "-");
    })
    .join("\n");
}

const riskOf = (r: { riskScore: number; riskStatus: string | null }) => (r.riskStatus ? `${r.riskScore} ${status(r.riskStatus)}` : r.riskScore ? String(r.riskScore) : "-");

function referredTable(referred: RiskCase["referred"], shown: number): string {
  if (referred.length === 0) return "None.";
  const rows = referred.slice(0, shown).map((r) => [
    r.id,
    r.tgId,
    userLabel(r),
    age(r.joinedAt),
    r.qualifiedAt ? age(r.qualifiedAt) : "-",
    yesNo(r.channelJoined),
    riskOf(r),
    r.isBanned ? colors.red("yes") : "no",
  ]);
  const more = referred.length > shown ? `\n… and ${referred.length - shown} more (--referred ${referred.length}, or --json)` : "";
  return table(["ID", "TG ID", "USER", "JOINED", "QUALIFIED", "CHANNEL", "RISK", "BANNED"], rows, { align: ["right", "left", "left", "right", "right", "left", "left", "left"], flex: 2 }) + more;
}

function clientsTable(clients: RiskCase["clients"]): string {
  if (clients.length === 0) return "None recorded (only public addresses are, while RISK_FLAG_SCORE is set).";
  const others = (ids: number[]) => (ids.length === 0 ? "none" : `${ids.length}: ${truncate(ids.map((n) => `#${n}`).join(" "), 20)}`);
  const rows = clients.map((c) => [c.address, age(c.seenAt), others(c.sharedWith), c.userAgent || "-"]);
  return table(["ADDRESS", "SEEN", "OTHER ACCOUNTS", "USER AGENT"], rows, { align: ["left", "right", "left", "left"], flex: 3 });
}

function holdsTable(holds: RiskCase["holds"]): string {
  if (holds.length === 0) return "None.";
  const rows = holds.map((h) => [`#${h.referredId}`, ledgerReasonLabel(h.reason), h.amountUsdt, h.status, h.status === "held" ? when(h.releaseAt) : when(h.settledAt)]);
  return table(["FOR", "REASON", "AMOUNT", "STATUS", "RELEASE/SETTLED"], rows, { align: ["right", "left", "right", "left", "left"] });
}

function referrerText(r: RiskCase["referrer"]): string {
  return r ? `#${r.id} ${userLabel(r)} (Telegram id ${r.tgId})` : "nobody";
}

function caseText(c: RiskCase, shown: number): string {
  const w = c.openWithdrawal;
  const referred = c.referred;
  const tally = `${referred.filter((r) => r.qualifiedAt).length} qualified, ${referred.filter((r) => r.riskStatus === "flagged").length} flagged, ${referred.filter((r) => r.isBanned).length} banned`;
  const next = c.status === "flagged" ? `\n\n${colors.dim(`Decide: refbot risk clear ${c.userId}, or refbot risk confirm ${c.userId} --farm all|<ids>`)}` : "";
  return [
    colors.bold(`User #${c.userId} ${userLabel(c)}: ${c.status ? status(c.status) : "not flagged"}, score ${c.score}`),
    details([
      ["Telegram id", c.tgId],
      ["Banned", c.isBanned ? colors.red("yes") : "no"],
      ["Balance", `${c.balanceUsdt} USDT, ${c.heldUsdt} USDT held`],
      ["Referrals", `${c.qualifiedReferrals} qualified, ${c.totalInvited} invited`],
      ["Referred by", referrerText(c.referrer)],
      ["Withdrawal", w ? `#${w.id} ${status(w.status)}, ${w.amountUsdt} USDT` : "none open"],
    ]),
    "",
    colors.bold("Signals (weight, name, age, evidence)"),
    signalLines(c.signals),
    "",
    // The case lists the first referred accounts; the count of all of them is the user's.
    colors.bold(`Referred accounts (${referred.length}${c.totalInvited > referred.length ? ` of ${c.totalInvited}` : ""}: ${tally})`),
    referredTable(referred, shown),
    "",
    colors.bold(`Clients (${c.clients.length})`),
    clientsTable(c.clients),
    "",
    colors.bold(`Bonus holds (${c.holds.length})`),
    holdsTable(c.holds),
  ].join("\n") + next;
}

const referredShown = 30;

const show = new Command("show")
  .description("one user's case: signals and evidence, referrer, referrals, clients, holds")
  .argument("<userId>", "user id (as in `risk list`)")
  .option("--referred <n>", "how many referred accounts to list (1-1000)", String(referredShown))
  .option(...jsonOption)
  .addHelpText("after", `
Clients are the address and user agent the mini app was opened from, with the
other accounts seen there. Bonus holds are the referral bonuses this user
earned that wait out REFERRAL_HOLD_HOURS, and how each was settled. --json
has every referred account and each signal's whole evidence.

Example:
  $ refbot risk show 42`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, referred: limit(1000), json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    const found = await findingUser(client, opts.id, () => client.riskCase(opts.id));
    emit(found, opts, (c) => caseText(c, opts.referred ?? referredShown));
  });

const clear = new Command("clear")
  .description("not fraud: the flag goes, a withdrawal in review joins the pending queue")
  .argument("<userId>", "user id")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
Only a flagged user can be cleared; a cleared user is not flagged again. Its
held bonuses are paid when their hold ends.

Example:
  $ refbot risk clear 42`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, yes: z.boolean().optional(), json: z.boolean().optional() }), rawOptions, { id: rawId });
    const client = await requireClient(command);
    if (!opts.yes && interactive()) {
      const c = await findingUser(client, opts.id, () => client.riskCase(opts.id));
      const w = c.openWithdrawal?.status === "review" ? ` Withdrawal #${c.openWithdrawal.id} (${c.openWithdrawal.amountUsdt} USDT) goes to pending.` : "";
      await confirmOrStop(`Clear user #${c.userId} ${userLabel(c)} (score ${c.score})?${w}`, opts.yes);
    }
    const answer = await findingUser(client, opts.id, () => client.clearRisk(opts.id));
    emit(answer, opts, (a) => {
      const moved = a.withdrawalToPending === null ? "No withdrawal was waiting in review." : `Withdrawal #${a.withdrawalToPending} moved from review to the pending queue.`;
      return `Cleared user #${a.userId}: no longer flagged.\n${moved}`;
    });
  });

const releaseHolds = new Command("release-holds")
  .description("settle the held referral bonuses that are due (for cron)")
  .option(...jsonOption)
  .addHelpText("after", `
A bonus whose REFERRAL_HOLD_HOURS are over is paid if the friend is still in
the channel and forfeited if not; while either side is flagged or confirmed it
is kept for the review. The server does this itself once a minute; the command
runs it now. When Telegram cannot say whether friends are in the channel,
those bonuses stay held for the next run and the command exits 5.

Examples:
  $ refbot risk release-holds
  crontab line:
  */10 * * * * refbot risk release-holds >> /var/log/refbot-holds.log 2>&1`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    const report = await client.releaseHolds();
    emit(report, opts, (r) => `Released ${r.released} held bonuses into balances; forfeited ${r.forfeited} (the friend left).\nKept ${r.kept} for the risk review; unchecked ${r.unchecked}.`);
    // Cron must see that some bonuses could not be settled, as `broadcast flush` does in an outage.
    if (report.unchecked > 0) {
      throw new CliError(`Telegram could not say whether ${report.unchecked} referred users are still in the channel; their bonuses stay held until the next run`, exitCodes.telegramUnreachable);
    }
  });

export const riskCommand = new Command("risk")
  .description("the referral-farm review: flagged users, their cases, clear or confirm")
  .addHelpText("after", `
Signals add up to a user's score; at RISK_FLAG_SCORE the user is flagged, and
its withdrawals wait in review (\`withdrawals list --status review\`) until an
admin clears the user or confirms the fraud.

Examples:
  $ refbot risk list
  $ refbot risk show 42
  $ refbot risk confirm 42 --farm all`)
  .addCommand(list)
  .addCommand(show)
  .addCommand(clear)
  .addCommand(confirmCommand)
  .addCommand(releaseHolds);
