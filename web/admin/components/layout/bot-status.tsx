// The header's bot light: green while the bot works with Telegram, amber while it is starting or
// cannot reach Telegram (with since when and the last error as the hint), grey when it is off.
import type { HealthDto } from "@/api/contract.ts";
import { cn } from "@/web/shared/cn.ts";
import { formatTimeOrDate } from "@/web/shared/format-time.ts";

type Light = { label: string; hint: string; tone: "good" | "warn" | "off" };

/** What the light says for a health answer (exported for its unit test). */
export function botLight(health: HealthDto | undefined, loading: boolean): Light {
  if (loading) return { label: "Checking bot...", hint: "Asking the server what the bot is doing", tone: "off" };
  if (!health) return { label: "Server unreachable", hint: "The server did not answer", tone: "warn" };
  const { state, since, lastError, retryAt } = health.bot;
  const retry = retryAt ? ` Next try at ${formatTimeOrDate(retryAt)}.` : "";
  switch (state) {
    case "active":
      return { label: "Bot Active", hint: "The Telegram bot is running", tone: "good" };
    case "starting":
      return { label: "Bot starting…", hint: `Connecting to Telegram.${lastError ? ` Last error: ${lastError}.` : ""}${retry}`, tone: "warn" };
    case "unreachable":
      return { label: `Bot unreachable since ${formatTimeOrDate(since)}`, hint: `${lastError ?? "Telegram cannot be reached"}.${retry}`, tone: "warn" };
    case "off":
      return { label: "Bot Off", hint: health.demoMode ? "No BOT_TOKEN is set, so the bot is not running" : "The Telegram bot is not running", tone: "off" };
  }
}

export function BotStatus({ health, loading }: { health?: HealthDto; loading: boolean }) {
  const { label, hint, tone } = botLight(health, loading);
  return (
    <span
      role="status"
      title={hint}
      data-bot-state={health?.bot.state}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tone === "good" ? "bg-emerald-50 text-emerald-700 ring-emerald-200" : tone === "warn" ? "bg-amber-50 text-amber-800 ring-amber-200" : "bg-slate-100 text-slate-600 ring-slate-200",
      )}
    >
      <span className={cn("h-2 w-2 rounded-full", tone === "good" ? "animate-pulse bg-emerald-500" : loading ? "bg-slate-300" : "bg-amber-500")} aria-hidden="true" />
      {label}
      {health?.bot.state === "off" && health.demoMode && <span className="hidden sm:inline">(demo mode)</span>}
    </span>
  );
}
