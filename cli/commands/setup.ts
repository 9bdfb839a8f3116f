// refbot setup: a new installation made ready for real users in one run: the bot token and the
// channel checked with Telegram, .env written (0600), the database created and migrated, the first
// admin (an owner) and, on a database without tasks, the two the mini app's home screen points at.
// Run again with the same answers, it changes nothing.
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { ConfigError, createConfig } from "@/config/env.ts";
import { formatUsdt } from "@/domain/money.ts";
import { CliError, usageError } from "@/cli/errors.ts";
import { envChanges, envText, readEnvFile, writeEnvFile, type EnvChange } from "@/cli/env-file.ts";
import { dbOrUrlOption, postgresUrl } from "@/cli/local.ts";
import { parse } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { confirmOrStop, requireYesWithoutTerminal } from "@/cli/prompts.ts";
import { gatherAnswers } from "@/cli/setup/answers.ts";

const options = z.object({
  botToken: z.string().optional(),
  channel: z.string().optional(),
  channelUrl: z.string().optional(),
  miniappUrl: z.string().optional(),
  webhookUrl: z.string().optional(),
  adminEmail: z.string().optional(),
  adminPasswordStdin: z.boolean().optional(),
  db: z.string().optional(),
  envPath: z.string().default(".env"),
  force: z.boolean().optional(),
  yes: z.boolean().optional(),
});

/** Secrets are never shown whole, not even to whoever is setting them. */
const secretKeys = new Set(["BOT_TOKEN", "JWT_SECRET", "DATABASE_URL"]);
const shown = (key: string, value: string | undefined) => (value === undefined ? "(unset)" : secretKeys.has(key) ? `${value.slice(0, 6)}…` : value);
const changeLine = (c: EnvChange) => `  ${c.key}: ${shown(c.key, c.from)} -> ${shown(c.key, c.to)}`;

const done = (text: string) => `${colors.green("✓")} ${text}`;

