// The mini app's catalogues, one chunk per language and part (domain/i18n/<lang>/app.json for
// everything the app says at once, app-info.json for the Info screen's long texts): Vite splits
// each file found here into a chunk of its own, so a phone downloads only its user's language, the
// Info texts only when they are read, and a language added beside the others is picked up without
// an edit here.
import type { Language } from "@/domain/i18n/languages.ts";
import type app from "@/domain/i18n/en/app.json";
import type appInfo from "@/domain/i18n/en/app-info.json";

export type CataloguePart = "app" | "app-info";
export type MessageKey = keyof typeof app | keyof typeof appInfo;
export type Catalogue = Record<string, string>;

const files = import.meta.glob<Catalogue>("../../../domain/i18n/*/app*.json", { import: "default" });
const requests = new Map<string, Promise<Catalogue>>();

/** A part of the language's catalogue; asked for once however often it is wanted, and again after a failure. */
export function loadCatalogue(language: Language, part: CataloguePart = "app"): Promise<Catalogue> {
  const name = `${language}/${part}`;
  let request = requests.get(name);
  if (!request) {
    const file = files[`../../../domain/i18n/${name}.json`];
    request = file ? file() : Promise.reject(new Error(`no catalogue ${name}`));
    request.catch(() => requests.delete(name));
    requests.set(name, request);
  }
  return request;
}
