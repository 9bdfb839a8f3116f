// An error as a log line holds it: what it is and says, where it was thrown, its plain fields (a
// code, an errno, a status, an address) and the errors it wraps, but none of the objects it
// carries. grammY's errors carry the whole update and the Bot API client, bot token included; an
// error from the database driver carries the query's parameters.

/** How deep errors wrapping errors are followed (grammY's BotError wraps an HttpError wraps a fetch error). */
const deepest = 3;

const plain = (value: unknown) => value === null || (typeof value !== "object" && typeof value !== "function");

export function errorFields(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value instanceof Error) {
      if (depth < deepest) fields[key] = errorFields(value, depth + 1);
    } else if (plain(value)) {
      fields[key] = value;
    }
  }
  if (error.cause instanceof Error && depth < deepest) fields.cause = errorFields(error.cause, depth + 1);
  return fields;
}
