// A TCP proxy on loopback that counts the connections made through it: put between a server and
// PostgreSQL, it says how many connection attempts the server made, including those the database
// refused at once (each of which cost the database a backend process). It can also fail the way
// networks and load balancers in front of a database fail (`fail`), and heal (`heal`).
import type { Socket, TCPSocketListener } from "bun";

/**
 * How the proxy treats connections:
 * - "pass": both ways, as a wire would;
 * - "refuse": nothing listens on the port (new connections are refused) and the open ones are
 *   closed, as when the database's machine is down;
 * - "close": every connection is accepted and closed at once, the open ones closed too, as a load
 *   balancer in front of a dead database does;
 * - "black-hole": every connection is accepted and nothing more happens on it, and the open ones
 *   stop passing bytes, as in a network partition;
 * - "freeze": the open connections stop passing bytes while new ones pass, as half-open TCP
 *   connections do (a NAT or a firewall forgot them) while the database is well.
 * A connection that stopped passing bytes never passes any again, healed or not: its other end
 * has forgotten it.
 */
export type ProxyMode = "pass" | "refuse" | "close" | "black-hole" | "freeze";

export type TcpProxy = {
  port: number;
  connections(): number;
  fail(mode: Exclude<ProxyMode, "pass">): void;
  heal(): void;
  stop(): void;
};

type Side = { peer?: Socket<Side>; pending: Uint8Array[]; closed: boolean; dead: boolean };

const side = (peer?: Socket<Side>): Side => ({ peer, pending: [], closed: false, dead: false });

/** Writes what the socket takes now and keeps the rest for its drain. */
function send(socket: Socket<Side>, chunk: Uint8Array) {
  if (socket.data.dead) return;
  if (socket.data.pending.length > 0) return void socket.data.pending.push(chunk);
  const written = socket.write(chunk);
  if (written < chunk.byteLength) socket.data.pending.push(chunk.subarray(Math.max(written, 0)));
}

function drain(socket: Socket<Side>) {
  if (socket.data.dead) return;
  while (socket.data.pending.length > 0) {
    const chunk = socket.data.pending[0]!;
    const written = socket.write(chunk);
    if (written < chunk.byteLength) {
      socket.data.pending[0] = chunk.subarray(Math.max(written, 0));
      return;
    }
    socket.data.pending.shift();
  }
  if (socket.data.closed) socket.end();
}

function closePeer(socket: Socket<Side>) {
  const peer = socket.data.peer;
  // A dead connection's other end hears nothing, its closing included.
  if (!peer || socket.data.dead) return;
  peer.data.closed = true;
  if (peer.data.pending.length === 0) peer.end();
}

export function startTcpProxy(targetPort: number, targetHost = "127.0.0.1"): TcpProxy {
  let connections = 0;
  let mode: ProxyMode = "pass";
  // Each accepted connection, with its upstream once connected.
  const open = new Set<Socket<Side>>();
  const listen = (port: number): TCPSocketListener<Side> =>
    Bun.listen<Side>({
      hostname: "127.0.0.1",
      port,
      data: side(),
      socket: {
        async open(client) {
          connections++;
          client.data = side();
          open.add(client);
          if (mode === "close") return void client.end();
          // Accepted, and left alone for good: not even its closing is passed on.
          if (mode === "black-hole") return void (client.data.dead = true);
          client.pause();
          try {
            const upstream = await Bun.connect<Side>({
              hostname: targetHost,
              port: targetPort,
              data: side(client),
              socket: {
                data: (socket, chunk) => send(client, chunk),
                drain,
                close: closePeer,
                error: closePeer,
              },
            });
            client.data.peer = upstream;
            client.resume();
          } catch {
            client.end();
          }
        },
        data: (client, chunk) => void (client.data.peer && !client.data.dead && send(client.data.peer, chunk)),
        drain,
        close: (client) => (open.delete(client), closePeer(client)),
        error: (client) => (open.delete(client), closePeer(client)),
      },
    });
  let listener: TCPSocketListener<Side> | undefined = listen(0);
  const port = listener.port;

  const kill = (client: Socket<Side>) => {
    client.data.dead = true;
    if (client.data.peer) client.data.peer.data.dead = true;
  };
  const end = (client: Socket<Side>) => {
    client.end();
    client.data.peer?.end();
  };

  return {
    port,
    connections: () => connections,
    fail(next) {
      mode = next;
      if (next === "freeze" || next === "black-hole") open.forEach(kill);
      if (next === "close") open.forEach(end);
      if (next === "refuse") {
        open.forEach(end);
        listener?.stop(true);
        listener = undefined;
      }
    },
    heal() {
      mode = "pass";
      listener ??= listen(port);
    },
    stop: () => {
      listener?.stop(true);
      for (const client of open) {
        client.terminate();
        client.data.peer?.terminate();
      }
    },
  };
}
