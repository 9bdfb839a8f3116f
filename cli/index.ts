// `refbot`: registers the commands and hands every failure to the one error handler.
import { Command } from "commander";
import packageJson from "@/package.json" with { type: "json" };
import { adminCommand } from "./commands/admin.ts";
import { adminsCommand } from "./commands/admins.ts";
import { auditCommand } from "./commands/audit.ts";
import { botCommand } from "./commands/bot.ts";
import { authCommands } from "./commands/auth.ts";
import { broadcastCommand } from "./commands/broadcast.ts";
import { completionCommand } from "./commands/completion.ts";
import { dbCommand } from "./commands/db/index.ts";
import { doctorCommand } from "./commands/doctor.ts";
import { leaderboardCommand } from "./commands/leaderboard.ts";
import { riskCommand } from "./commands/risk.ts";
import { settingsCommand } from "./commands/settings.ts";
import { setupCommand } from "./commands/setup.ts";
import { statsCommand } from "./commands/stats.ts";
import { tasksCommand } from "./commands/tasks.ts";
import { tokensCommand } from "./commands/tokens.ts";
import { usersCommand } from "./commands/users.ts";
import { withdrawalsCommand } from "./commands/withdrawals.ts";
import { walletCommand } from "./commands/wallet.ts";
import { defaultApiUrl } from "./config.ts";
import { handleError } from "./errors.ts";
import { stderrColors } from "./output/colors.ts";

// `refbot … | head` closes the pipe before the output ends: stop quietly, as Unix tools do.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});

const program = new Command("refbot")
  .description("Run refbot from a terminal: payouts, the referral-farm review, tasks, users, broadcasts and figures over the API, and maintenance of the local database on the server.")
  .version(packageJson.version)
  .option("--api-url <url>", `API address (REFBOT_API_URL; default: where you logged in, else ${defaultApiUrl})`)
  .showSuggestionAfterError()
  .addHelpText("after", `
Sign in once with \`refbot login\`; REFBOT_TOKEN overrides the saved token.
Every command takes --help; reads and actions take --json. Lists also take
--csv, pick fields with --json id,status, and page with --before (stderr says
what to run for the next page).
Exit codes: 0 ok, 1 failed, 2 bad usage, 3 not logged in, 4 API unreachable,
5 Telegram unreachable, 6-11 \`db restore\` refused (its --help says why).
Tab completion: \`refbot completion --help\`.

Examples:
  $ refbot login
  $ refbot withdrawals list --status pending
  $ refbot withdrawals approve 12 13 --yes
  $ refbot db check --db /srv/refbot/data/refbot.sqlite`);

program.commandsGroup("Session:");
for (const command of authCommands) program.addCommand(command);
program.commandsGroup("Admin (over the API):");
for (const command of [statsCommand, withdrawalsCommand, riskCommand, tasksCommand, usersCommand, leaderboardCommand, broadcastCommand, auditCommand, adminsCommand, tokensCommand, settingsCommand, walletCommand]) program.addCommand(command);
program.commandsGroup("Server (local database, run on the server):");
program.addCommand(setupCommand);
program.addCommand(adminCommand);
program.addCommand(dbCommand);
program.addCommand(doctorCommand);
program.addCommand(botCommand);
program.commandsGroup("Shell:");
program.addCommand(completionCommand);

// Subcommands added with addCommand do not inherit these settings, so they are applied to all:
// commander then throws instead of exiting, and its messages go through our colours.
const everyCommand = (c: Command): Command[] => [c, ...c.commands.flatMap(everyCommand)];
for (const command of everyCommand(program)) {
  command.exitOverride();
  command.configureOutput({ outputError: (text, write) => write(`${stderrColors.red("error:")} ${text.replace(/^error: /, "")}`) });
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = handleError(error);
}
