// npm test: every test file but the drills, in two workers, then the files that time something
// against a clock, on their own. Two workers keep both cores busy while a file waits on a browser,
// a server or a fake Bot API; the senders' rate tests time sends against that fake and once failed
// under the other worker's load, so they get the machine to themselves. Given files
// (`npm test -- <file>`), it runs just those, one after another, as `bun test` does.
import { spawnSync } from "node:child_process";

/** The files whose assertions time what they see, run after the others with nothing beside them. */
export const alone = ["tests/sends.test.ts"];

/** The `bun test` runs npm test makes, in order, for the files it was given (none: all). */
export function testRuns(given: string[]): string[][] {
  const timeout = ["--timeout", "30000"];
  if (given.length > 0) return [[...timeout, ...given]];
  return [
    // Each worker keeps one module registry across the files it runs, as a single bun test does.
    [...timeout, "--parallel=2", "--no-isolate", ...alone.map((file) => `--path-ignore-patterns=${file}`)],
    [...timeout, ...alone.map((file) => `./${file}`)],
  ];
}

if (import.meta.main) {
  let status = 0;
  // Every run runs, whatever the one before it found; the first failure is the exit status.
  for (const args of testRuns(process.argv.slice(2))) {
    const ran = spawnSync(process.execPath, ["test", ...args], { stdio: "inherit" }).status ?? 1;
    status ||= ran;
  }
  process.exit(status);
}
