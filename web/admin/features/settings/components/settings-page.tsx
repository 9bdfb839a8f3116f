// Every setting, grouped as the server lists them (group by group, in the domain's order), each
// group saved on its own. Only types come from domain/settings.ts: its schema stays on the server.
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useSettings } from "../api/get-settings.ts";
import { SettingsGroupCard } from "./settings-group-card.tsx";

export function SettingsGroups() {
  const { data, error, refetch } = useSettings();
  if (error && !data) return <ErrorState message={error.message} onRetry={() => void refetch()} />;
  if (!data) return <Skeleton className="h-96 rounded-xl" />;
  return (
    <div className="space-y-6">
      {[...new Set(data.map((s) => s.group))].map((group) => (
        <SettingsGroupCard key={group} group={group} settings={data.filter((s) => s.group === group)} />
      ))}
    </div>
  );
}
