// The referral rule in three steps: what qualifies a friend and what is paid, as the operator set them.
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { Disc } from "@/web/app/components/disc.tsx";

export function HowItWorks({ tasks, bonus, milestone, target }: { tasks: number; bonus: string; milestone: string; target: number }) {
  const { t, amount } = useI18n();
  const steps = [
    { title: t("referrals.step1Title"), text: t("referrals.step1") },
    { title: t("referrals.step2Title"), text: t("referrals.step2", { tasks }) },
    { title: t("referrals.step3Title"), text: t("referrals.step3", { bonus: amount(bonus), milestone: amount(milestone), target }) },
  ];
  return (
    <Card>
      <h2 className="mb-3 font-semibold">{t("referrals.howTitle")}</h2>
      <ol className="space-y-3">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <Disc size="sm" tone="bg-accent text-accent-fg">
              {i + 1}
            </Disc>
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
