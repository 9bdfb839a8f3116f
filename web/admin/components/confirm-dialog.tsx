// The confirmation an action goes through before anything is sent (a withdrawal's transition, a
// balance adjustment, a large task reward, a broadcast to every user): what will happen, the facts
// it acts on, any input it needs, then Cancel or the action. Cancel, Escape and the backdrop close
// it without sending anything; the action button stays disabled until `ready`.
import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "@/web/shared/ui/button.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: () => unknown;
  title: string;
  description?: ReactNode;
  /** Label and value rows above the rest: who, how much, where. */
  facts?: Array<[label: string, value: ReactNode]>;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  variant?: ButtonVariant;
  busy?: boolean;
  ready?: boolean;
};

export function ConfirmDialog({ open, onClose, onConfirm, title, description, facts, children, confirmLabel, busyLabel, variant = "primary", busy = false, ready = true }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={variant} disabled={!ready || busy} onClick={() => void onConfirm()}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {facts && facts.length > 0 && (
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd className="min-w-0 font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </Dialog>
  );
}
