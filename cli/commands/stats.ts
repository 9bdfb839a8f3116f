// refbot stats: the dashboard figures and the activity series.
import { Command } from "commander";
import { z } from "zod";
import { jsonOption, parse } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { emit } from "@/cli/output/print.ts";
import { details, table } from "@/cli/output/table.ts";
import { requireClient } from "@/cli/session.ts";

const options = z.object({ weekly: z.boolean().optional(), json: z.boolean().optional() });

export const statsCommand = new Command("stats")
  .description("dashboard figures and recent activity")
  .option("--weekly", "activity by week (8 weeks, each starting on its Monday) instead of by day")
  .option(...jsonOption)
  .addHelpText("after", `
Days are UTC. ACTIVE counts users who did something that day, COMPLETIONS
counts tasks done.

Examples:
  $ refbot stats
  $ refbot stats --weekly --json | jq '.activity[-1]'`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(options, rawOptions);
    const client = await requireClient(command);
    const range = opts.weekly ? "weekly" : "daily";
    const [stats, activity] = await Promise.all([client.stats(), client.activityStats(range)]);
    emit({ ...stats, range, activity }, opts, (d) =>
      [
        details([
          ["Total users", d.totalUsers],
          ["Verified joins", d.verifiedJoins],
          ["Active today", d.activeToday],
          ["Pending withdrawals", d.pendingWithdrawals > 0 ? colors.yellow(String(d.pendingWithdrawals)) : 0],
          ["Bot", d.botActive ? colors.green("running") : colors.dim("off")],
        ]),
        "",
        colors.bold(d.range === "weekly" ? "Activity by week (UTC, week of)" : "Activity by day (UTC)"),
        table(
          [d.range === "weekly" ? "WEEK OF" : "DAY", "ACTIVE", "REGISTRATIONS", "COMPLETIONS"],
          d.activity.map((p) => [p.day, p.activity, p.registrations, p.completions]),
          { align: ["left", "right", "right", "right"] },
        ),
      ].join("\n"),
    );
  });
