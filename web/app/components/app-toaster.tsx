import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Toaster } from "@/web/shared/ui/toaster.tsx";

/** The kit's toaster as the mini app shows it: a short banner above the navigation, named in the user's language. */
export function AppToaster() {
  const { t } = useI18n();
  return <Toaster variant="banner" label={t("common.notifications")} />;
}
