// A TCP proxy on loopback that counts the connections made through it: put between a server and
// PostgreSQL, it says how many connection attempts the server made, including those the database
// refused at once (each of which cost the database a backend process).
import type { Socket, TCPSocketListener } from "bun";

export type TcpProxy = { port: number; connections(): number; stop(): void };

type Side = { peer?: Socket<Side>; pending: Uint8Array[]; closed: boolean };

/** Writes what the socket takes now and keeps the rest for its drain. */
function send(socket: Socket<Side>, chunk: Uint8Array) {
  if (socket.data.pending.length > 0) return void socket.data.pending.push(chunk);
  const written = socket.write(chunk);
  if (written < chunk.byteLength) socket.data.pending.push(chunk.subarray(Math.max(written, 0)));
}

function drain(socket: Socket<Side>) {
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
  if (!peer) return;
  peer.data.closed = true;
  if (peer.data.pending.length === 0) peer.end();
}

export function startTcpProxy(targetPort: number, targetHost = "127.0.0.1"): TcpProxy {
  let connections = 0;
  const listener: TCPSocketListener<Side> = Bun.listen<Side>({
    hostname: "127.0.0.1",
    port: 0,
    data: { pending: [], closed: false },
    socket: {
      async open(client) {
        connections++;
        client.data = { pending: [], closed: false };
        client.pause();
        try {
          const upstream = await Bun.connect<Side>({
            hostname: targetHost,
            port: targetPort,
            data: { peer: client, pending: [], closed: false },
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
      data: (client, chunk) => client.data.peer && send(client.data.peer, chunk),
      drain,
      close: closePeer,
      error: closePeer,
    },
  });
  return { port: listener.port, connections: () => connections, stop: () => listener.stop(true) };
}
