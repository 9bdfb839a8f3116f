// Rows of one table read straight out of a pg_dump archive (pg_restore writes the table's COPY
// data as text), without restoring it anywhere: what a restore checks before it touches a database.
import { RestoreRefused } from "./errors.ts";
import { runClientTool } from "./pg.ts";

const unescape = (value: string) =>
  value === "\\N" ? null : value.replace(/\\(.)/g, (_, c: string) => ({ t: "\t", n: "\n", r: "\r", b: "\b", f: "\f", v: "\v" })[c] ?? c);

/** The rows of `schema.table` in the archive, each column's text by name (null for NULL). */
export async function dumpRows(archive: string, schema: string, table: string): Promise<Record<string, string | null>[]> {
  const out = await runClientTool(["pg_restore", "--data-only", `--schema=${schema}`, `--table=${table}`, "--file=-", archive]);
  if (out.code !== 0) throw new RestoreRefused("corrupt", `${archive} could not be read: ${out.stderr.trim().split("\n")[0]}`);
  const lines = out.stdout.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`COPY ${schema}.${table} (`) || line.startsWith(`COPY ${schema}."${table}" (`));
  if (start === -1) return [];
  const columns = lines[start]!.slice(lines[start]!.indexOf("(") + 1, lines[start]!.indexOf(")")).split(", ").map((c) => c.replace(/^"|"$/g, ""));
  const rows: Record<string, string | null>[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === "\\.") break;
    const values = line.split("\t").map(unescape);
    rows.push(Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null])));
  }
  return rows;
}
