// What Telegram lends the UI kit's controls: a haptic tick for a press or a change of tab, its
// back button, which closes an open dialog, and no swipe-to-close while one is open.
import type { Platform } from "@/web/shared/ui/platform.ts";
import { useBackButton } from "./back-button.ts";
import { haptics } from "./haptics.ts";
import { useVerticalSwipesOff } from "./vertical-swipes.ts";

export const telegramPlatform: Platform = { tap: haptics.tap, select: haptics.select, useBack: useBackButton, useDialog: useVerticalSwipesOff };
