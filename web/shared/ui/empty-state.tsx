// The text a list shows when it has nothing, with an optional icon; compact inside the mini app's
// cards.
import type { ReactNode } from "react";
import { cn } from "@/web/shared/cn.ts";

export function EmptyState({ icon, compact, children }: { icon?: ReactNode; compact?: boolean; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 text-center text-sm text-hint", compact ? "py-6" : "px-4 py-10")}>
      {icon && <div className="text-faint">{icon}</div>}
      <p>{children}</p>
    </div>
  );
}
