// `npm run db:check [file]`: the ledger invariant over a database file; exits 1 on any problem.
import { existsSync } from "node:fs";
import { createConfig } from "@/config/env.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { checkLedger } from "@/db/sqlite/store/ledger.ts";

const file = process.argv[2] ?? createConfig(process.env).databasePath;
if (!existsSync(file)) {
  console.error(`No database at ${file}; give the file or set DATABASE_PATH`);
  process.exit(1);
}
const { users, problems } = checkLedger(openDb(file, { readonly: true }));
for (const p of problems) console.error(`${p.kind} #${p.id}: ${p.detail}`);
console.log(problems.length === 0 ? `ok: ${users} users, every balance matches its ledger` : `${problems.length} problems in ${users} users`);
process.exit(problems.length === 0 ? 0 : 1);
