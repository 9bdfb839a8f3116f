// A message as a Telegram chat shows it: a bubble from the bot with the Markdown rendered (see
// telegram-text.tsx), or why Telegram would refuse it.
import { AlertIcon } from "@/web/shared/ui/icons.tsx";
import { describeProblem, findMarkdownProblem, parseTelegramMarkdown } from "@/domain/telegram-markdown.ts";
import { TelegramText } from "./telegram-text.tsx";

export function MessagePreview({ text, sender }: { text: string; sender: string }) {
  // Telegram drops the spaces and blank lines around a message, as the server does before queuing.
  const message = text.trim();
  const parsed = parseTelegramMarkdown(message);
  return (
    <figure className="space-y-1.5">
      <figcaption className="text-xs font-medium text-slate-500">Preview as Telegram shows it</figcaption>
      <div className="rounded-xl bg-sky-50 p-3 sm:p-4">
        {parsed.spans ? (
          <div data-testid="message-preview" className="max-w-md rounded-2xl rounded-bl-sm bg-white px-3 py-2 shadow-sm">
            <p className="text-xs font-semibold text-indigo-600">{sender}</p>
            <div className="text-[15px] leading-snug break-words whitespace-pre-wrap text-slate-900">
              {message ? <TelegramText spans={parsed.spans} /> : <span className="text-slate-400 italic">Your message appears here.</span>}
            </div>
          </div>
        ) : (
          <p role="alert" data-testid="markdown-problem" className="flex gap-2 rounded-lg bg-rose-50 p-3 text-sm text-rose-800">
            <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
            {/* Placed in the text as typed, as the server's refusal places it. */}
            {describeProblem(findMarkdownProblem(text)!)}
          </p>
        )}
      </div>
    </figure>
  );
}
