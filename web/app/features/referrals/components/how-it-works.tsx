// The referral rule in three steps, with the amounts the server pays.
import { displayUsdt } from "@/domain/money.ts";
import { Card } from "@/web/shared/ui/card.tsx";

export function HowItWorks({ bonus, milestone, target }: { bonus: string; milestone: string; target: number }) {
  const steps = [
    { title: "Share your link", text: "Send your referral link or QR code to friends." },
    { title: "Friends get qualified", text: "A referral qualifies after joining the channel and completing 2 daily tasks." },
    { title: "Earn rewards", text: `Get ${displayUsdt(bonus)} USDT for each qualified referral and a ${displayUsdt(milestone)} USDT bonus at ${target}.` },
  ];
  return (
    <Card>
      <h2 className="mb-3 font-semibold">How It Works</h2>
      <ol className="space-y-3">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-accent text-sm font-bold text-accent-fg">{i + 1}</span>
            <div>
              <p className="text-sm font-semibold">{step.title}</p>
              <p className="text-sm text-hint">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
