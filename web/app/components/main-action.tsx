// A screen's or a sheet's main action. Inside Telegram it is the MainButton at the bottom of the
// app, as Telegram's own apps do it, and nothing is drawn in the page; elsewhere (the browser
// demo) it is an in-page button. A disabled action hides the MainButton: a reason in the page
// says why there is nothing to press.
import type { ReactNode } from "react";
import { isInsideTelegram } from "@/web/app/telegram/bridge.ts";
import { useMainButton } from "@/web/app/telegram/main-button.ts";
import { Button } from "@/web/shared/ui/button.tsx";

type Props = {
  text: string;
  onPress: () => void;
  busy?: boolean;
  /** The in-page button's text while busy (the MainButton shows a spinner instead). */
  busyText?: string;
  disabled?: boolean;
  /** An icon before the in-page button's text. */
  icon?: ReactNode;
  className?: string;
  /** The in-page button submits its form (Enter in a field does the same). */
  submit?: boolean;
};

export function MainAction({ text, onPress, busy, busyText, disabled, icon, className, submit }: Props) {
  const inTelegram = isInsideTelegram();
  useMainButton(inTelegram && !disabled ? { text, onPress, busy } : null);
  if (inTelegram) return null;
  return (
    <Button
      type={submit ? "submit" : "button"}
      size="lg"
      block
      className={className}
      disabled={disabled || busy}
      onClick={submit ? undefined : onPress}
    >
      {icon}
      {busy && busyText ? busyText : text}
    </Button>
  );
}
