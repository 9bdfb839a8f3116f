// Info: the language, the About, Guide, FAQ, Privacy and Terms texts, and the support channel.
import { useState } from "react";
import { InfoContent, type InfoTab } from "@/web/app/features/info/components/info-content.tsx";
import { LanguagePicker } from "@/web/app/features/language/components/language-picker.tsx";
import { ScreenSkeleton } from "@/web/app/components/layout/screen-skeleton.tsx";
import { useCataloguePart, useI18n } from "@/web/app/i18n/i18n.ts";
import { useConfig } from "@/web/app/session.ts";
import { openLink } from "@/web/app/telegram/links.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { SendIcon } from "@/web/shared/ui/icons.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";

const tabs = ["about", "guide", "faq", "privacy", "terms"] as const satisfies readonly InfoTab[];

export default function InfoScreen() {
  const { t } = useI18n();
  const config = useConfig();
  const [tab, setTab] = useState<InfoTab>("about");
  const texts = useCataloguePart("app-info");
  if (texts.state === "loading") return <ScreenSkeleton />;
  if (texts.state === "failed") {
    return (
      <Card className="space-y-3 text-center">
        <p className="font-semibold">{t("errors.loadData")}</p>
        <Button onClick={texts.retry}>{t("common.tryAgain")}</Button>
      </Card>
    );
  }
  return (
    <>
      <LanguagePicker />
      <Tabs label={t("info.label")} idBase="info" items={tabs.map((value) => ({ value, label: t(`info.${value}`) }))} value={tab} onChange={setTab} />
      <TabPanel idBase="info" value={tab}>
        <Card>
          <InfoContent tab={tab} config={config} />
        </Card>
      </TabPanel>
      <Button size="lg" block onClick={() => openLink(config.supportUrl)}>
        <SendIcon size={18} /> {t("info.joinSupport")}
      </Button>
    </>
  );
}
