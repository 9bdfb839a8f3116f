// Placeholder block shown while data loads; hidden from assistive tech, which gets aria-busy instead.
import { cn } from "../cn.ts";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200", className)} />;
}
