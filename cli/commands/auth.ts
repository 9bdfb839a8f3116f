// refbot login | logout | whoami: the session with the API, kept in the per-user config file.
import { Command } from "commander";
import { z } from "zod";
import { apiTokenPrefix } from "@/domain/api-tokens.ts";
import { createApiClient } from "@/cli/api-client.ts";
import { forgetStored, readStored, writeStored } from "@/cli/config.ts";
import { ApiError, usageError } from "@/cli/errors.ts";
import { parse, jsonOption } from "@/cli/options.ts";
import { emit } from "@/cli/output/print.ts";
import { interactive, prompts, readStdin } from "@/cli/prompts.ts";
import { connectionFor, requireClient } from "@/cli/session.ts";

const loginOptions = z.object({
  email: z.string().trim().optional(),
  passwordStdin: z.boolean().optional(),
  json: z.boolean().optional(),
});

async function credentials(opts: z.output<typeof loginOptions>) {
  const ask = { output: process.stderr };
  if (opts.passwordStdin) {
    if (!opts.email) throw usageError("--password-stdin needs --email");
    // Only the first line: `echo pw | refbot login` must not send the newline as part of it.
    const password = (await readStdin()).split(/\r?\n/)[0] ?? "";
    if (!password) throw usageError("--password-stdin: stdin was empty");
    return { email: opts.email, password };
  }
  if (!interactive()) throw usageError("no terminal to ask at: pass --email and --password-stdin (the password on stdin)");
  const { input, password: passwordPrompt } = await prompts();
  const email = opts.email || (await input({ message: "E-mail:", validate: (v) => v.trim() !== "" || "required" }, ask)).trim();
  const password = await passwordPrompt({ message: "Password:", mask: true, validate: (v) => v !== "" || "required" }, ask);
  return { email, password };
}

const login = new Command("login")
  .description("sign in and keep the token for the next commands")
  .option("--email <email>", "admin e-mail (asked for when missing)")
  .option("--password-stdin", "read the password from stdin (for scripts)")
  .option(...jsonOption)
  .addHelpText("after", `
The token is kept in $XDG_CONFIG_HOME/refbot/config.json (else
~/.config/refbot/config.json), readable only by you, with the API address it
belongs to; it expires after 12 hours.

Examples:
  $ refbot login
  $ refbot login --api-url https://refbot.example.com
  $ refbot login --email ops@example.com --password-stdin < ~/.refbot-password`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(loginOptions, rawOptions);
    const connection = connectionFor(command);
    const { email, password } = await credentials(opts);
    const answer = await createApiClient({ ...connection, token: undefined }).login(email, password);
    const file = writeStored({ apiUrl: connection.apiUrl, token: answer.token, email: answer.admin.email, expiresAt: answer.expiresAt });
    const result = { apiUrl: connection.apiUrl, admin: answer.admin, expiresAt: answer.expiresAt, configFile: file };
    emit(result, opts, (r) => `Logged in to ${r.apiUrl} as ${r.admin.email} until ${r.expiresAt} (token kept in ${r.configFile}).`);
  });

const logout = new Command("logout")
  .description("end the session on the server and forget the token")
  .option(...jsonOption)
  .addHelpText("after", "\nExample:\n  $ refbot logout")
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    const connection = connectionFor(command);
    if (!connection.token) return emit({ apiUrl: connection.apiUrl, loggedOut: false }, opts, (r) => `Not logged in to ${r.apiUrl}; nothing to do.`);
    // An API token is not a session: signing out leaves it working, and only revoking ends it.
    if (connection.token.startsWith(apiTokenPrefix)) {
      return emit({ apiUrl: connection.apiUrl, loggedOut: false }, opts, () => "REFBOT_TOKEN holds an API token, which signing out does not end: `refbot tokens revoke <name>` does.");
    }
    try {
      await createApiClient(connection).logout();
    } catch (error) {
      // A token the server already refuses is as good as logged out; anything else is reported
      // after the local copy is gone, since the user asked for it to be gone.
      if (!(error instanceof ApiError && error.status === 401)) {
        if (connection.tokenSource === "file") forgetStored();
        throw error;
      }
    }
    if (connection.tokenSource === "file") forgetStored();
    const note = connection.tokenSource === "env" ? " REFBOT_TOKEN is set in your environment; unset it too." : "";
    emit({ apiUrl: connection.apiUrl, loggedOut: true }, opts, (r) => `Logged out of ${r.apiUrl}.${note}`);
  });

const whoami = new Command("whoami")
  .description("show the admin the saved token belongs to")
  .option(...jsonOption)
  .addHelpText("after", "\nExample:\n  $ refbot whoami")
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    const me = await client.me();
    const fromFile = connectionFor(command).tokenSource === "file";
    const result = { ...me, apiUrl: client.apiUrl, expiresAt: fromFile ? (readStored().expiresAt ?? null) : null };
    const via = (r: typeof result) => `${r.role}${r.apiToken ? `, through the API token ${r.apiToken}` : ""}`;
    emit(result, opts, (r) => `${r.email} (admin #${r.id}, ${via(r)}) at ${r.apiUrl}${r.expiresAt ? `, session until ${r.expiresAt}` : ""}`);
  });

export const authCommands = [login, logout, whoami];
