// A user's signals at a glance: each one's name and the weight it adds to the score.
import type { FlaggedUserDto } from "@/api/contract.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { signalAbout, signalLabel } from "@/web/admin/features/risk/signal-labels.ts";

export function SignalChips({ signals }: { signals: FlaggedUserDto["signals"] }) {
  if (signals.length === 0) return <p className="text-xs text-slate-500">No signals recorded</p>;
  return (
    <ul aria-label="Signals" className="flex flex-wrap gap-1.5">
      {signals.map((s) => (
        <li key={s.name} data-testid="signal-chip" title={signalAbout(s.name)}>
          <Badge tone={s.weight > 0 ? "accent" : "neutral"}>
            {signalLabel(s.name)}
            <span className="font-semibold tabular-nums">+{s.weight}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
