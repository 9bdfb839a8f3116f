// The greeting over Home, with the daily streak. Someone who has not earned anything yet (a first
// visit, or a visit before any task) is welcomed and pointed at the first step rather than
// welcomed back.
import type { MeDto } from "@/api/contract.ts";
import { usdt } from "@/domain/money.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { FlameIcon } from "@/web/shared/ui/icons.tsx";

export const isNewcomer = (me: MeDto) => usdt(me.totalEarned) === 0 && me.streak === 0;

export function Greeting({ me, productName }: { me: MeDto; productName: string }) {
  const { t, rich } = useI18n();
  const name = <b className="text-fg">{me.firstName}</b>;
  return (
    <div className="flex items-center justify-between gap-3 px-1" data-testid="greeting">
      <div className="min-w-0">
        {isNewcomer(me) ? (
          <>
            <p className="text-base text-fg">{rich("home.welcomeNew", { product: productName, name })}</p>
            <p className="text-sm text-hint">{t("home.welcomeNewHint")}</p>
          </>
        ) : (
          <p className="truncate text-sm text-hint">{rich("home.welcomeBack", { name })}</p>
        )}
      </div>
      <span
        className="flex shrink-0 items-center gap-1 rounded-full bg-flame/15 px-2.5 py-1 text-sm font-bold text-flame"
        title={t("home.streak", { days: me.streak })}
        aria-label={t("home.streak", { days: me.streak })}
        role="img"
        data-testid="streak"
      >
        <FlameIcon size={16} fill="currentColor" />
        {me.streak}
      </span>
    </div>
  );
}
