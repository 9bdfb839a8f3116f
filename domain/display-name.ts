// How a user is named to people. Imports nothing, so the bot, the CLI and both web apps share it
// (as they share rules.ts) and a user reads the same everywhere.

/** "@username" when the user has one, else `fallback` (each screen's own: a first name, "User 123"). */
export function displayName(username: string | null | undefined, fallback: string): string {
  return username ? `@${username}` : fallback;
}

/** First and last name as one, "" when the user has neither. */
export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}
