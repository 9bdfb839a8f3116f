// Shown when the app was opened outside Telegram (and the server is not in demo mode): how to
// open it from the bot. When the server refused the user's Telegram data instead (an expired or
// altered link), its reason replaces those steps, since the user did open the app from Telegram.
import type { PublicConfigDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { openLink } from "@/web/app/telegram/links.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { SendIcon } from "@/web/shared/ui/icons.tsx";
import { Disc } from "@/web/app/components/disc.tsx";

export default function TelegramRequired({ config, reason }: { config?: PublicConfigDto; reason?: string }) {
  const { t, rich } = useI18n();
  const botUrl = config ? `https://t.me/${config.botUsername}` : undefined;
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-5 px-6 text-center" data-testid="telegram-required">
      <Disc size="xl" tone="bg-tint text-link" icon={SendIcon} />
      <div className="space-y-2">
        <h1 className="text-xl font-bold">{t("telegram.title")}</h1>
        {reason ? (
          <p className="text-sm" role="alert" data-testid="refusal-reason">
            {reason}
          </p>
        ) : (
          <p className="text-sm text-hint">{t("telegram.intro")}</p>
        )}
      </div>
      {!reason && (
        <ol className="w-full space-y-2 rounded-2xl bg-card p-4 text-left text-sm shadow-sm">
          <li>1. {rich("telegram.step1", { bot: config ? <b>@{config.botUsername}</b> : t("telegram.theBot") })}</li>
          <li>2. {rich("telegram.step2", { command: <b>/start</b> })}</li>
          <li>3. {rich("telegram.step3", { button: <b>{t("telegram.openAppButton")}</b> })}</li>
        </ol>
      )}
      {botUrl && (
        <Button size="lg" block onClick={() => openLink(botUrl)}>
          <SendIcon size={18} /> {t("telegram.openBot")}
        </Button>
      )}
    </div>
  );
}
