// Info: About, Guide, FAQ, Privacy and Terms, and the support channel.
import { useState } from "react";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { SendIcon } from "../components/ui/icons.tsx";
import { Tabs } from "../components/ui/tabs.tsx";
import { InfoContent, type InfoTab } from "../features/info/components/info-content.tsx";
import { useConfig } from "../session.ts";
import { openLink } from "../telegram/links.ts";

export default function InfoScreen() {
  const config = useConfig();
  const [tab, setTab] = useState<InfoTab>("about");
  return (
    <>
      <Tabs
        label="Information"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: "about", label: "About" },
          { value: "guide", label: "Guide" },
          { value: "faq", label: "FAQ" },
          { value: "privacy", label: "Privacy" },
          { value: "terms", label: "Terms" },
        ]}
      />
      <Card>
        <InfoContent tab={tab} config={config} />
      </Card>
      <Button size="lg" block onClick={() => openLink(config.supportUrl)}>
        <SendIcon size={18} /> Join Support Channel
      </Button>
    </>
  );
}