export const setupCommand = new Command("setup")
  .description("(server: local configuration) set up a new installation: bot token, channel, mini app address, .env, database, first admin, starter tasks")
  .option("--bot-token <token>", "the token @BotFather gave the bot (checked with Telegram's getMe)")
  .option("--channel <channel>", "the channel users join: @username or -100… id; the bot must be an administrator there")
  .option("--channel-url <url>", "the channel's link (default: https://t.me/<username>)")
  .option("--miniapp-url <url>", "the mini app's public https:// address (…/app)")
  .option("--webhook-url <url>", "receive updates by webhook at this https:// address instead of long polling")
  .option("--admin-email <email>", "the first admin's e-mail")
  .option("--admin-password-stdin", "read the first admin's password from stdin instead of asking")
  .option(...dbOrUrlOption)
  // Not --env-file: Node takes that for its own option even after the script's name, and reads
  // the file before the shim starts (a missing one stops it), so `npx refbot` would never see it.
  .option("--env-path <path>", "the .env file to write the settings to", ".env")
  .option("--force", "rewrite an existing .env whose values differ (the changes are listed first)")
  .option("--yes", "ask no confirmation (needed without a terminal)")
  .addHelpText("after", `
Run in the directory the server runs from: \`npm start\` reads .env there.
At a terminal each missing answer is asked; without one, every answer is a flag
and --yes is needed. Writes .env with mode 0600, but an existing .env whose
values differ only with --force. Creates the database (or migrates it), the
first admin as an owner, and, on a database with no tasks, "Daily Check-in"
(0.2 USDT) and "Join our channel" (0.5 USDT). A second run with the same
answers changes nothing. Exits 5 when Telegram cannot be reached.

Examples:
  $ refbot setup
  $ refbot setup --bot-token "$TOKEN" --channel @mychannel \\
      --miniapp-url https://bot.example.com/app --admin-email ops@example.com \\
      --admin-password-stdin --yes < pw.txt`)
  .action(async (rawOptions) => {
    const opts = parse(options, rawOptions);
    requireYesWithoutTerminal(opts.yes, "setup");
    const envPath = resolve(opts.envPath);
    const file = readEnvFile(envPath);
    const base = settingsFrom({ ...process.env, ...Object.fromEntries(file.values) });
    const answers = await gatherAnswers(opts, file.values, { apiRoot: base.bot.apiRoot, timeoutSeconds: base.bot.timeoutSeconds });

    const wanted: Record<string, string> = {
      BOT_TOKEN: answers.token,
      BOT_USERNAME: answers.bot.username,
      CHANNEL_ID: answers.channel,
      CHANNEL_URL: answers.channelUrl,
      MINIAPP_URL: answers.miniAppUrl,
      ...(answers.webhookUrl && { WEBHOOK_URL: answers.webhookUrl }),
    };
    if (opts.db !== undefined) {
      if (/^postgres(ql)?:/i.test(opts.db)) wanted.DATABASE_URL = postgresUrl(opts.db, "--db");
      else wanted.DATABASE_PATH = opts.db;
    }
    const env = { ...process.env, ...Object.fromEntries(file.values), ...wanted };
    // A fleet on PostgreSQL signs with one secret; one instance's own file would not be shared.
    if (env.DATABASE_URL && !env.JWT_SECRET) wanted.JWT_SECRET = randomBytes(32).toString("hex");
    const config = settingsFrom({ ...env, ...wanted });

    const changes = envChanges(file, wanted);
    if (file.text !== undefined && changes.length > 0) {
      process.stderr.write(`${envPath} would change:\n${changes.map(changeLine).join("\n")}\n`);
      if (!opts.force) throw new CliError(`${envPath} exists with other values; run again with --force to write these changes. Nothing was changed.`);
    }
    await confirmOrStop(`Set up ${config.databaseUrl ? "the PostgreSQL database" : config.databasePath} and write ${envPath}?`, opts.yes);

    const { prepareDatabase } = await import("@/cli/setup/database.ts");
    const db = await prepareDatabase(config, answers.adminEmail, answers.adminPassword);

    const lines = [
      done(`bot @${answers.bot.username}: Telegram takes the token`),
      done(`channel ${answers.channel}: the bot is an administrator`),
      done(`mini app ${answers.miniAppUrl}`),
    ];
    if (changes.length > 0) {
      writeEnvFile(envPath, envText(file, wanted, "# Written by refbot setup"));
      lines.push(done(`${envPath}: ${file.text === undefined ? "written" : "updated"} (${changes.map((c) => c.key).join(", ")}), mode 0600`));
    } else {
      lines.push(done(`${envPath}: unchanged`));
    }
    lines.push(done(`database ${db.description}: migrations current (${db.migrations})`));
    lines.push(done(db.adminCreated ? `admin ${answers.adminEmail} created (owner)` : `admin ${answers.adminEmail} already exists (${db.adminRole}); its password was left as it is`));
    lines.push(
      done(
        db.tasksCreated.length > 0
          ? `tasks created: ${db.tasksCreated.map((t) => `"${t.title}" (${t.kind}, ${formatUsdt(t.reward)} USDT)`).join(", ")}`
          : `tasks: ${db.taskCount} already there, none added`,
      ),
    );
    const origin = new URL(answers.miniAppUrl).origin;
    const nothingChanged = changes.length === 0 && !db.adminCreated && db.tasksCreated.length === 0;
    process.stdout.write(`${lines.join("\n")}

${nothingChanged ? "Nothing needed changing." : "Setup is done."} Next:
  1. Start the server here: npm start (it reads ${opts.envPath}; the bot sets its own commands, menu button and description).
  2. Serve it at ${origin} over HTTPS (docs/operations.md: Caddy in front).
  3. Sign in at ${origin}/admin as ${answers.adminEmail}.
  4. Run \`refbot doctor\` to check it all again, now and after any change.
`);
  });

/** The configuration the server would read from `env`, or a usage error naming the variable. */
function settingsFrom(env: Record<string, string | undefined>) {
  try {
    return createConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw usageError(`${error.message.replace(/\n\s*/g, " ")}. Correct it in the .env or the environment; nothing was changed.`);
    throw error;
  }
}
