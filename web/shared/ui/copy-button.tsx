// Icon button that copies a value and says so with the spec's toasts.
import { copyText } from "@/web/shared/clipboard.ts";
import { Button } from "./button.tsx";
import { CopyIcon } from "./icons.tsx";

export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => void copyText(value)}>
      <CopyIcon />
    </Button>
  );
}
