// The owner's API tokens: name, scopes, when made, last used and expiry, each revocable; a new
// one is made in create-token-dialog.tsx and shown once.
import { useState } from "react";
import type { ApiTokenDto } from "@/api/contract.ts";
import { formatDate, formatDateTime } from "@/web/shared/format-time.ts";
import { toast } from "@/web/shared/toast.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { PlusIcon, ShieldIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { useTokens } from "@/web/admin/features/access/api/get-tokens.ts";
import { revokeToken } from "@/web/admin/features/access/api/revoke-token.ts";
import { CreateTokenDialog } from "./create-token-dialog.tsx";

function TokenRow({ token: t, onRevoke }: { token: ApiTokenDto; onRevoke: (t: ApiTokenDto) => void }) {
  return (
    <li data-testid="token-row" className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900">{t.name}</p>
        <p className="flex flex-wrap gap-1">
          {t.scopes.map((scope) => (
            <Badge key={scope} tone="info">
              {scope}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-slate-500">
          Made {formatDate(t.createdAt)} · {t.lastUsedAt ? `last used ${formatDateTime(t.lastUsedAt)}` : "never used"} · {t.expiresAt ? `expires ${formatDate(t.expiresAt)}` : "never expires"}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => onRevoke(t)}>
        Revoke
      </Button>
    </li>
  );
}

export function ApiTokensCard() {
  const { data, isLoading, isFetching, error, refetch } = useTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);
  const revoke = useMutation(async () => {
    if (!revoking) return;
    const gone = await revokeToken(revoking.id);
    toast({ title: `Token ${gone.name} revoked`, description: "The next call with it is refused.", variant: "success" });
    setRevoking(null);
  });
  return (
    <Card aria-labelledby="tokens-title">
      <CardHeader
        icon={<ShieldIcon className="h-5 w-5 text-indigo-600" />}
        title={<span id="tokens-title">API tokens</span>}
        description="For cron jobs and scripts (REFBOT_TOKEN); signing out never ends them"
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <PlusIcon />
            New token
          </Button>
        }
      />
      <div className="p-4 sm:p-5">
        {isLoading ? (
          <Skeleton className="h-24 rounded-lg" />
        ) : data === undefined ? (
          <ErrorState title="Unable to load the API tokens" message={error?.message} onRetry={refetch} retrying={isFetching} />
        ) : data.length === 0 ? (
          <EmptyState>No API tokens yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.map((t) => (
              <TokenRow key={t.id} token={t} onRevoke={setRevoking} />
            ))}
          </ul>
        )}
      </div>
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={revoke.mutate}
        title={`Revoke the token ${revoking?.name ?? ""}?`}
        description="It is deleted: whatever uses it is refused from its next call."
        confirmLabel="Revoke Token"
        busyLabel="Revoking..."
        variant="danger"
        busy={revoke.isPending}
      />
    </Card>
  );
}
