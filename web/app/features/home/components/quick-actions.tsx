// Shortcuts to the screens people use most, with what each one earns.
import { displayUsdt } from "@/domain/money.ts";
import { Link } from "@/web/app/lib/router.tsx";
import { CalendarCheckIcon, InfoIcon, SpeakerIcon, UsersIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";

type Props = {
  dailyReward?: string;
  channelReward?: string;
  qualified?: number;
  target?: number;
  links: { tasks: string; referrals: string; wallet: string; info: string };
};

export function QuickActions({ dailyReward, channelReward, qualified, target, links }: Props) {
  const actions = [
    { to: links.tasks, label: "Daily Task", hint: dailyReward ? `Earn ${displayUsdt(dailyReward)}` : "Every day", Icon: CalendarCheckIcon, tone: "text-success bg-success/15" },
    { to: links.tasks, label: "Join Channel", hint: channelReward ? `Earn ${displayUsdt(channelReward)}` : "Once", Icon: SpeakerIcon, tone: "text-link bg-tint" },
    { to: links.referrals, label: "My Referrals", hint: qualified === undefined ? "…" : `${qualified}/${target} qualified`, Icon: UsersIcon, tone: "text-warning bg-warning/15" },
    { to: links.wallet, label: "Wallet", hint: "Withdraw", Icon: WalletIcon, tone: "text-link bg-tint" },
    { to: links.info, label: "App Info", hint: "FAQ & guide", Icon: InfoIcon, tone: "text-hint bg-hint/15" },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 min-[400px]:grid-cols-3">
      {actions.map(({ to, label, hint, Icon, tone }, i) => (
        // The fifth tile spans two columns, so neither the 2- nor the 3-column grid leaves a gap.
        <Link key={label} to={to} className={`flex gap-2 rounded-2xl bg-card p-3 shadow-sm transition active:scale-[0.98] ${i === actions.length - 1 ? "col-span-2 items-center" : "flex-col"}`}>
          <span className={`grid h-9 w-9 place-items-center rounded-xl ${tone}`}>
            <Icon size={18} />
          </span>
          <span>
            <span className="block text-sm font-semibold">{label}</span>
            <span className="block truncate text-xs text-hint">{hint}</span>
          </span>
        </Link>
      ))}
    </div>
  );
}
