// A .env file as refbot setup writes it: the keys it manages set in place, every other line
// (comments, keys the operator added) kept as it was, and what would change told key by key.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const assignment = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;

/** A value as Bun's .env reader takes it back: quoted when it holds anything but plain characters. */
const quote = (value: string) => (/^[\w@%+=:,./~-]*$/.test(value) ? value : `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);

function unquote(raw: string): string {
  const double = /^"(.*)"$/.exec(raw);
  if (double) return double[1]!.replace(/\\(["\\])/g, "$1");
  const single = /^'(.*)'$/.exec(raw);
  return single ? single[1]! : raw.replace(/\s+#.*$/, "");
}

export type EnvFile = { path: string; text: string | undefined; values: Map<string, string> };

export function readEnvFile(path: string): EnvFile {
  const text = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  const values = new Map<string, string>();
  for (const line of text?.split("\n") ?? []) {
    const match = assignment.exec(line);
    if (match) values.set(match[1]!, unquote(match[2]!));
  }
  return { path, text, values };
}

export type EnvChange = { key: string; from: string | undefined; to: string };

/** The keys whose value `wanted` changes (or adds), in the order given. */
export function envChanges(file: EnvFile, wanted: Record<string, string>): EnvChange[] {
  return Object.entries(wanted)
    .filter(([key, value]) => file.values.get(key) !== value)
    .map(([key, to]) => ({ key, from: file.values.get(key), to }));
}

/** The file's text with `wanted` set: each key replaced where it stands, new ones added after a heading. */
export function envText(file: EnvFile, wanted: Record<string, string>, heading: string): string {
  const left = new Map(Object.entries(wanted));
  const lines = (file.text ?? "").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const kept = lines.map((line) => {
    const key = assignment.exec(line)?.[1];
    if (key === undefined || !left.has(key)) return line;
    const value = left.get(key)!;
    left.delete(key);
    return `${key}=${quote(value)}`;
  });
  const added = [...left].map(([key, value]) => `${key}=${quote(value)}`);
  if (added.length > 0) kept.push(...(kept.length > 0 ? ["", heading] : [heading]), ...added);
  return `${kept.join("\n")}\n`;
}

/** Written whole or not at all, readable by its owner alone: it holds the bot token. */
export function writeEnvFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
