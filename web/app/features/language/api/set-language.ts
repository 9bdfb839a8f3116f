import type { Language } from "@/domain/i18n/languages.ts";
import { prefetchLanguage, speak } from "@/web/app/i18n/i18n.ts";
import { api } from "@/web/app/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";

/**
 * Keeps the user's choice on the server (PUT /api/me/language), so the app and the bot speak it
 * on every device, and switches the app once the new catalogue is here; both downloads run at once.
 */
export async function setLanguage(language: Language): Promise<void> {
  const [saved] = await Promise.all([api.put("/api/me/language", { body: { language } }, { error: "errors.language" }), prefetchLanguage(language)]);
  await speak(saved.language);
  // The server words some of what it sends in the user's language.
  void invalidate("me", "tasks");
}
