// A user id given on the command line that no user has: the answer says where to look instead.
import type { ApiClient } from "./api-client.ts";
import { ApiError, CliError } from "./errors.ts";
import { userLabel } from "./output/format.ts";
import { commandLine } from "./paging.ts";

/**
 * Runs `act` on user `userId`; when the server knows no such user, the error says where to look
 * instead: the number is often a Telegram id, which `users search` finds.
 */
export async function findingUser<T>(client: ApiClient, userId: number, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "NOT_FOUND")) throw error;
    const [owner] = await client.users({ search: String(userId), limit: 1 });
    if (owner) {
      // The same command line with the user's id in place of the Telegram id, however it was typed.
      const argv = process.argv.slice(2);
      const at = argv.findIndex((word) => /^\d+$/.test(word.trim()) && Number(word) === userId);
      const retry = at === -1 ? commandLine(["users", "show", String(owner.id)]) : commandLine(argv.with(at, String(owner.id)));
      throw new CliError(`No user has id ${userId}, but Telegram id ${userId} is user #${owner.id} ${userLabel(owner)}: ${retry}`);
    }
    throw new CliError(`${error.message} (${error.status} ${error.code}). To find a user by Telegram id, username or wallet: refbot users search <text>`);
  }
}
