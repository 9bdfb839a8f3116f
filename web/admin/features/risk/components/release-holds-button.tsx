// Settles the held referral bonuses that are due now rather than waiting for the scheduler, and
// says what happened to them.
import { formatCount } from "@/web/shared/format.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { ClockIcon } from "@/web/shared/ui/icons.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { useAccess } from "@/web/admin/lib/access.ts";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { releaseDueHolds } from "@/web/admin/features/risk/api/release-holds.ts";

export function ReleaseHoldsButton() {
  const { mutate, isPending } = useMutation(async () => {
    const { released, forfeited, kept, unchecked } = await releaseDueHolds();
    const parts = [`${countOf(released, "hold")} released`, `${formatCount(forfeited)} forfeited`, `${formatCount(kept)} kept for review`];
    if (unchecked > 0) parts.push(`${formatCount(unchecked)} not checked (Telegram did not answer; they wait for the next run)`);
    toast({ title: released + forfeited + kept + unchecked === 0 ? "No holds were due" : "Due holds settled", description: `${parts.join(", ")}.`, variant: "success" });
  });
  if (!useAccess().can("risk:release")) return null;
  return (
    <Button variant="outline" disabled={isPending} onClick={() => void mutate()}>
      <ClockIcon />
      {isPending ? "Releasing..." : "Release due holds"}
    </Button>
  );
}
