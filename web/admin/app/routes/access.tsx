// The owner's Admins & tokens page: roles, and the API tokens automation uses.
import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { AdminRolesCard } from "@/web/admin/features/access/components/admin-roles-card.tsx";
import { ApiTokensCard } from "@/web/admin/features/access/components/api-tokens-card.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";

export function AccessRoute() {
  const { role, can } = useAccess();
  // Reached by its address by someone who is not an owner: say so instead of a page of refusals.
  if (role && !can("tokens:read")) return <EmptyState>Only an owner manages the admins and the API tokens.</EmptyState>;
  return (
    <>
      <PageHeader title="Admins & tokens" description="Who may do what in the panel, and the keys scripts and cron jobs use." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <AdminRolesCard />
        <ApiTokensCard />
      </div>
    </>
  );
}
