// A segmented control: the tabs the spec's screens use (leaderboard, wallet, info).
import { haptics } from "../../telegram/haptics.ts";

export function Tabs<T extends string>({ value, onChange, tabs, label }: { value: T; onChange: (value: T) => void; tabs: Array<{ value: T; label: string }>; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-0.5 overflow-x-auto rounded-xl bg-card p-1 shadow-sm">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          onClick={() => {
            if (tab.value !== value) haptics.select();
            onChange(tab.value);
          }}
          className={`flex-auto rounded-lg px-1.5 py-2 text-[13px] font-semibold whitespace-nowrap min-[360px]:px-2 min-[360px]:text-sm ${tab.value === value ? "bg-accent text-accent-fg" : "text-hint"}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
