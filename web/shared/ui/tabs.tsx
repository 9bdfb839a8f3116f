// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and select
// them; only the selected tab is in the Tab order. The caller renders the panel with TabPanel.
// The look is the app's tab-list and tab utilities (see kit.css); a change of tab is passed to
// the platform (a haptic tick inside Telegram).
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/web/shared/cn.ts";
import { usePlatform } from "./platform.ts";

export type TabItem<T extends string> = { value: T; label: ReactNode };

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
  const { select } = usePlatform();
  const choose = (next: T) => {
    if (next !== value) select?.();
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(items[next]!.value);
    refs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={cn("tab-list flex overflow-x-auto p-1", className)}>
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
            onClick={() => choose(item.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className="tab inline-flex items-center justify-center font-control whitespace-nowrap focus-visible:outline-2 focus-visible:outline-accent"
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idBase, value, children, className }: { idBase: string; value: string; children: ReactNode; className?: string }) {
  const ids = tabIds(idBase, value);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} className={cn("focus-visible:outline-2 focus-visible:outline-accent", className)}>
      {children}
    </div>
  );
}
