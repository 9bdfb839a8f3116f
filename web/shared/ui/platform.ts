// What the app around the kit lends its controls: the mini app gives Telegram's haptics, back
// button and swipe behaviour; the admin panel gives nothing, and the controls behave as on any web
// page.
import { createContext, useContext } from "react";

export type Platform = {
  /** A button was pressed. */
  tap?: () => void;
  /** A different tab was chosen. */
  select?: () => void;
  /** While `active`, the platform's own back control (Telegram's back button) calls `onBack`. */
  useBack?: (active: boolean, onBack: () => void) => void;
  /** While a dialog is `open`: the platform keeps its gestures (Telegram's swipe down) from closing the app under it. */
  useDialog?: (open: boolean) => void;
};

export const PlatformContext = createContext<Platform>({});

export const usePlatform = () => useContext(PlatformContext);
