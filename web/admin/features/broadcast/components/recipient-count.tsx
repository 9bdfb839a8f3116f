// How many users a broadcast reaches, by language, under the composer; while counting, or when
// the count could not be loaded, it says so (with Retry).
import { defaultLanguage, languages } from "@/domain/i18n/languages.ts";
import { formatCount } from "@/web/shared/format.ts";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { countOf } from "@/web/admin/lib/count-of.ts";
import type { useAudience } from "@/web/admin/features/broadcast/api/get-audience.ts";
import { languageNames } from "@/web/admin/features/broadcast/broadcast-texts.ts";

export function RecipientCount({ audience }: { audience: ReturnType<typeof useAudience> }) {
  if (audience.isLoading) return <p className="text-sm text-slate-500">Counting recipients...</p>;
  if (!audience.data) return <ErrorState compact title="Unable to count recipients" message={audience.error?.message} onRetry={audience.refetch} retrying={audience.isFetching} />;
  const { total, byLanguage } = audience.data;
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      Reaches <strong data-testid="recipient-count" className="text-slate-900 tabular-nums">{countOf(total, "user")}</strong>
      <span className="text-slate-500">
        {" "}
        ({languages.map((language) => `${formatCount(byLanguage[language])} ${languageNames[language]}${language === defaultLanguage ? " or other" : ""}`).join(", ")})
      </span>
    </p>
  );
}
