// The header's "Bot Active" light: green only when the server reports the bot running.
import { cn } from "../../../shared/cn.ts";
import type { Health } from "../../lib/health.ts";

export function BotStatus({ health, loading }: { health?: Health; loading: boolean }) {
  const active = health?.botActive === true;
  const label = loading ? "Checking bot..." : active ? "Bot Active" : health ? "Bot Off" : "Server unreachable";
  const hint = active ? "The Telegram bot is running" : health?.demoMode ? "No BOT_TOKEN is set, so the bot is not running" : "The Telegram bot is not running";
  return (
    <span
      role="status"
      title={hint}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        active ? "bg-emerald-50 text-emerald-700 ring-emerald-200" : "bg-slate-100 text-slate-600 ring-slate-200",
      )}
    >
      <span className={cn("h-2 w-2 rounded-full", active ? "animate-pulse bg-emerald-500" : loading ? "bg-slate-300" : "bg-amber-500")} aria-hidden="true" />
      {label}
      {!active && health?.demoMode && <span className="hidden sm:inline">(demo mode)</span>}
    </span>
  );
}
