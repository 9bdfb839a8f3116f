// What a command that talks to the API needs: the resolved connection and a client that holds
// the token. Commands call requireClient() before anything that needs a sign-in.
import type { Command } from "commander";
import { createApiClient, type ApiClient } from "./api-client.ts";
import { resolveConnection } from "./config.ts";
import { CliError, exitCodes } from "./errors.ts";

export function connectionFor(command: Command) {
  return resolveConnection(command.optsWithGlobals().apiUrl as string | undefined);
}

/** A client with a token, or the error that tells the user how to get one. */
export async function requireClient(command: Command): Promise<ApiClient> {
  const connection = connectionFor(command);
  const client = createApiClient(connection);
  if (connection.token) return client;
  // "Log in" is no help when the server is not there; say that instead (the probe throws it).
  await client.health();
  throw new CliError(`Not logged in to ${connection.apiUrl}: run \`refbot login\` (or set REFBOT_TOKEN).`, exitCodes.auth);
}
