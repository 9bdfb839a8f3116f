// Which characters text may carry into the database: the rule both engines follow, so what one
// stores the other stores too. People who type a forbidden character are told (the API refuses
// it, naming the field); what Telegram sends has it removed, since the user cannot retype it.

// PostgreSQL's text cannot hold U+0000 at all, while SQLite stores it. The other C0 control
// characters are stored by both, but no title, name, reason, address or message has a use for
// them: they are invisible where they are shown, and ESC (U+001B) in a name printed by the CLI
// would let that name drive the admin's terminal. Tab, line feed and carriage return stay:
// broadcasts and descriptions are written in lines.
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const controlCharacters = new RegExp(controlCharacter.source, "g");

/** The first control character `text` may not hold, written as U+XXXX; undefined when there is none. */
export function forbiddenCharacter(text: string): string | undefined {
  const found = controlCharacter.exec(text)?.[0];
  return found === undefined ? undefined : `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** `text` without the control characters it may not hold. */
export const withoutControlCharacters = (text: string): string => text.replace(controlCharacters, "");

/**
 * `text` without U+0000, the one character PostgreSQL cannot store. Copying a database moves
 * what it holds as it is, so only what the target would refuse is taken out.
 */
export const withoutNul = (text: string): string => text.replaceAll("\u0000", "");
