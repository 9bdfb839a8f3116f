// The CLI's one reader of its environment (REFBOT_*, XDG_CONFIG_HOME, HOME, NO_COLOR). It imports
// nothing of the CLI, so the config file, the error handler and the colours all build on it.
import { homedir } from "node:os";
import { join } from "node:path";

const env = process.env;

export const environment = {
  apiUrl: env.REFBOT_API_URL?.trim() || undefined,
  token: env.REFBOT_TOKEN?.trim() || undefined,
  // https://no-color.org: set and not empty.
  noColor: Boolean(env.NO_COLOR),
  /** Where per-user config lives: $XDG_CONFIG_HOME, else ~/.config. */
  configHome: env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".config"),
};
