import { describe, expect, test } from "bun:test";
import { bareAddress, clientAddressOf, trustedProxies, unknownAddress } from "./client-address.ts";

describe("bareAddress", () => {
  test.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:5678", "203.0.113.7"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["unknown", undefined],
    ["", undefined],
    ["203.0.113.7, 10.0.0.1", undefined],
    ["999.1.1.1", undefined],
  ])("%p → %p", (text, bare) => expect(bareAddress(text)).toBe(bare));
});

describe("clientAddressOf", () => {
  const none = trustedProxies([]);
  const loopback = trustedProxies(["127.0.0.1", "::1"]);
  const chain = trustedProxies(["127.0.0.1", "10.0.0.0/8"]);

  test("without trusted proxies the socket peer is the client, whatever the header says", () => {
    expect(clientAddressOf("127.0.0.1", "198.51.100.9", none)).toBe("127.0.0.1");
    expect(clientAddressOf("203.0.113.7", "198.51.100.9", loopback)).toBe("203.0.113.7");
  });

  test("from a trusted peer the right-most entry that is not itself trusted is the client", () => {
    expect(clientAddressOf("127.0.0.1", "198.51.100.9", loopback)).toBe("198.51.100.9");
    expect(clientAddressOf("::1", "198.51.100.9, 203.0.113.7", loopback)).toBe("203.0.113.7");
    expect(clientAddressOf("127.0.0.1", "198.51.100.9, 203.0.113.7, 10.1.2.3", chain)).toBe("203.0.113.7");
    expect(clientAddressOf("::ffff:127.0.0.1", "[2001:db8::7]:1234", loopback)).toBe("2001:db8::7");
  });

  test("a trusted peer without the header, or with only trusted hops, answers the outermost trusted address", () => {
    expect(clientAddressOf("127.0.0.1", null, loopback)).toBe("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", "", loopback)).toBe("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", "10.0.0.5, 10.0.0.6", chain)).toBe("10.0.0.5");
  });

  test("an entry that is no address stops the walk at the last trusted hop", () => {
    expect(clientAddressOf("127.0.0.1", "198.51.100.9, unknown", loopback)).toBe("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", "unknown, 10.0.0.5", chain)).toBe("10.0.0.5");
  });

  test("no peer (an in-process call) is one unknown client, and the header is not believed", () => {
    expect(clientAddressOf(undefined, "198.51.100.9", loopback)).toBe(unknownAddress);
  });
});
