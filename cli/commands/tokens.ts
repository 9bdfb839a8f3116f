// refbot tokens create | list | revoke | scopes: API tokens for automation (cron, scripts), made
// and revoked by an owner. A token is printed once, when made; the server keeps only its hash.
import { Command } from "commander";
import { z } from "zod";
import { scopeNames, scopes } from "@/domain/access.ts";
import type { ApiTokenDto as ApiToken } from "@/api/contract.ts";
import type { ApiClient } from "@/cli/api-client.ts";
import { CliError } from "@/cli/errors.ts";
import { id, jsonOption, parse } from "@/cli/options.ts";
import { when } from "@/cli/output/format.ts";
import { stderrColors } from "@/cli/output/colors.ts";
import { emit, emitList, printJson, type Column } from "@/cli/output/print.ts";
import { requireClient } from "@/cli/session.ts";

// The scopes last, where a long list is cut to the terminal's width; --json and --csv carry them whole.
const columns: Column<ApiToken>[] = [
  { header: "id", value: (t) => t.id, align: "right" },
  { header: "name", value: (t) => t.name },
  { header: "created", value: (t) => t.createdAt, display: (t) => t.createdAt.slice(0, 10) },
  { header: "last used (utc)", value: (t) => t.lastUsedAt, display: (t) => (t.lastUsedAt ? when(t.lastUsedAt) : "never") },
  { header: "expires", value: (t) => t.expiresAt, display: (t) => (t.expiresAt ? t.expiresAt.slice(0, 10) : "never") },
  { header: "scopes", value: (t) => t.scopes.join(" "), flex: true },
];

const scopeList = z
  .string()
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.enum(scopeNames, { error: (issue) => `unknown scope ${JSON.stringify(issue.input)}: \`refbot tokens scopes\` lists them` })).min(1, "name at least one scope"));

const create = new Command("create")
  .description("(owner) make an API token; it is printed once")
  .requiredOption("--name <name>", "what the token is for (unique): cron, backup-script…")
  .requiredOption("--scopes <list>", "the scopes it may use, comma-separated (`refbot tokens scopes`)")
  .option("--expires <when>", "when it stops working: a span (90d, 12h, 30m, 2w) or a date (2027-01-31); default never")
  .option(...jsonOption)
  .addHelpText("after", `
The token alone goes to stdout, what was made to stderr, so it can be captured:
  $ echo "REFBOT_TOKEN=$(refbot tokens create --name cron --scopes broadcast:flush)" > flush.env

Examples:
  $ refbot tokens create --name cron --scopes broadcast:flush,risk:release --expires 90d
  $ refbot tokens create --name reports --scopes stats:read,withdrawals:read --json`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ name: z.string().trim().min(1), scopes: scopeList, expires: z.string().trim().min(1).optional(), json: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    const made = await client.createApiToken({ name: opts.name, scopes: opts.scopes, expires: opts.expires });
    if (opts.json) return printJson(made);
    const expiry = made.expiresAt ? `expires ${when(made.expiresAt)} UTC` : "never expires";
    process.stderr.write(`Created API token #${made.id} ${made.name} (${made.scopes.join(" ")}), ${expiry}.\n`);
    process.stderr.write(stderrColors.yellow("Shown once: keep it now (REFBOT_TOKEN=… in the job's environment); only its hash is stored.\n"));
    process.stdout.write(`${made.token}\n`);
  });

const list = new Command("list")
  .description("(owner) the API tokens: name, scopes, created, last used, expiry")
  .option(...jsonOption)
  .option("--csv", "print CSV for spreadsheets")
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional(), csv: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    emitList(await client.apiTokens(), opts, columns, "No API tokens. Make one with `refbot tokens create`.");
  });

/** The id of the token `given` names: an id as it is, a name looked up among the tokens. */
async function tokenIdOf(client: ApiClient, given: string): Promise<number> {
  const asId = id.safeParse(given);
  if (asId.success) return asId.data;
  const tokens = await client.apiTokens();
  const found = tokens.find((t) => t.name === given);
  if (!found) throw new CliError(`No API token is named ${given}${tokens.length ? `; the tokens are ${tokens.map((t) => t.name).join(", ")}` : ""}`);
  return found.id;
}

const revoke = new Command("revoke")
  .description("(owner) delete an API token: the next call with it is refused")
  .argument("<name|id>", "the token's name or id (`refbot tokens list`)")
  .option(...jsonOption)
  .action(async (given: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    const revoked = await client.revokeApiToken(await tokenIdOf(client, given));
    emit(revoked, opts, (t) => `Revoked API token #${t.id} ${t.name}.`);
  });

const scopesCommand = new Command("scopes")
  .description("the scopes a token may hold, and the least role each needs")
  .option(...jsonOption)
  .action((rawOptions) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    const rows = scopeNames.map((name) => ({ name, role: scopes[name].role, about: scopes[name].about }));
    emitList(rows, opts, [
      { header: "scope", value: (s) => s.name },
      { header: "role", value: (s) => s.role },
      { header: "what it allows", value: (s) => s.about, flex: true },
    ]);
  });

export const tokensCommand = new Command("tokens")
  .description("API tokens for automation (REFBOT_TOKEN)")
  .addCommand(create)
  .addCommand(list)
  .addCommand(revoke)
  .addCommand(scopesCommand);
