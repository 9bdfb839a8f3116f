// Asking before an action that cannot be undone: Telegram's own popup (web_app_open_popup, its
// answer in popup_closed) in clients that have it (6.2 and later), and an in-page sheet drawn by
// ConfirmHost everywhere else, the browser demo included.
import { signal, type ReadonlySignal } from "@preact/signals-react";
import { onEvent, postEvent, supports } from "./bridge.ts";

export type Confirmation = { title: string; message: string; confirm: string; cancel: string };
export type PendingConfirmation = Confirmation & { answer: (confirmed: boolean) => void };

const pending = signal<PendingConfirmation | null>(null);
/** The confirmation the in-page sheet shows, if any. */
export const inPageConfirmation: ReadonlySignal<PendingConfirmation | null> = pending;

/** Resolves true when the user confirms, false when they cancel or dismiss the question. */
export function confirmAction(question: Confirmation): Promise<boolean> {
  return new Promise((resolve) => {
    if (supports("6.2")) {
      const off = onEvent("popup_closed", (data: { button_id?: string } | null) => {
        off();
        resolve(data?.button_id === "confirm");
      });
      // Telegram words the cancel button itself, in the user's client language.
      postEvent("web_app_open_popup", {
        title: question.title,
        message: question.message,
        buttons: [
          { id: "confirm", type: "default", text: question.confirm },
          { id: "cancel", type: "cancel" },
        ],
      });
      return;
    }
    pending.peek()?.answer(false);
    pending.value = {
      ...question,
      answer: (confirmed) => {
        pending.value = null;
        resolve(confirmed);
      },
    };
  });
}
