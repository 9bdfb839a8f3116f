// The question before a broadcast is queued, since a broadcast to every user cannot be called
// back: who gets which text, and when sending starts.
import type { BroadcastAudienceDto } from "@/api/contract.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { confirmationFacts, type Texts } from "@/web/admin/features/broadcast/broadcast-texts.ts";

type ConfirmBroadcastDialogProps = {
  open: boolean;
  texts: Texts;
  /** The counted audience; without it the dialog says the count is unknown. */
  audience?: BroadcastAudienceDto;
  intervalMinutes: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => unknown;
};

export function ConfirmBroadcastDialog({ open, texts, audience, intervalMinutes, busy, onClose, onConfirm }: ConfirmBroadcastDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      onConfirm={onConfirm}
      title="Send this broadcast?"
      description={`It is queued at once and cannot be called back. ${audience?.byRate ? "Sending starts at once." : `Sending starts within ${intervalMinutes} minutes.`}`}
      facts={confirmationFacts(texts, audience)}
      confirmLabel={audience ? `Send to ${countOf(audience.total, "user")}` : "Send to everyone"}
      busyLabel="Sending..."
      busy={busy}
    />
  );
}
