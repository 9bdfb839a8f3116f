import { expect, test } from "bun:test";
import { formatMessage, messageArguments } from "./format.ts";
import { pickLanguage } from "./languages.ts";

const referrals = "{count, plural, one {# referral} other {# referrals}}";
const ru = "{count, plural, one {# реферал} few {# реферала} many {# рефералов} other {# реферала}}";

test("plurals follow each language's rules", () => {
  expect(formatMessage(referrals, { count: 1 }, "en")).toBe("1 referral");
  expect(formatMessage(referrals, { count: 2 }, "en")).toBe("2 referrals");
  expect([1, 2, 5, 21, 22, 25, 111].map((count) => formatMessage(ru, { count }, "ru"))).toEqual([
    "1 реферал",
    "2 реферала",
    "5 рефералов",
    "21 реферал",
    "22 реферала",
    "25 рефералов",
    "111 рефералов",
  ]);
  expect(formatMessage("{n, plural, =0 {none} other {#}}", { n: 0 }, "en")).toBe("none");
});

test("numbers are grouped for the language; strings pass as they are; select picks a case", () => {
  expect(formatMessage("{n, number} users", { n: 12345 }, "en")).toBe("12,345 users");
  expect(formatMessage("{n} users", { n: 12345 }, "es")).toBe("12.345 users");
  expect(formatMessage("Hi, {name}!", { name: "Ana" }, "es")).toBe("Hi, Ana!");
  expect(formatMessage("{s, select, paid {Paid} other {Open}}", { s: "paid" }, "en")).toBe("Paid");
  expect(formatMessage("'{'literal'}' ''", {}, "en")).toBe("{literal} '");
});

test("a missing value or a broken message is an error, not a blank", () => {
  expect(() => formatMessage("Hi, {name}", {}, "en")).toThrow("{name}");
  expect(() => formatMessage("Hi, {name", { name: "x" }, "en")).toThrow();
  expect(() => formatMessage("{n, plural, one {x}}", { n: 1 }, "en")).toThrow("other");
});

test("arguments are listed for the catalogue check, nested ones too", () => {
  expect(messageArguments("{a} {n, plural, one {# {b}} other {#}}")).toEqual(["a", "b", "n"]);
});

test("a language is picked from Telegram's code, English when we do not speak it", () => {
  expect(pickLanguage("ru")).toBe("ru");
  expect(pickLanguage("es-419")).toBe("es");
  expect(pickLanguage("xx")).toBe("en");
  expect(pickLanguage(undefined, "RU")).toBe("ru");
  expect(pickLanguage(null, undefined)).toBe("en");
});
