// A panel (its look is the app's `panel` utility, see kit.css), with the admin's header row
// (title, description, actions) and the mini app's section title above a card.
import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "@/web/shared/cn.ts";

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cn("panel", className)} {...props} />;
}

export function CardHeader({ title, description, actions, icon }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; icon?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
      <div className="flex min-w-0 items-center gap-2">
        {icon}
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-fg">{title}</h2>
          {description && <p className="text-sm text-hint">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </header>
  );
}

/** A small upper-case heading over a card, with room for an action on the right. */
export function SectionTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-2 flex items-center justify-between gap-2 px-1">
      <h2 className="text-sm font-semibold tracking-wide text-hint uppercase">{children}</h2>
      {action}
    </div>
  );
}
