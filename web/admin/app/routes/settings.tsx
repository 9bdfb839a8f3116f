import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { SettingsGroups } from "@/web/admin/features/settings/components/settings-page.tsx";

export function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" description="What the service pays and allows, changed without a restart: every instance applies a change within a second. Amounts already paid or requested keep theirs." />
      <SettingsGroups />
    </>
  );
}
