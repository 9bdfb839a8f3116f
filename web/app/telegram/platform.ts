// What Telegram lends the UI kit's controls: a haptic tick for a press or a change of tab, and
// its back button, which closes an open dialog.
import type { Platform } from "@/web/shared/ui/platform.ts";
import { useBackButton } from "./back-button.ts";
import { haptics } from "./haptics.ts";

export const telegramPlatform: Platform = { tap: haptics.tap, select: haptics.select, useBack: useBackButton };
