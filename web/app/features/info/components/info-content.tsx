// The texts of the info tabs. Figures come from the server's configuration, so the FAQ states
// the same minimum withdrawal the wallet enforces and the referral terms the rules apply.
import type { ReactNode } from "react";
import type { PublicConfigDto } from "@/api/contract.ts";
import { type MessageKey, useI18n } from "@/web/app/i18n/i18n.ts";

export type InfoTab = "about" | "guide" | "faq" | "privacy" | "terms";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <h3 className="font-semibold">{title}</h3>
      <div className="space-y-2 text-sm text-fg/75">{children}</div>
    </section>
  );
}

// Each section: its title and paragraphs, as catalogue keys.
const sections: Record<Exclude<InfoTab, "faq">, Array<[MessageKey, MessageKey[]]>> = {
  about: [
    ["info.aboutTitle", ["info.aboutText1", "info.aboutText2"]],
    ["info.waysTitle", ["info.waysDaily", "info.waysChannel", "info.waysReferrals"]],
  ],
  guide: [
    ["info.guide1Title", ["info.guide1"]],
    ["info.guide2Title", ["info.guide2"]],
    ["info.guide3Title", ["info.guide3"]],
    ["info.guide4Title", ["info.guide4"]],
  ],
  privacy: [
    ["info.storeTitle", ["info.storeText"]],
    ["info.whyTitle", ["info.whyText"]],
    ["info.contactTitle", ["info.contactText"]],
  ],
  terms: [
    ["info.fairTitle", ["info.fairText"]],
    ["info.rewardsTitle", ["info.rewardsText"]],
    ["info.changesTitle", ["info.changesText"]],
  ],
};

const faq: Array<[MessageKey, MessageKey]> = [
  ["info.faqMinimumQ", "info.faqMinimumA"],
  ["info.faqTimeQ", "info.faqTimeA"],
  ["info.faqNetworkQ", "info.faqNetworkA"],
  ["info.faqReferralQ", "info.faqReferralA"],
  ["info.faqDailyQ", "info.faqDailyA"],
  ["info.faqWalletQ", "info.faqWalletA"],
];

export function InfoContent({ tab, config }: { tab: InfoTab; config: PublicConfigDto }) {
  const { t, amount } = useI18n();
  const values = {
    product: config.productName,
    tasks: config.qualifyingDailyTasks,
    min: amount(config.minWithdrawalUsdt),
    bonus: amount(config.referralBonusUsdt),
    milestone: amount(config.referralMilestoneUsdt),
    target: config.referralTarget,
  };
  if (tab === "faq") {
    return (
      <div className="divide-y divide-line">
        {faq.map(([q, a]) => (
          <details key={q} className="group py-1 first:pt-0 last:pb-0" open>
            <summary className="flex min-h-11 cursor-pointer list-none items-center font-semibold marker:hidden">{t(q)}</summary>
            <p className="pb-2 text-sm text-fg/75">{t(a, values)}</p>
          </details>
        ))}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {sections[tab].map(([title, paragraphs]) => (
        <Section key={title} title={t(title, values)}>
          {paragraphs.map((key) => (
            <p key={key}>{t(key, values)}</p>
          ))}
        </Section>
      ))}
    </div>
  );
}
