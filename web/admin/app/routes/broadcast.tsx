import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { BroadcastForm } from "@/web/admin/features/broadcast/components/broadcast-form.tsx";
import { BroadcastHistory } from "@/web/admin/features/broadcast/components/broadcast-history.tsx";
import { BroadcastInfo } from "@/web/admin/features/broadcast/components/broadcast-info.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";
import { useConfig } from "@/web/admin/lib/config.ts";

// The server's defaults, used until /api/config answers.
const defaultPacing = { batchSize: 28, gapMs: 100, intervalSeconds: 300 };

export function BroadcastRoute() {
  const config = useConfig().data;
  const pacing = config?.broadcast ?? defaultPacing;
  const canSend = useAccess().can("broadcast:send");
  return (
    <>
      <PageHeader title="Broadcast" description="Send a message to every active user of the bot." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {canSend && <BroadcastForm intervalMinutes={Math.max(1, Math.round(pacing.intervalSeconds / 60))} sender={config?.productName ?? "RefBot"} />}
          <BroadcastHistory />
        </div>
        <BroadcastInfo pacing={pacing} />
      </div>
    </>
  );
}
