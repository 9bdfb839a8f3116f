// refbot leaderboard earnings | referrals | activity.
import { Argument, Command } from "commander";
import { z } from "zod";
import { displayName } from "@/domain/display-name.ts";
import { leaderboardCategories, type LeaderboardCategory } from "@/domain/leaderboard.ts";
import type { LeaderboardEntryDto as LeaderboardEntry } from "@/api/contract.ts";
import { argumentsAfterJson, fieldsHelp, jsonFields, jsonFieldsOption } from "@/cli/json-fields.ts";
import { csvOption, limit, parse } from "@/cli/options.ts";
import { truncate } from "@/cli/output/format.ts";
import { emitList, type Column } from "@/cli/output/print.ts";
import { requireClient } from "@/cli/session.ts";

const common: Column<LeaderboardEntry>[] = [
  { header: "rank", value: (e) => e.rank, align: "right" },
  { header: "id", value: (e) => e.id, align: "right" },
  { header: "tg id", value: (e) => e.tgId },
  { header: "username", value: (e) => e.username, display: (e) => displayName(e.username && truncate(e.username, 18), "-") },
  { header: "first name", value: (e) => e.firstName, display: (e) => truncate(e.firstName ?? "-", 14) },
];

const figures: Record<LeaderboardCategory, Column<LeaderboardEntry>[]> = {
  earnings: [
    { header: "total earned", value: (e) => e.totalEarned, align: "right" },
    { header: "balance", value: (e) => e.balance, align: "right" },
  ],
  referrals: [{ header: "referrals", value: (e) => e.referralCount, align: "right" }],
  activity: [
    { header: "tasks", value: (e) => e.taskCount, align: "right" },
    { header: "streak", value: (e) => e.currentStreak, align: "right" },
  ],
};

const commonFields = ["rank", "id", "tgId", "username", "firstName"] as const satisfies readonly (keyof LeaderboardEntry)[];
const fields: Record<LeaderboardCategory, readonly (keyof LeaderboardEntry)[]> = {
  earnings: [...commonFields, "totalEarned", "balance"],
  referrals: [...commonFields, "referralCount"],
  activity: [...commonFields, "taskCount", "currentStreak"],
};
const fieldsByCategory = leaderboardCategories.map((c) => `  ${c}: ${fields[c].slice(commonFields.length).join(", ")}`).join("\n");

export const leaderboardCommand = new Command("leaderboard")
  .description("top users by earnings, referrals or activity (tasks done)")
  .addArgument(new Argument("<category>", "what to rank by").choices(leaderboardCategories))
  .option("--limit <n>", "how many (1-100)", "10")
  .option(...jsonFieldsOption)
  .option(...csvOption)
  .addHelpText("after", `
Banned users are left out; ties go to the user who joined first.

${fieldsHelp(commonFields, "Fields for --json, on every board:")}
and on each board its own:
${fieldsByCategory}

Examples:
  $ refbot leaderboard earnings
  $ refbot leaderboard referrals --limit 50 --csv > top-referrers.csv`)
  .action(async (category: string, rawOptions, command: Command) => {
    const chosen = z.enum(leaderboardCategories).safeParse(category).data;
    const schema = z.object({ category: z.enum(leaderboardCategories), limit: limit(100), json: jsonFields(chosen ? fields[chosen] : []), csv: z.boolean().optional() });
    const opts = parse(schema, rawOptions, { category });
    const client = await requireClient(command);
    const rows = await client.leaderboard(opts.category, opts.limit);
    emitList(rows, opts, [...common, ...figures[opts.category]], "Nobody on this board yet.");
  });

argumentsAfterJson(leaderboardCommand, [...new Set(Object.values(fields).flat())]);
