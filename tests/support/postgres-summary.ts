// Preloaded by bunfig.toml: its afterAll says which PostgreSQL tests skipped because no server
// answered (tests/support/postgres.ts). One bun test process runs it once, after every file; a
// worker of npm test's (scripts/test.ts) after each of its files, so each line names the skips
// since the last one.
import { afterAll } from "bun:test";

export const unreachable = { where: "", reason: "", tests: 0, files: new Set<string>() };

afterAll(() => {
  if (unreachable.tests === 0) return;
  const files = [...unreachable.files].join(", ");
  console.log(`PostgreSQL unreachable at ${unreachable.where} (${unreachable.reason}): skipped ${unreachable.tests} tests in ${files}; start it or set PG_URL`);
  unreachable.tests = 0;
  unreachable.files.clear();
});
