// Shown when the app was opened outside Telegram (and the server is not in demo mode): how to
// open it from the bot. When the server refused the user's Telegram data instead (an expired or
// altered link), its reason replaces those steps, since the user did open the app from Telegram.
import type { PublicConfigDto } from "@/api/http/contract.ts";
import { openLink } from "@/web/app/telegram/links.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { SendIcon } from "@/web/shared/ui/icons.tsx";

export function TelegramRequired({ config, reason }: { config?: PublicConfigDto; reason?: string }) {
  const botUrl = config ? `https://t.me/${config.botUsername}` : undefined;
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-5 px-6 text-center" data-testid="telegram-required">
      <span className="grid h-16 w-16 place-items-center rounded-full bg-tint text-link">
        <SendIcon size={30} />
      </span>
      <div className="space-y-2">
        <h1 className="text-xl font-bold">Access Through Telegram Required</h1>
        {reason ? (
          <p className="text-sm" role="alert" data-testid="refusal-reason">
            {reason}
          </p>
        ) : (
          <p className="text-sm text-hint">This app works inside Telegram, where it knows who you are. To open it:</p>
        )}
      </div>
      {!reason && (
        <ol className="w-full space-y-2 rounded-2xl bg-card p-4 text-left text-sm shadow-sm">
          <li>1. Open {config ? <b>@{config.botUsername}</b> : "the bot"} in Telegram</li>
          <li>
            2. Send <b>/start</b>
          </li>
          <li>
            3. Press <b>Open App</b>
          </li>
        </ol>
      )}
      {botUrl && (
        <Button size="lg" block onClick={() => openLink(botUrl)}>
          <SendIcon size={18} /> Open the bot
        </Button>
      )}
    </div>
  );
}
