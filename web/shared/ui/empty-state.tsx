// The text a list shows when it has nothing, with an optional icon.
import type { ReactNode } from "react";

export function EmptyState({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-4 py-10 text-center text-sm text-slate-500">
      {icon && <div className="text-slate-300">{icon}</div>}
      <p>{children}</p>
    </div>
  );
}
