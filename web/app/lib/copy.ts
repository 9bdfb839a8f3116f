import { i18n } from "@/web/app/i18n/i18n.ts";
import { copyText } from "@/web/shared/clipboard.ts";

/** Copies with the shared clipboard helper, its toasts in the user's language. */
export function copy(text: string): Promise<boolean> {
  const { t } = i18n();
  return copyText(text, { copied: t("common.copied"), failed: t("common.copyFailed"), failedHint: t("common.copyFailedHint") });
}
