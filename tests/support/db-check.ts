// `npm run db:check` as an operator runs it: scripts/db-check.ts in a process of its own, on one
// database file; answers its exit code and everything it printed.
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

export async function dbCheck(file: string): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn([process.execPath, "run", join(root, "scripts", "db-check.ts"), file], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, output: out + err };
}
