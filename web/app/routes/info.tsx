// Info: About, Guide, FAQ, Privacy and Terms, and the support channel.
import { useState } from "react";
import { InfoContent, type InfoTab } from "@/web/app/features/info/components/info-content.tsx";
import { useConfig } from "@/web/app/session.ts";
import { openLink } from "@/web/app/telegram/links.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { SendIcon } from "@/web/shared/ui/icons.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";

const tabs = [
  { value: "about", label: "About" },
  { value: "guide", label: "Guide" },
  { value: "faq", label: "FAQ" },
  { value: "privacy", label: "Privacy" },
  { value: "terms", label: "Terms" },
] as const;

export default function InfoScreen() {
  const config = useConfig();
  const [tab, setTab] = useState<InfoTab>("about");
  return (
    <>
      <Tabs label="Information" idBase="info" items={tabs} value={tab} onChange={setTab} />
      <TabPanel idBase="info" value={tab}>
        <Card>
          <InfoContent tab={tab} config={config} />
        </Card>
      </TabPanel>
      <Button size="lg" block onClick={() => openLink(config.supportUrl)}>
        <SendIcon size={18} /> Join Support Channel
      </Button>
    </>
  );
}
