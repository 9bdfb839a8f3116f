// Copying with the spec's toasts. The Clipboard API needs a secure context, which a plain-http
// deployment lacks, so a hidden-textarea copy is the fallback before giving up.
import { toast } from "./toast.ts";

function legacyCopy(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false; // Some browsers throw instead of answering false; both mean "not copied".
  } finally {
    area.remove();
  }
}

/** The toasts' words; the mini app passes its language's. */
export type CopyMessages = { copied: string; failed: string; failedHint: string };

const english: CopyMessages = { copied: "Copied!", failed: "Copy failed", failedHint: "Please select and copy the text manually" };

export async function copyText(text: string, messages: CopyMessages = english): Promise<boolean> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    copied = legacyCopy(text); // Denied or unavailable: try the older way before reporting.
  }
  if (copied) toast({ title: messages.copied, variant: "success" });
  else toast({ title: messages.failed, description: messages.failedHint, variant: "destructive" });
  return copied;
}
