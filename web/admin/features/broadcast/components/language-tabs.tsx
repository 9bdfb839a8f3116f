// The composer's tabs, one per language users read: a language's tab counts its readers, the
// default's everyone it reaches, and a tab whose text cannot go out as typed is marked.
import { defaultLanguage, languages, type Language } from "@/domain/i18n/languages.ts";
import { findMarkdownProblem } from "@/domain/telegram-markdown.ts";
import { Tabs } from "@/web/shared/ui/tabs.tsx";
import { isTooLong, type Texts } from "@/web/admin/features/broadcast/broadcast-texts.ts";
import { LanguageTabLabel } from "./language-tab-label.tsx";

type LanguageTabsProps = {
  idBase: string;
  texts: Texts;
  value: Language;
  onChange: (language: Language) => void;
  /** Users each text reaches, once the audience is counted. */
  reach?: Record<Language, number>;
  /** Readers of each language, once the audience is counted. */
  readers?: Record<Language, number>;
};

export function LanguageTabs({ idBase, texts, value, onChange, reach, readers }: LanguageTabsProps) {
  return (
    <div className="space-y-1.5">
      <Tabs
        label="Broadcast language"
        idBase={idBase}
        items={languages.map((language) => ({
          value: language,
          label: <LanguageTabLabel language={language} count={language === defaultLanguage ? reach?.[language] : readers?.[language]} flagged={isTooLong(texts[language]) || findMarkdownProblem(texts[language]) !== undefined} />,
        }))}
        value={value}
        onChange={onChange}
      />
      <p className="text-xs text-slate-500">Each user gets the text in their language; a language left empty gets the default message.</p>
    </div>
  );
}
