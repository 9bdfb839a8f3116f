// The texts of the info tabs. Figures come from the server's configuration, so the FAQ states
// the same minimum withdrawal the wallet enforces.
import type { ReactNode } from "react";
import type { PublicConfigDto } from "@/api/http/contract.ts";
import { displayUsdt } from "@/domain/money.ts";

export type InfoTab = "about" | "guide" | "faq" | "privacy" | "terms";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <h3 className="font-semibold">{title}</h3>
      <div className="space-y-2 text-sm text-fg/75">{children}</div>
    </section>
  );
}

function Faq({ items }: { items: Array<[string, string]> }) {
  return (
    <div className="divide-y divide-line">
      {items.map(([q, a]) => (
        <details key={q} className="group py-3 first:pt-0 last:pb-0" open>
          <summary className="cursor-pointer list-none font-semibold marker:hidden">{q}</summary>
          <p className="mt-1 text-sm text-fg/75">{a}</p>
        </details>
      ))}
    </div>
  );
}

export function InfoContent({ tab, config }: { tab: InfoTab; config: PublicConfigDto }) {
  const min = `${displayUsdt(config.minWithdrawalUsdt)} USDT`;
  const bonus = `${displayUsdt(config.referralBonusUsdt)} USDT`;
  const milestone = `${displayUsdt(config.referralMilestoneUsdt)} USDT`;
  const target = config.referralTarget;
  switch (tab) {
    case "about":
      return (
        <div className="space-y-4">
          <Section title={`About ${config.productName}`}>
            <p>{config.productName} rewards you in USDT for simple actions: a daily check-in, joining our channel and inviting friends.</p>
            <p>Your balance grows with every task. When it reaches {min}, withdraw it to your BEP-20 (BNB Smart Chain) wallet.</p>
          </Section>
          <Section title="Ways to earn">
            <p>• Daily task: claim a reward once every UTC day and build your streak.</p>
            <p>• Join the channel: a one-time reward after we verify your membership.</p>
            <p>
              • Referrals: {bonus} for each friend who qualifies, plus {milestone} when you reach {target} qualified referrals.
            </p>
          </Section>
        </div>
      );
    case "guide":
      return (
        <div className="space-y-4">
          <Section title="1. Complete tasks">
            <p>Open Tasks and press Complete on the daily task every day. Days run on UTC; missing a day resets your streak.</p>
          </Section>
          <Section title="2. Join the channel">
            <p>Press Verify Membership to open the channel, join it, then press Verify Membership again to get the reward.</p>
          </Section>
          <Section title="3. Invite friends">
            <p>Share your referral link from Referrals. A friend qualifies after joining the channel and completing 2 daily tasks.</p>
          </Section>
          <Section title="4. Withdraw">
            <p>Set your BEP-20 wallet in Wallet. With at least {min}, press Withdraw. Requests are processed manually within 24-48 hours.</p>
          </Section>
        </div>
      );
    case "faq":
      return (
        <Faq
          items={[
            ["What is the minimum withdrawal?", `The minimum withdrawal is ${min}. You can withdraw any amount from ${min} up to your balance.`],
            ["How long do withdrawals take?", "Withdrawals are reviewed and paid manually within 24-48 hours. You can follow the status in Wallet → Withdrawals."],
            ["Which network is used?", "Payouts are sent as USDT on BEP-20 (BNB Smart Chain). Use a BEP-20 address only."],
            ["When does a referral count?", `When your friend has joined the channel and completed 2 daily tasks. Each qualified referral earns ${bonus}.`],
            ["When can I do the daily task again?", "Once per UTC day. The Tasks screen shows the time left until the next one."],
            ["Can I change my wallet?", "Yes, in Wallet → Update. A request already submitted keeps the address it was made with."],
          ]}
        />
      );
    case "privacy":
      return (
        <div className="space-y-4">
          <Section title="What we store">
            <p>Your Telegram id, name and username as Telegram shares them with the app, your tasks, referrals, balance history and the wallet address you set.</p>
          </Section>
          <Section title="Why">
            <p>To credit rewards, count referrals, prevent abuse and pay withdrawals. We do not sell your data or share it beyond what a payout requires.</p>
          </Section>
          <Section title="Contact">
            <p>Questions about your data? Write to us in the support channel.</p>
          </Section>
        </div>
      );
    case "terms":
      return (
        <div className="space-y-4">
          <Section title="Fair use">
            <p>One account per person. Multiple accounts, fake referrals or automation lead to a ban and loss of the balance.</p>
          </Section>
          <Section title="Rewards and withdrawals">
            <p>
              Rewards are credited in USDT. Withdrawals start at {min}, are reviewed manually and paid within 24-48 hours to the BEP-20 address you provide. Payments to a wrong address cannot be reversed.
            </p>
          </Section>
          <Section title="Changes">
            <p>Tasks and rewards may change over time; what you have already earned stays yours.</p>
          </Section>
        </div>
      );
  }
}
