// The warning inside a confirmation when an amount passes the size that asks for a second look
// (rules.largeTaskReward, rules.largeAdjustment): the amount in figures and in words, so an extra
// zero cannot pass unseen.
import { displayUsdt, wholeUsdt } from "@/domain/money.ts";
import { AlertIcon } from "@/web/shared/ui/icons.tsx";
import { usdtWords } from "@/web/admin/lib/amount-words.ts";

export function LargeAmountNotice({ amount, threshold, what }: { amount: string; threshold: number; what: string }) {
  return (
    <div role="note" data-testid="large-amount" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          This is a large amount: <span className="tabular-nums">{displayUsdt(amount)} USDT</span>
        </p>
        <p>
          In words: <strong data-testid="amount-words">{usdtWords(amount)}</strong>.
        </p>
        <p className="text-amber-800">
          {what} above {wholeUsdt(threshold)} USDT ask for this second look. Check the amount before you go on.
        </p>
      </div>
    </div>
  );
}
