// The yardstick: a bare Bun.serve answering a fixed JSON body, run in the same bench so the
// product's endpoints are reported as a share of what this machine can do at all.
const body = JSON.stringify({ ok: true, id: 1, tgId: 10_000_001, firstName: "User", balanceUsdt: "12.40" });
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.argv[2] ?? 0),
  fetch: () => new Response(body, { headers: { "content-type": "application/json" } }),
});
console.log(`listening ${server.port}`);
