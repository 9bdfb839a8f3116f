// Small status pill. Each tone's colours are the app's own tone-* utility (see kit.css): soft
// Telegram colours in the mini app, a ringed pastel in the admin panel.
import type { ReactNode } from "react";
import { cn } from "@/web/shared/cn.ts";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info" | "accent";

/** Each tone's utility, for anything else that takes a status tone (an amount). */
export const toneClasses: Record<BadgeTone, string> = {
  neutral: "tone-neutral",
  success: "tone-success",
  warning: "tone-warning",
  danger: "tone-danger",
  info: "tone-info",
  accent: "tone-accent",
};

export function Badge({ tone = "neutral", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-control whitespace-nowrap ring-1 ring-inset", toneClasses[tone], className)}>
      {children}
    </span>
  );
}
