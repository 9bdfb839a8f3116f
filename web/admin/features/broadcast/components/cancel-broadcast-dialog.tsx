// The question before a broadcast is cancelled, with what it has and has not sent, and the cancel
// itself; the history refreshes with the broadcast shown as stopped.
import type { BroadcastDto } from "@/api/contract.ts";
import { formatCount } from "@/web/shared/format.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { cancelBroadcast } from "@/web/admin/features/broadcast/api/cancel-broadcast.ts";

export function CancelBroadcastDialog({ broadcast, onClose }: { broadcast: BroadcastDto | null; onClose: () => void }) {
  const { mutate, isPending } = useMutation(async () => {
    if (!broadcast) return;
    const cancelled = await cancelBroadcast(broadcast.id);
    toast({ title: `Broadcast #${cancelled.id} cancelled`, description: `${formatCount(cancelled.sent)} of ${formatCount(cancelled.total)} sent; the rest will not be.`, variant: "success" });
    onClose();
  });
  return (
    <ConfirmDialog
      open={broadcast !== null}
      onClose={onClose}
      onConfirm={mutate}
      title="Cancel this broadcast?"
      description="What it has not sent yet is never sent: those deliveries fail with the reason. A message on its way at this moment may still arrive."
      facts={broadcast ? [["Not sent yet", `${formatCount(broadcast.pending)} of ${formatCount(broadcast.total)}`], ["Already sent", formatCount(broadcast.sent)]] : []}
      confirmLabel="Cancel Broadcast"
      busyLabel="Cancelling..."
      variant="danger"
      busy={isPending}
    />
  );
}
