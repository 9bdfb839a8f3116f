// The language the app speaks, chosen among the ones it has catalogues for, each named in itself.
import { useState } from "react";
import { languageNames, languages, type Language } from "@/domain/i18n/languages.ts";
import { setLanguage } from "@/web/app/features/language/api/set-language.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { haptics } from "@/web/app/telegram/haptics.ts";
import { cn } from "@/web/shared/cn.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { GlobeIcon } from "@/web/shared/ui/icons.tsx";

export function LanguagePicker() {
  const { t, language } = useI18n();
  const [pending, setPending] = useState<Language | null>(null);
  async function choose(next: Language) {
    if (next === language || pending) return;
    haptics.select();
    setPending(next);
    try {
      await setLanguage(next);
    } catch {
      // The API client has said why in a toast; the app stays in the language it had.
    } finally {
      setPending(null);
    }
  }
  return (
    <Card className="space-y-3" data-testid="language-picker">
      <h2 id="language-title" className="flex items-center gap-2 font-semibold">
        <GlobeIcon size={18} className="text-hint" /> {t("info.language")}
      </h2>
      <div role="group" aria-labelledby="language-title" className="grid grid-cols-3 gap-1 rounded-xl bg-page p-1">
        {languages.map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={code === language}
            disabled={pending !== null}
            onClick={() => void choose(code)}
            className={cn(
              "min-h-11 rounded-lg px-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-accent",
              code === language ? "bg-accent text-accent-fg shadow-sm" : "text-hint",
              pending === code && "animate-pulse",
            )}
          >
            {languageNames[code]}
          </button>
        ))}
      </div>
    </Card>
  );
}
