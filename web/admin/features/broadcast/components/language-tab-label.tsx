// A language's tab in the composer: its name, how many users it counts, and a mark when its text
// cannot go out as typed.
import type { Language } from "@/domain/i18n/languages.ts";
import { formatCount } from "@/web/shared/format.ts";
import { AlertIcon } from "@/web/shared/ui/icons.tsx";
import { tabName } from "@/web/admin/features/broadcast/broadcast-texts.ts";

export function LanguageTabLabel({ language, count, flagged }: { language: Language; count?: number; flagged: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {tabName(language)}
      {count !== undefined && <span className="rounded-full bg-slate-200/70 px-1.5 text-xs tabular-nums text-slate-700">{formatCount(count)}</span>}
      {flagged && <AlertIcon className="h-3.5 w-3.5 text-rose-600" aria-label="Needs attention" />}
    </span>
  );
}
