import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Link } from "@/web/app/lib/router.tsx";
import { paths } from "@/web/app/paths.ts";
import { Card } from "@/web/shared/ui/card.tsx";

export default function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <Card className="space-y-2 text-center">
      <h1 className="text-lg font-bold">{t("notFound.title")}</h1>
      <p className="text-sm text-hint">{t("notFound.text")}</p>
      <Link to={paths.home} className="inline-flex min-h-11 items-center font-semibold text-link">
        {t("notFound.home")}
      </Link>
    </Card>
  );
}
