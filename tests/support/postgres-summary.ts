// Preloaded by bunfig.toml, so its afterAll runs once after every test file: the one line that
// says which PostgreSQL tests skipped because no server answered (tests/support/postgres.ts).
import { afterAll } from "bun:test";

export const unreachable = { where: "", reason: "", tests: 0, files: new Set<string>() };

afterAll(() => {
  if (unreachable.tests === 0) return;
  const files = [...unreachable.files].join(", ");
  console.log(`PostgreSQL unreachable at ${unreachable.where} (${unreachable.reason}): skipped ${unreachable.tests} tests in ${files}; start it or set PG_URL`);
});
