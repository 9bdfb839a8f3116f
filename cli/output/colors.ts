// Colours only for a terminal: chalk alone would still colour a pipe under FORCE_COLOR or some
// CI variables, and it ignores NO_COLOR, so the level is decided here once per stream.
import { Chalk, supportsColor, supportsColorStderr } from "chalk";
import { environment } from "@/cli/environment.ts";

const level = (tty: boolean, detected: typeof supportsColor) =>
  !tty || environment.noColor || !detected ? 0 : detected.level;

export const colors = new Chalk({ level: level(Boolean(process.stdout.isTTY), supportsColor) });
export const stderrColors = new Chalk({ level: level(Boolean(process.stderr.isTTY), supportsColorStderr) });
