// The address a request came from, for whatever is counted per client (sign-in throttling). It is
// the socket's peer; X-Forwarded-For is believed only when that peer is a proxy named in
// TRUST_PROXY, since anyone else can write the header.
import { BlockList, isIP } from "node:net";
import { Elysia } from "elysia";

/** What a request without a known peer counts as: in-process calls have no socket. */
export const unknownAddress = "unknown";

/**
 * An address as written in a header or by the socket, reduced to the bare address: brackets and
 * ports dropped, an IPv4 address seen through an IPv6 socket (::ffff:a.b.c.d) as IPv4.
 * Anything that is not an IP address answers undefined.
 */
export function bareAddress(text: string): string | undefined {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(address) ? address.toLowerCase() : undefined;
}

export type TrustedProxies = (address: string) => boolean;

/** A matcher for TRUST_PROXY entries: addresses and CIDR ranges, IPv4 or IPv6 (validated by config). */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => entries.length > 0 && list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * The client behind `peer`. From a trusted proxy, X-Forwarded-For is read from the right (each
 * proxy appends the address it saw) past the trusted hops; the first other entry is the client,
 * since entries further left were written by that client and prove nothing.
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | null, isTrusted: TrustedProxies): string {
  let client = peer === undefined ? undefined : bareAddress(peer);
  if (client === undefined) return unknownAddress;
  if (!isTrusted(client) || !forwardedFor) return client;
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = bareAddress(hops[i]!);
    // A hop that is no address (a proxy wrote "unknown") ends what can be believed: the last
    // trusted proxy is then the best this server knows.
    if (hop === undefined) break;
    client = hop;
    if (!isTrusted(hop)) break;
  }
  return client;
}

/** Gives routes `clientAddress`, as `addressOf` (clientAddressResolver) finds it. */
export function clientAddress(addressOf: (request: Request) => string) {
  return new Elysia().derive({ as: "scoped" }, ({ request }) => ({ clientAddress: addressOf(request) }));
}

type Server = { requestIP(request: Request): { address: string } | null } | null;

/**
 * The client address of a request, for `clientAddress` and for what needs it without (user-auth.ts).
 * The socket peer comes from `peerAddress` when given (in-process tests, which have no socket,
 * name one), else from the listening server, which `server` answers once the app listens. It is
 * not taken from Elysia's context: a hook that names `server` there makes every route of the app
 * define it on each request's context, read or not.
 */
export function clientAddressResolver(trustProxy: readonly string[], peerAddress: ((request: Request) => string | undefined) | undefined, server: () => Server) {
  const isTrusted = trustedProxies(trustProxy);
  // The mini app asks for every user request (risk.ts), so answers are kept: a client's requests
  // come from the same peer with the same header, and parsing and range checks cost more than a
  // lookup.
  const known = new Map<string, string>();
  return (request: Request): string => {
    const peer = peerAddress ? peerAddress(request) : server()?.requestIP(request)?.address;
    const forwardedFor = request.headers.get("x-forwarded-for");
    const key = `${peer}|${forwardedFor ?? ""}`;
    let address = known.get(key);
    if (address === undefined) {
      if (known.size >= 10_000) known.clear();
      known.set(key, (address = clientAddressOf(peer, forwardedFor, isTrusted)));
    }
    return address;
  };
}
