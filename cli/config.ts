// The per-user config file that keeps the session token, and which server and token a command
// uses. The environment is read in environment.ts; the server's own settings (DATABASE_PATH)
// come from config/env.ts createConfig, used by the local commands.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { environment } from "./environment.ts";
import { CliError, usageError } from "./errors.ts";

export const defaultApiUrl = "http://127.0.0.1:3000";

/** ~/.config/refbot/config.json, or under $XDG_CONFIG_HOME when that is set. */
export function configFile(): string {
  return join(environment.configHome, "refbot", "config.json");
}

const storedSchema = z.object({
  apiUrl: z.string().optional(),
  token: z.string().optional(),
  email: z.string().optional(),
  expiresAt: z.string().optional(),
});

export type Stored = z.infer<typeof storedSchema>;

export function readStored(): Stored {
  const file = configFile();
  if (!existsSync(file)) return {};
  let parsed;
  try {
    parsed = storedSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    parsed = undefined; // Not JSON: reported below like any other unreadable content.
  }
  if (!parsed?.success) throw new CliError(`${file} is not a refbot config file; delete it and run \`refbot login\``);
  return parsed.data;
}

/** Writes the file readable by its owner only: it holds a bearer token. */
export function writeStored(stored: Stored): string {
  const file = configFile();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(dirname(file), 0o700);
  writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync keeps the mode of an existing file, which an older version may have left wider.
  chmodSync(file, 0o600);
  return file;
}

export function forgetStored(): void {
  const stored = readStored();
  if (stored.token === undefined) return;
  const { token: _token, expiresAt: _expiresAt, ...rest } = stored;
  if (Object.keys(rest).length === 0) rmSync(configFile(), { force: true });
  else writeStored(rest);
}

export type Connection = { apiUrl: string; token: string | undefined; tokenSource: "env" | "file" | undefined };

/**
 * The address as given, without trailing slashes, or a usage error naming where it came from: a
 * fetch of "localhost:3000" or "ftp://x" fails with a message about something else entirely.
 */
function checkedApiUrl(url: string, source: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined; // Not a URL at all: reported below with the others.
  }
  if (parsed && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname) return url.replace(/\/+$/, "");
  const scheme = /^[a-z][a-z\d+.-]*:\/\//i.test(url);
  const hint = scheme ? "" : `; did you mean http://${url}?`;
  throw usageError(`${source} ${JSON.stringify(url)} is not an http:// or https:// address${hint}`);
}

/** Flag beats environment beats the saved login beats the default, for the URL and the token. */
export function resolveConnection(flagUrl: string | undefined): Connection {
  const stored = readStored();
  const [given, source] =
    flagUrl !== undefined ? [flagUrl, "--api-url"] : environment.apiUrl !== undefined ? [environment.apiUrl, "REFBOT_API_URL"] : [stored.apiUrl ?? defaultApiUrl, `apiUrl in ${configFile()}`];
  const apiUrl = checkedApiUrl(given.trim(), source);
  if (environment.token) return { apiUrl, token: environment.token, tokenSource: "env" };
  // A token saved for one server means nothing to another.
  const sameServer = stored.apiUrl === undefined || stored.apiUrl.replace(/\/+$/, "") === apiUrl;
  return sameServer && stored.token ? { apiUrl, token: stored.token, tokenSource: "file" } : { apiUrl, token: undefined, tokenSource: undefined };
}
