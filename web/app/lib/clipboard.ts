// Copy with the spec's toasts (shared), plus a haptic tick inside Telegram.
import { copyText as copy } from "../../shared/clipboard.ts";
import { haptics } from "../telegram/haptics.ts";

export async function copyText(text: string): Promise<void> {
  if (await copy(text)) haptics.success();
  else haptics.error();
}
