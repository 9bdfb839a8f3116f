// Every catalogue (domain/i18n/<lang>/<name>.json) against the English one of the same name: the
// same keys, each message with the same arguments, and every message parses. A language is added
// by adding its files (and its code in languages.ts); this test then holds it to English.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ledgerReasonLabels, taskKindLabels } from "@/domain/labels.ts";
import { formatMessage, messageArguments } from "./format.ts";
import { defaultLanguage, languages } from "./languages.ts";

type Catalogue = Record<string, string>;

const root = import.meta.dir;
const read = (language: string, file: string): Catalogue => JSON.parse(readFileSync(join(root, language, file), "utf8"));
const names = readdirSync(join(root, defaultLanguage)).filter((file) => file.endsWith(".json"));

/** What is wrong with `other` as a translation of `english`: missing and extra keys, differing arguments, unparsable messages. */
function compareCatalogues(english: Catalogue, other: Catalogue): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in other)) problems.push(`missing ${key}`);
  }
  for (const [key, message] of Object.entries(other)) {
    if (!(key in english)) {
      problems.push(`extra ${key}`);
      continue;
    }
    if (typeof message !== "string") {
      problems.push(`${key} is not a string`);
      continue;
    }
    let args: string[];
    try {
      args = messageArguments(message);
    } catch (error) {
      problems.push(`${key} does not parse: ${(error as Error).message}`);
      continue;
    }
    const expected = messageArguments(english[key]!);
    if (args.join() !== expected.join()) problems.push(`${key} uses {${args.join("}, {")}} where English uses {${expected.join("}, {")}}`);
  }
  return problems;
}

test("English has catalogues, and every file in every language's folder is one English has too", () => {
  expect(names).toContain("app.json");
  for (const language of languages) {
    for (const file of readdirSync(join(root, language)).filter((f) => f.endsWith(".json"))) expect({ language, file, inEnglish: names.includes(file) }).toEqual({ language, file, inEnglish: true });
  }
});

for (const name of names) {
  describe(name, () => {
    const english = read(defaultLanguage, name);

    test("every English message parses and formats with sample values", () => {
      for (const [key, message] of Object.entries(english)) {
        const values = Object.fromEntries(messageArguments(message).map((arg) => [arg, 2]));
        expect({ key, text: typeof formatMessage(message, values, "en") }).toEqual({ key, text: "string" });
      }
    });

    for (const language of languages.filter((l) => l !== defaultLanguage)) {
      test(`${language} has English's keys, each with English's arguments`, () => {
        expect(existsSync(join(root, language, name))).toBe(true);
        expect(compareCatalogues(english, read(language, name))).toEqual([]);
      });
    }
  });
}

test("the mini app has words for every ledger reason and task kind the server may send", () => {
  const app = read(defaultLanguage, "app.json");
  for (const reason of Object.keys(ledgerReasonLabels)) expect(app).toHaveProperty([`ledger.${reason}`]);
  for (const kind of Object.keys(taskKindLabels)) expect(app).toHaveProperty([`taskKind.${kind}`]);
});

test("the mini app's counts take each language's plural forms", () => {
  const say = (language: string, key: string, values: Record<string, number | string>) => formatMessage(read(language, "app.json")[key]!, values, language);
  expect([1, 2, 50].map((remaining) => say("en", "home.moreToUnlock", { remaining, amount: "10" }))).toEqual(["1 more to unlock 10 USDT", "2 more to unlock 10 USDT", "50 more to unlock 10 USDT"]);
  expect([1, 2, 5, 21].map((count) => say("en", "leaderboard.tasks", { count }))).toEqual(["1 task", "2 tasks", "5 tasks", "21 tasks"]);
  expect([1, 3, 5, 21, 22, 50].map((count) => say("ru", "leaderboard.tasks", { count }))).toEqual(["1 задание", "3 задания", "5 заданий", "21 задание", "22 задания", "50 заданий"]);
  expect([1, 2, 50].map((remaining) => say("ru", "home.moreToUnlock", { remaining, amount: "10" }))).toEqual([
    "Ещё 1 реферал до бонуса 10 USDT",
    "Ещё 2 реферала до бонуса 10 USDT",
    "Ещё 50 рефералов до бонуса 10 USDT",
  ]);
  expect([1, 2].map((count) => say("es", "referrals.tasksDone", { count }))).toEqual(["1 tarea hecha", "2 tareas hechas"]);
});

test("the referral terms name the qualifying daily tasks as set, none included", () => {
  const say = (language: string, tasks: number) => formatMessage(read(language, "app.json")["referrals.step2"]!, { tasks }, language);
  expect([0, 1, 3].map((tasks) => say("en", tasks))).toEqual([
    "A referral qualifies after joining the channel.",
    "A referral qualifies after joining the channel and completing 1 daily task.",
    "A referral qualifies after joining the channel and completing 3 daily tasks.",
  ]);
  expect([1, 3, 5].map((tasks) => say("ru", tasks))).toEqual([
    "Реферал засчитывается, когда друг подпишется на канал и выполнит 1 ежедневное задание.",
    "Реферал засчитывается, когда друг подпишется на канал и выполнит 3 ежедневных задания.",
    "Реферал засчитывается, когда друг подпишется на канал и выполнит 5 ежедневных заданий.",
  ]);
  expect(say("es", 2)).toBe("Un referido califica cuando se une al canal y completa 2 tareas diarias.");
});

test("the comparison catches a missing key, a renamed argument and a broken message", () => {
  const english = { a: "Hi, {name}", b: "{n, plural, one {# item} other {# items}}", c: "Plain" };
  expect(compareCatalogues(english, { a: "Hola, {name}", b: "{n, plural, one {# cosa} other {# cosas}}", c: "Simple" })).toEqual([]);
  expect(compareCatalogues(english, { a: "Hola, {name}", b: "{n, plural, one {# cosa} other {# cosas}}" })).toEqual(["missing c"]);
  expect(compareCatalogues(english, { a: "Hola, {nombre}", b: "{n, plural, one {# cosa} other {# cosas}}", c: "Simple" })).toEqual(["a uses {nombre} where English uses {name}"]);
  expect(compareCatalogues(english, { a: "Hola, {name", b: "{n, plural, one {# cosa}}", c: "Simple", d: "?" })).toEqual([
    expect.stringMatching(/^a does not parse/),
    expect.stringMatching(/^b does not parse/),
    "extra d",
  ]);
});
