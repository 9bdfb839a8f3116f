// Checks an amount typed into a form with the server's own parser and limit (api/domain), so a
// form refuses exactly what the server would, in the server's words, before anything is sent.
import { AppError } from "../../../api/domain/errors.ts";
import { parseUsdt } from "../../../api/domain/money.ts";

/** The server's message for this amount, or undefined when the server would take it. */
export function serverAmountError(text: string, options: Parameters<typeof parseUsdt>[1]): string | undefined {
  try {
    parseUsdt(text, options);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}
