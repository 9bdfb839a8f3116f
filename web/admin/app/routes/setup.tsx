import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { SetupChecks } from "@/web/admin/features/setup/components/setup-checks.tsx";

export function SetupRoute() {
  return (
    <>
      <PageHeader title="Setup" description="The server's own checks, as refbot doctor runs them on the server: configuration, database, bot and channel, webhook, secrets, disk and backups, each with its fix." />
      <SetupChecks />
    </>
  );
}
