// Refuses text the database must not hold (domain/text.ts) wherever a person types it into the
// API: every string of a body, a query and the path, so a field added later is covered without
// being named here. Checked after validation, on what would reach the handler, so a caller with
// no valid identity still hears 401 first and a value the schema refused keeps its own message.
import { Elysia } from "elysia";
import { invalid } from "@/domain/errors.ts";
import { forbiddenCharacter } from "@/domain/text.ts";

/** The first string in `value` holding a forbidden character, as its dotted path and that character. */
export function firstForbidden(value: unknown, path: string): { field: string; character: string } | undefined {
  // Walked without recursion; body-limits has already bounded the depth, but this costs nothing.
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (typeof current === "string") {
      const character = forbiddenCharacter(current);
      if (character) return { field: at, character };
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current).reverse();
      for (const [key, child] of entries) pending.push([child, at ? `${at}.${key}` : key]);
    }
  }
  return undefined;
}

/** Whether there is anything to look at: most reads carry no path parameter, no query and no body. */
function holdsAny(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return value !== undefined;
  for (const _key in value) return true;
  return false;
}

function refuse(part: string, value: unknown): void {
  // A bare string body has no field name of its own; it is called what it is.
  const found = firstForbidden(value, typeof value === "string" ? part : "");
  if (found) throw invalid(found.field, `must not contain the control character ${found.character}`);
}

export const textInputPlugin = new Elysia({ name: "text-input" }).onBeforeHandle({ as: "global" }, ({ path, params, query, body }) => {
  // Only the API takes typed text; the Telegram webhook carries what Telegram sends, which the
  // bot cleans instead of refusing (the user cannot retype their name).
  if (!path.startsWith("/api/")) return;
  // Every route runs this: one with nothing to look at costs three checks, not a walk.
  if (holdsAny(params)) refuse("params", params);
  if (holdsAny(query)) refuse("query", query);
  if (holdsAny(body)) refuse("body", body);
});
