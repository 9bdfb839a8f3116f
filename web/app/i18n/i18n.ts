// The language the mini app speaks and its words. The first guess (the language this device last
// spoke, else Telegram's language_code in the launch data) lets the catalogue download start with
// the app's first calls; the server's answer (GET /api/me: the user's choice, else Telegram's code)
// settles it. Numbers, amounts and dates are written the language's way through Intl.
import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { createElement, Fragment, useEffect, useState, type ReactNode } from "react";
import { formatMessage, type Values } from "@/domain/i18n/format.ts";
import { defaultLanguage, pickLanguage, type Language } from "@/domain/i18n/languages.ts";
import { formatCount, formatUsdtAmount } from "@/web/shared/format.ts";
import { formatDate, formatDateTime, formatRelative } from "@/web/shared/format-time.ts";
import { type Catalogue, type CataloguePart, loadCatalogue, type MessageKey } from "./catalogue.ts";

export type { MessageKey };

type Spoken = { language: Language; messages: Catalogue; parts: readonly CataloguePart[] };

const storageKey = "refbot:language";
const spoken = signal<Spoken | undefined>(undefined);
/** The parts of the catalogue the app has needed so far; a change of language brings them all. */
const wanted = new Set<CataloguePart>(["app"]);
let latestRequest = 0;

/** The language to fetch before the server has said: this device's last one, else Telegram's. */
export function guessLanguage(initData: string | undefined): Language {
  let telegram: string | undefined;
  try {
    telegram = JSON.parse(new URLSearchParams(initData).get("user") ?? "null")?.language_code;
  } catch {
    // Init data without a readable user: the server will say which language, this is a guess.
  }
  return pickLanguage(localStorage.getItem(storageKey), telegram);
}

/** Fetches every part of `language`'s catalogue the app needs, answering them merged. */
async function fetchLanguage(language: Language): Promise<{ messages: Catalogue; parts: CataloguePart[] }> {
  const parts = [...wanted];
  const loaded = await Promise.all(parts.map((part) => loadCatalogue(language, part)));
  return { messages: Object.assign({}, ...loaded), parts };
}

/** Starts fetching `language` (a choice about to be made), so speak() finds it sooner. */
export const prefetchLanguage = (language: Language) => fetchLanguage(language);

/** Switches the app to `language` once its catalogue is here; of two switches under way, the later wins. */
export async function speak(language: Language): Promise<void> {
  const request = ++latestRequest;
  const { messages, parts } = await fetchLanguage(language);
  if (request !== latestRequest) return;
  spoken.value = { language, messages, parts };
  document.documentElement.lang = language;
  localStorage.setItem(storageKey, language);
}

async function addPart(part: CataloguePart): Promise<void> {
  wanted.add(part);
  const before = spoken.peek();
  if (!before || before.parts.includes(part)) return;
  const messages = await loadCatalogue(before.language, part);
  const now = spoken.peek();
  // A change of language meanwhile has brought the part along already.
  if (!now || now.language !== before.language || now.parts.includes(part)) return;
  spoken.value = { ...now, messages: { ...now.messages, ...messages }, parts: [...now.parts, part] };
}

/** Starts fetching `part` of the catalogue ahead of the screen that needs it. */
export const prefetchPart = (part: CataloguePart) => void addPart(part).catch(() => undefined);

/**
 * Whether `part` of the catalogue is here ("ready"), on its way, or could not be fetched; a screen
 * that needs it asks for it by calling this, and `retry` asks again.
 */
export function useCataloguePart(part: CataloguePart): { state: "ready" | "loading" | "failed"; retry: () => void } {
  useSignals();
  const ready = spoken.value?.parts.includes(part) ?? false;
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ready) return;
    setFailed(false);
    addPart(part).catch(() => setFailed(true));
  }, [ready, part, attempt]);
  return { state: ready ? "ready" : failed ? "failed" : "loading", retry: () => setAttempt((n) => n + 1) };
}

/** Whether any catalogue has arrived, so the app can speak at all. */
export const canSpeak = () => spoken.peek() !== undefined;

// Rich arguments travel through the formatter as markers from Unicode's private use area.
const marker = /\uE000(\d+)\uE001/;

function translator(state: Spoken | undefined) {
  const language = state?.language ?? defaultLanguage;
  /** The message for `key`; a key missing from the catalogue shows as itself, and nothing shows before one arrived. */
  const t = (key: MessageKey, values: Values = {}): string => {
    if (!state) return "";
    const message = state.messages[key];
    return message === undefined ? key : formatMessage(message, values, language);
  };
  return {
    language,
    t,
    /** A message whose arguments may be elements (a bold name, a command). */
    rich(key: MessageKey, values: Record<string, ReactNode>): ReactNode[] {
      const nodes: ReactNode[] = [];
      const plain: Values = {};
      for (const [name, value] of Object.entries(values)) {
        if (typeof value === "string" || typeof value === "number") plain[name] = value;
        else plain[name] = `\uE000${nodes.push(value) - 1}\uE001`;
      }
      return t(key, plain)
        .split(marker)
        .map((part, i) => (i % 2 ? createElement(Fragment, { key: i }, nodes[Number(part)]) : part));
    },
    /** A label for a code the server sends (a ledger reason): the code itself when this build has no words for it. */
    label(prefix: "ledger" | "taskKind" | "withdrawalStatus", code: string): string {
      const key = `${prefix}.${code}` as MessageKey;
      return state && Object.hasOwn(state.messages, key) ? t(key) : code;
    },
    amount: (value: string | null | undefined) => formatUsdtAmount(value, language),
    usdt: (value: string | null | undefined) => t("common.usdt", { amount: formatUsdtAmount(value, language) }),
    count: (value: number | null | undefined) => formatCount(value, language),
    date: (iso: string | null | undefined) => formatDate(iso, language),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, language),
    relative: (iso: string) => formatRelative(iso, Date.now(), language),
  };
}

export type I18n = ReturnType<typeof translator>;

let cached: { state: Spoken | undefined; i18n: I18n } | undefined;

function i18nOf(state: Spoken | undefined): I18n {
  if (!cached || cached.state !== state) cached = { state, i18n: translator(state) };
  return cached.i18n;
}

/** The words in the current language, for a component: it renders again when the language changes. */
export function useI18n(): I18n {
  useSignals();
  return i18nOf(spoken.value);
}

/** The words in the current language, outside components (toasts after a call). */
export const i18n = (): I18n => i18nOf(spoken.peek());
