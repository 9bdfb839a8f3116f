// The fake Bot API of npm run bench:telegram in a process of its own, so that the senders' event
// loops never delay when it sees a message arrive (in one process, a stall of the senders held the
// fake's requests too, and it then counted them arriving together). Options come as JSON in
// FAKE_OPTIONS; it prints its addresses: the Bot API's, and one answering what it counted
// (?count: only how many messages were delivered).
import { startFakeTelegram, type FakeTelegramOptions } from "../support/fake-telegram.ts";

const tg = startFakeTelegram(undefined, JSON.parse(process.env.FAKE_OPTIONS ?? "{}") as FakeTelegramOptions);
const stats = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: (request) =>
    new URL(request.url).searchParams.has("count")
      ? Response.json({ delivered: tg.delivered().length })
      : Response.json({ times: tg.delivered().map((c) => c.at), perChat: [...tg.perChat()], rateLimited: tg.rateLimited() }),
});
console.log(JSON.stringify({ apiRoot: tg.apiRoot, stats: `http://127.0.0.1:${stats.port}` }));
process.on("SIGTERM", () => {
  tg.stop();
  stats.stop(true);
  process.exit(0);
});
