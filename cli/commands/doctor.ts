// refbot doctor: this machine's configuration, database and bot checked, one line each, with the fix.
import { Command } from "commander";
import { z } from "zod";
import { summarize, type Check, type CheckStatus } from "@/domain/doctor.ts";
import { CliError } from "@/cli/errors.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { emit } from "@/cli/output/print.ts";

const paint: Record<CheckStatus, (text: string) => string> = { ok: colors.green, warn: colors.yellow, fail: colors.red };

function report(checks: Check[]): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  const lines = checks.map((c) => {
    const line = `${paint[c.status](c.status.padEnd(4))}  ${c.name.padEnd(width)}  ${c.message}`;
    return c.fix ? `${line}\n${" ".repeat(width + 8)}${colors.dim("fix:")} ${c.fix}` : line;
  });
  const { ok, warn, fail } = summarize(checks);
  const verdict = fail > 0 ? colors.red(`${fail} failed`) : warn > 0 ? colors.yellow("no failure") : colors.green("all good");
  return `${lines.join("\n")}\n\n${verdict}: ${ok} ok, ${warn} warning(s), ${fail} failure(s).`;
}

export const doctorCommand = new Command("doctor")
  .description("(server: local configuration) check the configuration, database, bot, channel, webhook, secrets, disk and backups")
  .option(...jsonOption)
  .addHelpText("after", `
Runs where the server runs, on its configuration (the environment and .env in
this directory) and its database, which it reads without changing. Each check
prints ok, warn or fail, and a fix for what is not ok. Exits 1 when any check
fails. The admin panel's Setup page shows the same checks.
--json prints the checks as an array of {name, status, message, fix}.

Examples:
  $ refbot doctor
  $ refbot doctor --json | jq '.[] | select(.status != "ok")'`)
  .action(async (rawOptions) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    // Loaded here: the API commands should not load the database layer or grammY.
    const { localDoctor } = await import("@/doctor/local.ts");
    const checks = await localDoctor(process.env);
    emit(checks, opts, report);
    const failed = checks.filter((c) => c.status === "fail").length;
    if (failed > 0) throw new CliError(`${failed} check(s) failed`);
  });
