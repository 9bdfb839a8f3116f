// The owner's list of admins, each with their role and a choice to change it; the server keeps
// one owner at least and says so (409 LAST_OWNER) in a toast.
import { adminRoles, type AdminRole } from "@/domain/model/admins.ts";
import { formatDate } from "@/web/shared/format-time.ts";
import { toast } from "@/web/shared/toast.ts";
import { Badge, type BadgeTone } from "@/web/shared/ui/badge.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { inputClass } from "@/web/shared/ui/field.tsx";
import { UsersIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { useAdmins } from "@/web/admin/features/access/api/get-admins.ts";
import { setRole } from "@/web/admin/features/access/api/set-role.ts";
import { roleWords } from "@/web/admin/features/access/role-words.ts";

const roleTone: Record<AdminRole, BadgeTone> = { owner: "accent", admin: "info", viewer: "neutral" };

export function AdminRolesCard() {
  const { data, isLoading, isFetching, error, refetch } = useAdmins();
  const change = useMutation(async (id: number, email: string, role: AdminRole) => {
    await setRole(id, role);
    toast({ title: "Role changed", description: `${email} is now ${roleWords[role].name.toLowerCase()}`, variant: "success" });
  });
  return (
    <Card aria-labelledby="admins-title">
      <CardHeader icon={<UsersIcon className="h-5 w-5 text-indigo-600" />} title={<span id="admins-title">Admins</span>} description="Who may sign in to the panel, and what each may do" />
      <div className="p-4 sm:p-5">
        {isLoading ? (
          <Skeleton className="h-32 rounded-lg" />
        ) : data === undefined ? (
          <ErrorState title="Unable to load the admins" message={error?.message} onRetry={refetch} retrying={isFetching} />
        ) : data.length === 0 ? (
          <EmptyState>No admins</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.map((admin) => (
              <li key={admin.id} data-testid="admin-row" className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium break-all text-slate-900">
                    {admin.email}
                    <Badge tone={roleTone[admin.role]}>{roleWords[admin.role].name}</Badge>
                  </p>
                  <p className="text-xs text-slate-500">
                    Admin #{admin.id} · added {formatDate(admin.createdAt)}
                  </p>
                </div>
                <label className="flex items-center gap-2 text-sm text-slate-600">
                  <span>Role</span>
                  <select
                    className={`${inputClass} w-auto`}
                    value={admin.role}
                    disabled={change.isPending}
                    aria-label={`Role of ${admin.email}`}
                    onChange={(event) => void change.mutate(admin.id, admin.email, event.target.value as AdminRole)}
                  >
                    {adminRoles.map((role) => (
                      <option key={role} value={role}>
                        {roleWords[role].name}
                      </option>
                    ))}
                  </select>
                </label>
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-4 grid gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500 sm:grid-cols-3">
          {adminRoles.map((role) => (
            <div key={role}>
              <dt className="font-semibold text-slate-700">{roleWords[role].name}</dt>
              <dd>{roleWords[role].about}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}
