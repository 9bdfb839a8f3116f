// The in-page question for confirmAction where Telegram's popup is not at hand (the browser demo,
// an old client): a small sheet with the two answers, drawn by the screen that asks.
import { useSignals } from "@preact/signals-react/runtime";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { inPageConfirmation } from "@/web/app/telegram/popup.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";

export function ConfirmHost() {
  useSignals();
  const { t } = useI18n();
  const question = inPageConfirmation.value;
  if (!question) return null;
  return (
    <Dialog
      variant="sheet"
      open
      onClose={() => question.answer(false)}
      title={question.title}
      // A wallet address is one long word: it may break anywhere rather than run off the sheet.
      description={<span className="[overflow-wrap:anywhere]">{question.message}</span>}
      closeLabel={t("common.close")}
    >
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" size="lg" onClick={() => question.answer(false)}>
          {question.cancel}
        </Button>
        <Button size="lg" onClick={() => question.answer(true)}>
          {question.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
