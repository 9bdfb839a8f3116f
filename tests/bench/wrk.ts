// Drives HTTP load with wrk (a separate process, faster than the Bun server it measures). A Lua
// script gives each request its own user's init data and prints wrk's figures as JSON.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export type WrkResult = { requests: number; seconds: number; rps: number; p50ms: number; p99ms: number; non2xx: number; errors: number };

const luaString = (s: string) => JSON.stringify(s); // JSON string syntax is valid Lua for ASCII.

/** `values`: one `header` value per request, handed out in turn (`once` = never twice). */
export function writeScript(
  dir: string,
  name: string,
  opts: {
    method?: string;
    path: string;
    header?: string;
    values?: string[];
    once?: boolean;
    headers?: Record<string, string>;
    /** Each value comes with its own X-Forwarded-For address (the i-th value's from i + this), as users on their own phones would. */
    addressPerValue?: number;
  },
): string {
  const values = opts.values ?? [];
  const lua = `
local values = { ${values.map(luaString).join(",\n")} }
local n = #values
local i = 0
function request()
  local headers = { ["content-type"] = "application/json"${Object.entries(opts.headers ?? {}).map(([k, v]) => `, [${luaString(k)}] = ${luaString(v)}`).join("")} }
  if n > 0 then
    i = i + 1
    ${opts.once ? "if i > n then i = n end" : "if i > n then i = 1 end"}
    headers[${luaString(opts.header ?? "x-telegram-init-data")}] = values[i]
    ${opts.addressPerValue === undefined ? "" : `local a = i + ${opts.addressPerValue}
    headers["x-forwarded-for"] = "203." .. (math.floor(a / 65536) % 256) .. "." .. (math.floor(a / 256) % 256) .. "." .. (a % 256)`}
  end
  return wrk.format(${luaString(opts.method ?? "GET")}, ${luaString(opts.path)}, headers, ${opts.method === "POST" ? '"{}"' : "nil"})
end
function done(summary, latency, requests)
  io.write(string.format('WRK {"requests":%d,"us":%d,"p50":%d,"p99":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status))
end
`;
  const file = join(dir, `${name}.lua`);
  writeFileSync(file, lua);
  return file;
}

/**
 * wrk is a system package, not an npm one, so a fresh clone may lack it: say so before anything
 * is built, instead of failing minutes later at the first load test.
 */
export function missingWrk(): string | undefined {
  if (Bun.which("wrk")) return undefined;
  return "wrk is not installed; install wrk: apt-get install wrk (Debian, Ubuntu) or brew install wrk (macOS)";
}

/** A command run on the given CPUs only (`taskset -c`), or as it is without them. */
export const pinned = (cpus: string | undefined, command: string[]) => (cpus ? ["taskset", "-c", cpus, ...command] : command);

export async function runWrk(url: string, script: string, { seconds = 10, connections = 32, cpus }: { seconds?: number; connections?: number; cpus?: string } = {}): Promise<WrkResult> {
  // One wrk thread: the machine has two cores, one for the server and one for the load.
  const proc = Bun.spawn(pinned(cpus, ["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "-s", script, url]), { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const line = out.split("\n").find((l) => l.startsWith("WRK "));
  if (!line) throw new Error(`wrk printed no summary:\n${out}\n${await new Response(proc.stderr).text()}`);
  const r = JSON.parse(line.slice(4)) as { requests: number; us: number; p50: number; p99: number; errors: number };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { requests: r.requests, seconds: r.us / 1e6, rps: r.requests / (r.us / 1e6), p50ms: r.p50 / 1000, p99ms: r.p99 / 1000, non2xx, errors: r.errors };
}
