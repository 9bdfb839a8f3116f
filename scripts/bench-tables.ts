// npm run docs:bench: renders the README's SQLite table and docs/scaling.md's PostgreSQL table
// from the committed runs in docs/bench/ (written by `npm run bench -- --save`), between their
// markers, so no figure in them is typed by hand (tests/bench-tables.test.ts fails when one is).
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { renderDocuments, root } from "@/tests/bench/tables.ts";

for (const doc of renderDocuments()) {
  const name = relative(root, doc.path);
  if (doc.rendered === doc.current) {
    console.log(`${name}: the ${doc.engine} table is up to date`);
    continue;
  }
  writeFileSync(doc.path, doc.rendered);
  console.log(`${name}: wrote the ${doc.engine} table`);
}
