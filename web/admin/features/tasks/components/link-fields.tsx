// A link task's own boxes: the page users open and how long after opening it they may claim.
import { rules } from "@/domain/rules.ts";
import { InputField } from "@/web/shared/ui/field.tsx";

type LinkFieldsProps = {
  url: string;
  waitSeconds: string;
  urlError?: string;
  waitError?: string;
  onChange: (field: "url" | "waitSeconds", value: string) => void;
};

export function LinkFields({ url, waitSeconds, urlError, waitError, onChange }: LinkFieldsProps) {
  return (
    <>
      <InputField
        label="Link URL"
        type="url"
        inputMode="url"
        required
        value={url}
        onChange={(e) => onChange("url", e.target.value)}
        error={urlError}
        placeholder="https://x.com/refbot"
        hint="The page users open; http:// or https:// only."
      />
      <InputField
        label="Wait before claiming (seconds)"
        type="number"
        inputMode="numeric"
        min={0}
        max={rules.maxLinkWaitSeconds}
        step={1}
        required
        value={waitSeconds}
        onChange={(e) => onChange("waitSeconds", e.target.value)}
        error={waitError}
        hint={`How long after opening the link users can claim the reward: 0 to ${rules.maxLinkWaitSeconds}.`}
      />
    </>
  );
}
