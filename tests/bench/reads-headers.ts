// The reads again as the mini app sends them: besides its init data, what Telegram's web view
// adds to every fetch (it takes compressed answers, names itself and its language). wrk's plain
// requests carry the init data alone, and so never reach the compression a real client meets, nor
// the headers a route would copy if it read them all. Measured on a server of its own, against
// the baseline in the same rounds, as the plain reads are (server-bench.ts: measureReads).
import { httpRow, type Row } from "./report.ts";
import { initData, measureReads, sampleUsers, startServer, type BenchContext, type Measured } from "./server-bench.ts";
import { writeScript } from "./wrk.ts";

/** What the mini app's requests carry beside X-Telegram-Init-Data, as Telegram's Android web view sends them. */
export const miniAppHeaders = {
  accept: "application/json",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-GB,en-US;q=0.9,en;q=0.8",
  "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/128.0.6613.127 Mobile Safari/537.36 Telegram-Android/11.2.2",
  "sec-fetch-site": "same-origin",
  "sec-fetch-mode": "cors",
  "sec-fetch-dest": "empty",
};

/** GET /api/me and GET /api/tasks/active with the mini app's headers, each beside the baseline of its own round. */
export async function measureMiniAppReads(ctx: BenchContext, env: Record<string, string>): Promise<Record<string, Measured>> {
  // The same users as the plain reads (server-bench.ts), so both find the same rows.
  const readers = initData(sampleUsers(ctx.users, 20_000, 1));
  const scripts = {
    baseline: writeScript(ctx.work, "baseline-mini-app", { path: "/", values: readers, headers: miniAppHeaders }),
    me: writeScript(ctx.work, "me-mini-app", { path: "/api/me", values: readers, headers: miniAppHeaders }),
    tasks: writeScript(ctx.work, "tasks-mini-app", { path: "/api/tasks/active", values: readers, headers: miniAppHeaders }),
  };
  ctx.log("reads with the mini app's headers, on a fresh server");
  const server = await startServer(env);
  try {
    return await measureReads(ctx, server.url, scripts);
  } finally {
    await server.stop();
  }
}

/** `judged`: as readRows (report.ts). */
export const miniAppReadRows = (http: Record<string, Measured>, judged?: (share: number) => string): Row[] => {
  const more = (h: Measured) => (judged ? [judged(h.shareOfBaseline)] : []);
  return [
    httpRow("baseline mini app", "bare Bun.serve, mini app's headers", http.baseline!),
    httpRow("me mini app", "GET /api/me, mini app's headers", http.me!, more(http.me!)),
    httpRow("tasks mini app", "GET /api/tasks/active, mini app's headers", http.tasks!, more(http.tasks!)),
  ];
};
