// Every route's answer as a JSON schema, from the types the routes return: the compiler writes
// answer-types.ts out as a declaration file with each answer spelled in full, and type-schema.ts
// reads it. Run at build time (npm run docs:api), never by the server.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { declaredFields, type JsonSchema } from "./type-schema.ts";

const root = resolve(import.meta.dir, "../..");

export function answerSchemas(): Record<string, JsonSchema> {
  // Under node_modules, so the compiler finds the project's type packages from there as it does for the tree.
  const work = mkdtempSync(join(root, "node_modules", ".api-docs-"));
  try {
    const config = {
      extends: join(root, "tsconfig.json"),
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, rootDir: root, outDir: join(work, "out") },
      files: [join(root, "scripts/api-docs/answer-types.ts")],
    };
    writeFileSync(join(work, "tsconfig.json"), JSON.stringify(config));
    const tsc = spawnSync(join(root, "node_modules/.bin/tsc"), ["-p", join(work, "tsconfig.json")], { encoding: "utf8" });
    if (tsc.status !== 0) throw new Error(`tsc could not compile the answer types:\n${tsc.stdout}${tsc.stderr}`);
    const fields = declaredFields(join(work, "out/scripts/api-docs/answer-types.d.ts"), "answers");
    return Object.fromEntries(Object.keys(fields).sort().map((key) => [key, fields[key]!]));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
