// Listening on the configured port, and only when nobody else does. Elysia asks Bun for
// SO_REUSEPORT by default, with which a second server on a busy port starts without a word and
// the kernel splits connections between the two (and two bots poll one token).
import { maxServerBodyBytes } from "@/api/plugins/body-limits.ts";

export class PortInUseError extends Error {}

const inUse = (host: string, port: number) =>
  new PortInUseError(`Cannot start: port ${port} on ${host} is already in use (another refbot?). Stop that server or set PORT to a free port.`);

const addressInUse = (error: unknown) => (error as { code?: string } | null)?.code === "EADDRINUSE";

const serveOptions = (host: string, port: number) => ({ hostname: host, port, reusePort: false, maxRequestBodySize: maxServerBodyBytes });

/**
 * Fails with PortInUseError when the port is taken, by binding it and letting go at once. Called
 * before anything else starts (the database, the web build, the bot), so a second `npm start`
 * changes nothing; `listen` below refuses the same way should the port be taken in between.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return; // Any free port: nothing to collide with.
  let probe: ReturnType<typeof Bun.serve>;
  try {
    probe = Bun.serve({ ...serveOptions(host, port), fetch: () => new Response(null, { status: 503 }) });
  } catch (error) {
    throw addressInUse(error) ? inUse(host, port) : error;
  }
  await probe.stop(true);
}

/** Starts serving `app`; a body over the server-wide cap is refused by Bun before it is read. */
export function listen(app: { listen(options: ReturnType<typeof serveOptions>): unknown }, host: string, port: number): void {
  try {
    app.listen(serveOptions(host, port));
  } catch (error) {
    throw addressInUse(error) ? inUse(host, port) : error;
  }
}
