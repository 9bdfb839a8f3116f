// A broadcast's texts, apart from how the composer draws them: the default message and the same
// message in each other language users read (a user gets the text in their language, else the
// default), what stops each from going out, and how many users each reaches.
import type { BroadcastAudienceDto, BroadcastBody } from "@/api/contract.ts";
import { defaultLanguage, languages, type Language } from "@/domain/i18n/languages.ts";
import { rules } from "@/domain/rules.ts";
import { describeProblem, findMarkdownProblem } from "@/domain/telegram-markdown.ts";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { sendingTime } from "@/domain/send-rate.ts";

export type Texts = Record<Language, string>;

export const languageNames: Record<Language, string> = { en: "English", ru: "Russian", es: "Spanish" };
export const translated = languages.filter((language) => language !== defaultLanguage);
export const emptyTexts = Object.fromEntries(languages.map((language) => [language, ""])) as Texts;
export const tabName = (language: Language) => (language === defaultLanguage ? "Default" : languageNames[language]);
export const hasOwnText = (texts: Texts, language: Language) => language === defaultLanguage || texts[language].trim() !== "";
/** Past the server's limit: only the disabled button says so, with the counter. */
export const isTooLong = (text: string) => text.length > rules.broadcastMaxLength;

/** What the server is sent: the default message, and the other languages' texts that were written. */
export function broadcastBody(texts: Texts): BroadcastBody {
  const own = Object.fromEntries(translated.filter((language) => hasOwnText(texts, language)).map((language) => [language, texts[language].trim()]));
  return { message: texts[defaultLanguage].trim(), ...(Object.keys(own).length > 0 && { texts: own }) };
}

/** How many users get each text: a language without its own text reads the default. */
export function reachOf(audience: BroadcastAudienceDto, texts: Texts): Record<Language, number> {
  const reach = { ...audience.byLanguage };
  for (const language of translated) {
    if (hasOwnText(texts, language)) continue;
    reach[defaultLanguage] += reach[language];
    reach[language] = 0;
  }
  return reach;
}

/** What stops a text from going out as typed: a toast to show, or (past the limit) only the disabled button. */
export function problemOf(texts: Texts, language: Language): { title: string; description: string } | "too long" | undefined {
  const text = texts[language].trim();
  const which = language === defaultLanguage ? "Message" : `The ${languageNames[language]} text`;
  if (!text) return language === defaultLanguage ? { title: "Message Required", description: "Please enter a message to broadcast" } : undefined;
  if (text.length < rules.broadcastMinLength) return { title: "Message Too Short", description: `${which} must be at least ${rules.broadcastMinLength} characters long` };
  if (isTooLong(texts[language])) return "too long";
  const problem = findMarkdownProblem(texts[language]);
  if (problem) return { title: "Message Formatting Error", description: `${which}: ${describeProblem(problem)}` };
  return undefined;
}

/** Who gets the text of one language, said under its box. */
export function audienceNote(language: Language, texts: Texts, audience: BroadcastAudienceDto | undefined): string | undefined {
  if (!audience) return undefined;
  const reach = reachOf(audience, texts);
  if (language === defaultLanguage) return `Goes to ${countOf(reach[language], "user")}: ${languageNames[language]} readers and every language without its own text.`;
  const readers = countOf(audience.byLanguage[language], `${languageNames[language]} reader`);
  return hasOwnText(texts, language) ? `Goes to ${readers}.` : `Left empty, ${readers} get the default message.`;
}

/** The confirmation's rows: everyone reached, then who gets each text. */
export function confirmationFacts(texts: Texts, audience: BroadcastAudienceDto | undefined): Array<[string, string]> {
  if (!audience) return [["Recipients", "Unknown: the count could not be loaded"]];
  const reach = reachOf(audience, texts);
  const facts: Array<[string, string]> = [["Recipients", countOf(audience.total, "user")], ["Sending takes", sendingTime(audience)]];
  for (const language of languages) {
    if (language === defaultLanguage) facts.push(["Default message", countOf(reach[language], "user")]);
    else {
      const readers = countOf(audience.byLanguage[language], "reader");
      facts.push([`${languageNames[language]} text`, hasOwnText(texts, language) ? countOf(reach[language], "user") : `none: its ${readers} get the default`]);
    }
  }
  return facts;
}
