// The layout's promises, checked on the source: runtime imports point one way and never loop.
// Type-only imports are left out: they vanish at run time and may point anywhere.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const root = join(import.meta.dir, "..");
const areas = ["api", "bot", "cli", "db", "domain", "web", "scripts"];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "dist", "migrations"].includes(entry.name) ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

// `import x from`, `export { x } from`, `import("…")`; not `import type` / `export type`.
const runtimeImport = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const targets: string[] = [];
  for (const match of text.matchAll(runtimeImport)) {
    const spec = match[1] ?? match[2]!;
    if (spec.startsWith("@/")) targets.push(normalize(spec.slice(2)));
    else if (spec.startsWith(".")) targets.push(normalize(join(dirname(file), spec)));
  }
  return targets;
}

const graph = new Map(areas.flatMap(sources).map((file) => [file, importsOf(file)]));
const area = (file: string) => file.split("/")[0]!;

test("no runtime import loop", () => {
  const loops: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      loops.push([...path.slice(path.indexOf(file)), file].join(" -> "));
      return;
    }
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file, []);
  expect(loops).toEqual([]);
});

test("the domain and the database never reach up into the server, the bot, the CLI or the web", () => {
  const upward = [...graph].flatMap(([file, targets]) =>
    ["domain", "db"].includes(area(file)) ? targets.filter((t) => ["api", "bot", "cli", "web"].includes(area(t))).map((t) => `${file} -> ${t}`) : [],
  );
  expect(upward).toEqual([]);
});

test("the web apps load nothing of the server, the bot, the CLI or the database", () => {
  const leaks = [...graph].flatMap(([file, targets]) =>
    area(file) === "web" ? targets.filter((t) => ["api", "bot", "cli", "db"].includes(area(t))).map((t) => `${file} -> ${relative(root, join(root, t))}`) : [],
  );
  expect(leaks).toEqual([]);
});
