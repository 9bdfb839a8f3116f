// The ledger owns every balance change, checked on the source: the SQL that appends ledger rows or
// moves a balance is in the ledger's statements of each engine and nowhere else, and the ledger
// check keeps its rule in the domain and its SQL with those statements.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const ledgerStatements = ["db/sqlite/store/ledger.ts", "db/pg/store/ledger.ts"];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "dist", "migrations"].includes(entry.name) ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

const files = ["api", "bot", "cli", "db", "domain", "scripts"].flatMap(sources);
const text = (file: string) => readFileSync(join(root, file), "utf8");

/** SQL (or drizzle) that appends a ledger row, or sets a balance or the total earned. */
const ledgerWrites = [/insert\s+into\s+"?ledger"?\b/i, /\.insert\(\s*ledger\s*\)/, /\b(balance|total_earned)\s*=\s*(u\.)?(balance|total_earned)\s*[+-]/i, /\.set\(\{[^}]*\b(balance|totalEarned)\s*:/];

test("ledger rows and balances are written only by the ledger's statements", () => {
  const writers = files.filter((file) => ledgerWrites.some((pattern) => pattern.test(text(file))));
  expect(writers.sort()).toEqual([...ledgerStatements].sort());
});

test("the domain holds no SQL: the ledger check's queries are the engines' ledger statements", () => {
  const withSql = sources("domain").filter((file) => /from\s+"@\/db\/(ops|client|pg\/client)\.ts"|\bsql`/.test(text(file)));
  expect(withSql).toEqual([]);
  for (const file of ledgerStatements) expect(text(file)).toMatch(/\*balanceTotals\(\)[\s\S]*\*withdrawalEntries\(\)/);
});
