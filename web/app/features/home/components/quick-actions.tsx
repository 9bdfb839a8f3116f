// Shortcuts to the screens people use most, with what each one earns, or that it is done.
import type { UserTaskDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Link } from "@/web/app/lib/router.tsx";
import { CalendarCheckIcon, CheckIcon, InfoIcon, SpeakerIcon, UsersIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";

type Props = {
  daily?: UserTaskDto;
  channel?: UserTaskDto;
  qualified?: number;
  target?: number;
  links: { tasks: string; referrals: string; wallet: string; info: string };
};

export function QuickActions({ daily, channel, qualified, target, links }: Props) {
  const { t, amount } = useI18n();
  const earn = (task: UserTaskDto | undefined, otherwise: string) => (task ? t("home.earn", { amount: amount(task.rewardUsdt) }) : otherwise);
  const actions = [
    { to: links.tasks, label: t("home.dailyTask"), done: daily?.completedToday && t("home.doneToday"), hint: earn(daily, t("home.everyDay")), Icon: CalendarCheckIcon, tone: "text-success bg-success/15", testId: "quick-daily" },
    { to: links.tasks, label: t("home.joinChannel"), done: channel?.isCompleted && t("home.joined"), hint: earn(channel, t("home.once")), Icon: SpeakerIcon, tone: "text-link bg-tint", testId: "quick-channel" },
    { to: links.referrals, label: t("home.myReferrals"), hint: qualified === undefined ? "…" : t("home.qualified", { qualified, target: target ?? 0 }), Icon: UsersIcon, tone: "text-warning bg-warning/15" },
    { to: links.wallet, label: t("home.wallet"), hint: t("common.withdraw"), Icon: WalletIcon, tone: "text-link bg-tint" },
    { to: links.info, label: t("home.appInfo"), hint: t("home.appInfoHint"), Icon: InfoIcon, tone: "text-hint bg-hint/15" },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 min-[400px]:grid-cols-3">
      {actions.map(({ to, label, hint, done, Icon, tone, testId }, i) => (
        // The fifth tile spans two columns, so neither the 2- nor the 3-column grid leaves a gap.
        <Link
          key={label}
          to={to}
          data-testid={testId}
          data-done={done ? "true" : undefined}
          className={`flex gap-2 rounded-2xl bg-card p-3 shadow-sm transition active:scale-[0.98] ${i === actions.length - 1 ? "col-span-2 items-center" : "flex-col"}`}
        >
          <span className={`grid h-9 w-9 place-items-center rounded-xl ${done ? "bg-success/15 text-success" : tone}`}>{done ? <CheckIcon size={18} /> : <Icon size={18} />}</span>
          <span className="min-w-0">
            <span className="block text-sm font-semibold">{label}</span>
            {done ? <span className="block truncate text-xs font-semibold text-success">{done}</span> : <span className="block truncate text-xs text-hint">{hint}</span>}
          </span>
        </Link>
      ))}
    </div>
  );
}
