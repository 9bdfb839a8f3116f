// One broadcast flush in a process of its own: claims deliveries from the given SQLite file in a
// loop until none are left and prints the claimed ids as JSON. tests/broadcast.test.ts runs a
// few of these at once against one database to show that no delivery is claimed twice.
// Usage: bun tests/support/claim-worker.ts <database path> <batch size> <start at, epoch ms>
import { claimBatch } from "@/domain/broadcast.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";

const [path, batch, startAt] = process.argv.slice(2);
const db = openDb(path!);
const deps = { store: sqliteStore(db), clock: () => new Date() };

// Every worker starts at the same moment, so their claims interleave.
while (Date.now() < Number(startAt)) await Bun.sleep(1);

const claimed: number[] = [];
const batches: number[] = [];
for (;;) {
  const { deliveries } = await claimBatch(deps, Number(batch));
  if (deliveries.length === 0) break;
  batches.push(deliveries.length);
  claimed.push(...deliveries.map((d) => d.id));
  // A real flush sends between claims; without a pause the first process to get the write lock
  // would take every batch while the others sleep in SQLite's busy handler.
  await Bun.sleep(2);
}
db.sqlite.close();
console.log(JSON.stringify({ claimed, batches }));
