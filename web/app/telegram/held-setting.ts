// A Telegram setting that parts of the app need only while they are on screen (a closing
// confirmation while input is unsent, vertical swipes off while a dialog is open): counted by
// the parts holding it, and told to Telegram only when it turns, so two dialogs stacked, or one
// closing as another opens, never leave it wrong.
import { useEffect } from "react";

export function heldSetting(tell: (held: boolean) => void): (active: boolean) => void {
  let holders = 0;
  const change = (delta: number) => {
    const before = holders > 0;
    holders += delta;
    if (before !== holders > 0) tell(holders > 0);
  };
  return function useHeld(active: boolean): void {
    useEffect(() => {
      if (!active) return;
      change(1);
      return () => change(-1);
    }, [active]);
  };
}
