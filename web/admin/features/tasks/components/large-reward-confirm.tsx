// The second question before a task with a large reward is saved: the reward per completion,
// written out in words above rules.largeTaskReward.
import { displayUsdt } from "@/domain/money.ts";
import { rules } from "@/domain/rules.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { LargeAmountNotice } from "@/web/admin/components/large-amount-notice.tsx";
import type { TaskInput } from "@/web/admin/features/tasks/task-form.ts";

type LargeRewardConfirmProps = {
  /** The task waiting for the confirmation; none closes the dialog. */
  held: TaskInput | null;
  editing: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (input: TaskInput) => void;
};

export function LargeRewardConfirm({ held, editing, busy, onClose, onConfirm }: LargeRewardConfirmProps) {
  return (
    <ConfirmDialog
      open={held !== null}
      onClose={onClose}
      onConfirm={() => held && onConfirm(held)}
      title="Confirm a large reward"
      description={`Every completion of “${held?.title ?? ""}” pays this reward.`}
      facts={[["Reward", <span key="reward" className="tabular-nums">{`${displayUsdt(held?.rewardUsdt)} USDT per completion`}</span>]]}
      confirmLabel={editing ? "Save with this reward" : "Create with this reward"}
      busyLabel={editing ? "Saving..." : "Creating..."}
      busy={busy}
    >
      {held && <LargeAmountNotice amount={held.rewardUsdt} threshold={rules.largeTaskReward} what="Task rewards" />}
    </ConfirmDialog>
  );
}
