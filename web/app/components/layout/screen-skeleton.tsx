// The stand-in for a screen whose code is still loading.
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

export function ScreenSkeleton() {
  const { t } = useI18n();
  return (
    <div className="space-y-4" aria-busy="true" aria-label={t("common.loading")}>
      <Skeleton className="h-12 w-full rounded-2xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-28 w-full rounded-2xl" />
      <Skeleton className="h-28 w-full rounded-2xl" />
    </div>
  );
}
