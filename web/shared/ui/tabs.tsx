// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and select
// them; only the selected tab is in the Tab order. The caller renders the panel with TabPanel.
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "../cn.ts";

export type TabItem<T extends string> = { value: T; label: ReactNode; icon?: ReactNode; count?: number };

type TabsProps<T extends string> = {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  idBase?: string;
  className?: string;
};

export function tabIds(base: string, value: string) {
  return { tab: `${base}-tab-${value}`, panel: `${base}-panel-${value}` };
}

export function Tabs<T extends string>({ label, items, value, onChange, idBase, className }: TabsProps<T>) {
  const autoId = useId();
  const base = idBase ?? autoId;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(items[next]!.value);
    refs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={cn("flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1", className)}>
      {items.map((item, index) => {
        const selected = item.value === value;
        const ids = tabIds(base, item.value);
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
              "focus-visible:outline-2 focus-visible:outline-indigo-500",
              selected ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
            )}
          >
            {item.icon}
            {item.label}
            {item.count !== undefined && (
              <span className={cn("rounded-full px-1.5 text-xs tabular-nums", selected ? "bg-indigo-100 text-indigo-700" : "bg-slate-200 text-slate-600")}>{item.count}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idBase, value, children, className }: { idBase: string; value: string; children: ReactNode; className?: string }) {
  const ids = tabIds(idBase, value);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} className={cn("focus-visible:outline-2 focus-visible:outline-indigo-500", className)}>
      {children}
    </div>
  );
}
