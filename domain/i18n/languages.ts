// The languages users are spoken to in. Adding one is adding its catalogue files beside the
// others and its code here; the admin panel and the CLI stay English.
export const languages = ["en", "ru", "es"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

export const languageNames: Record<Language, string> = { en: "English", ru: "Русский", es: "Español" };

export const isLanguage = (code: unknown): code is Language => typeof code === "string" && (languages as readonly string[]).includes(code);

/**
 * The language for a Telegram language_code ("ru", "es-419", "pt-br", "xx") or a user's choice:
 * its first subtag if we speak it, English otherwise.
 */
export function pickLanguage(...codes: (string | null | undefined)[]): Language {
  for (const code of codes) {
    const base = code?.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return defaultLanguage;
}
