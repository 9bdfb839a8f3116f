// Shown when the app was opened outside Telegram (and the server is not in demo mode), or when
// the server does not accept the user's Telegram data.
import type { Config } from "../api/types.ts";
import { openLink } from "../telegram/links.ts";
import { Button } from "./ui/button.tsx";
import { SendIcon } from "./ui/icons.tsx";

/** `inline` fits the notice into a screen (Home) instead of filling the whole window. */
export function TelegramRequired({ config, inline = false }: { config?: Config; inline?: boolean }) {
  const botUrl = config ? `https://t.me/${config.botUsername}` : undefined;
  return (
    <div className={`mx-auto flex max-w-md flex-col ${inline ? "py-8" : "min-h-dvh"} items-center justify-center gap-5 px-6 text-center`} data-testid="telegram-required">
      <span className="grid h-16 w-16 place-items-center rounded-full bg-tint text-link">
        <SendIcon size={30} />
      </span>
      <div className="space-y-2">
        <h1 className="text-xl font-bold">Access Through Telegram Required</h1>
        <p className="text-sm text-hint">This app works inside Telegram, where it knows who you are. To open it:</p>
      </div>
      <ol className="w-full space-y-2 rounded-2xl bg-card p-4 text-left text-sm shadow-sm">
        <li>1. Open {config ? <b>@{config.botUsername}</b> : "the bot"} in Telegram</li>
        <li>
          2. Send <b>/start</b>
        </li>
        <li>
          3. Press <b>Open App</b>
        </li>
      </ol>
      {botUrl && (
        <Button size="lg" block onClick={() => openLink(botUrl)}>
          <SendIcon size={18} /> Open the bot
        </Button>
      )}
    </div>
  );
}
