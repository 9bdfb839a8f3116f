// The CLI's one error handler: every failure, from a bad flag to a refused API call, ends here
// and leaves as one line on stderr and an exit code a script can act on.
import { CommanderError } from "commander";
import { z } from "zod";
import { BackupFailed, RestoreRefused, type RefusalReason } from "@/db/backup/errors.ts";
import { AppError } from "@/domain/errors.ts";
import { stderrColors } from "./output/colors.ts";

/**
 * Exit codes: 1 something failed, 2 bad usage, 3 not signed in, 4 the API could not be reached,
 * 5 the API answered but Telegram's Bot API could not be reached (nothing lost; try later).
 */
export const exitCodes = { failure: 1, usage: 2, auth: 3, unreachable: 4, telegramUnreachable: 5 } as const;

/**
 * `db restore`'s refusals, one code each, so a script knows whether to fix the file, stop the
 * server or empty the database: nothing was changed (except after a PostgreSQL restore whose
 * ledger check failed, which says so).
 */
export const refusalExitCodes: Record<RefusalReason, number> = { missing_file: 6, not_a_backup: 7, corrupt: 8, ledger_failed: 9, in_use: 10, not_empty: 11 };

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = exitCodes.failure,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export const usageError = (message: string) => new CliError(message, exitCodes.usage);

/** An answer from the API that was not a success: its `{ message, code }` and status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly apiUrl: string,
    readonly tokenFromEnv: boolean,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export class UnreachableError extends Error {
  constructor(
    readonly apiUrl: string,
    readonly reason: string,
  ) {
    super(`Cannot reach the refbot API at ${apiUrl} (${reason}). Is the server running? Point to it with --api-url or REFBOT_API_URL.`);
    this.name = "UnreachableError";
  }
}

/** The message and exit code for any error; used for the whole command and for each id in a batch. */
export function describeError(error: unknown): { message: string; exitCode: number; code?: string } {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  if (error instanceof UnreachableError) return { message: error.message, exitCode: exitCodes.unreachable };
  if (error instanceof ApiError) {
    if (error.code === "UNAUTHORIZED") {
      const fix = error.tokenFromEnv ? "set a fresh REFBOT_TOKEN, or unset it and run `refbot login`" : "run `refbot login`";
      // The server's own "sign in again" would say twice what the fix below says with the command.
      const why = error.message.replace(/:\s*sign in again\.?$/i, "");
      return { message: `Not logged in to ${error.apiUrl}: ${why}. To sign in, ${fix}.`, exitCode: exitCodes.auth, code: error.code };
    }
    return { message: `${error.message} (${error.status} ${error.code})`, exitCode: exitCodes.failure, code: error.code };
  }
  if (error instanceof RestoreRefused) return { message: error.message, exitCode: refusalExitCodes[error.reason] };
  if (error instanceof BackupFailed) return { message: error.message, exitCode: exitCodes.failure };
  // The domain's own errors, from the commands that work on the local database.
  if (error instanceof AppError) return { message: `${error.message} (${error.code})`, exitCode: exitCodes.failure, code: error.code };
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    return { message: `${where}${issue?.message ?? "invalid input"}`, exitCode: exitCodes.usage };
  }
  // Ctrl-C or Ctrl-D in an @inquirer prompt.
  if (error instanceof Error && error.name === "ExitPromptError") return { message: "Cancelled; nothing was changed.", exitCode: exitCodes.failure };
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Unexpected error: ${message}`, exitCode: exitCodes.failure };
}

/** Prints the one line and returns the exit code. Commander has already printed its own usage errors. */
export function handleError(error: unknown): number {
  if (error instanceof CommanderError) {
    // --help and --version exit 0; help shown because a subcommand is missing, or any other
    // usage mistake, is bad usage. Commander has already printed what it has to say.
    return error.exitCode === 0 ? 0 : exitCodes.usage;
  }
  const { message, exitCode } = describeError(error);
  process.stderr.write(`${stderrColors.red("error:")} ${message}\n`);
  return exitCode;
}
