import { expect, test } from "bun:test";
import { sendingTime } from "@/domain/send-rate.ts";
import { audienceNote, broadcastBody, confirmationFacts, emptyTexts, problemOf, reachOf } from "./broadcast-texts.ts";

const audience = { total: 10, byLanguage: { en: 6, ru: 3, es: 1 }, etaSeconds: 300, messagesPerSecond: 28 / 300, byRate: false };

test("a language without its own text is reached through the default message", () => {
  expect(reachOf(audience, { ...emptyTexts, en: "Hello all" })).toEqual({ en: 10, ru: 0, es: 0 });
  expect(reachOf(audience, { en: "Hello all", ru: "Привет всем", es: "  " })).toEqual({ en: 7, ru: 3, es: 0 });
});

test("only the texts written are sent, trimmed", () => {
  expect(broadcastBody({ en: " Hello all ", ru: "", es: " " })).toEqual({ message: "Hello all" });
  expect(broadcastBody({ en: "Hello all", ru: " Привет всем ", es: "" })).toEqual({ message: "Hello all", texts: { ru: "Привет всем" } });
});

test("each text is refused in the spec's words, naming the language; past the limit only the button says so", () => {
  expect(problemOf(emptyTexts, "en")).toEqual({ title: "Message Required", description: "Please enter a message to broadcast" });
  expect(problemOf(emptyTexts, "ru")).toBeUndefined();
  expect(problemOf({ ...emptyTexts, ru: " hey " }, "ru")).toEqual({ title: "Message Too Short", description: "The Russian text must be at least 5 characters long" });
  expect(problemOf({ ...emptyTexts, en: "x".repeat(4001) }, "en")).toBe("too long");
  const markdown = problemOf({ ...emptyTexts, es: "Gana 2 * 3 USDT" }, "es");
  expect(markdown).toMatchObject({ title: "Message Formatting Error" });
  expect((markdown as { description: string }).description).toStartWith("The Spanish text: Telegram would refuse this message: the * at character 8 is never closed.");
});

test("who gets which text, under the box and in the confirmation", () => {
  const texts = { en: "Hello all", ru: "Привет всем", es: "" };
  expect(audienceNote("en", texts, audience)).toBe("Goes to 7 users: English readers and every language without its own text.");
  expect(audienceNote("ru", texts, audience)).toBe("Goes to 3 Russian readers.");
  expect(audienceNote("es", texts, audience)).toBe("Left empty, 1 Spanish reader get the default message.");
  expect(audienceNote("en", texts, undefined)).toBeUndefined();
  expect(confirmationFacts(texts, audience)).toEqual([
    ["Recipients", "10 users"],
    ["Sending takes", "about 5 min at the batch pace, 5.6 messages/min"],
    ["Default message", "7 users"],
    ["Russian text", "3 users"],
    ["Spanish text", "none: its 1 reader get the default"],
  ]);
  expect(confirmationFacts(texts, undefined)).toEqual([["Recipients", "Unknown: the count could not be loaded"]]);
});

test("how long the broadcast takes at the server's pace, told before it is sent", () => {
  expect(sendingTime({ total: 100_000, etaSeconds: 3334, messagesPerSecond: 30, byRate: true })).toBe("about 56 min at 30 messages/s");
  expect(sendingTime({ total: 100_000, etaSeconds: 1_071_600, messagesPerSecond: 28 / 300, byRate: false })).toBe("about 12 days 9 h at the batch pace, 5.6 messages/min");
  expect(sendingTime({ total: 5, etaSeconds: 0, messagesPerSecond: 0, byRate: false })).toBe("as flushes are asked for (no interval set)");
});
