// The dense view of a withdrawals tab, for operators with hundreds a day: one row per request,
// filters by amount, date and risk, and bulk selection acted on as the CLI's batches are (approve,
// reject with one reason, send from the hot wallet), each row then showing its own outcome. Rows
// take the keyboard: ↑/↓ move between them, Space or x selects, and the header box selects all shown.
import { useMemo, useState, type KeyboardEvent } from "react";
import type { WithdrawalDto, WithdrawalStatus } from "@/api/contract.ts";
import { displayUsdt, formatUsdt, usdt } from "@/domain/money.ts";
import { shortenAddress } from "@/web/shared/format.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { InputField, SelectField, TextareaField } from "@/web/shared/ui/field.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";
import { bulkWithdrawals, type BulkAction, type BulkOutcome } from "@/web/admin/features/withdrawals/api/bulk-withdrawals.ts";
import { useHotWallet } from "@/web/admin/features/withdrawals/api/get-hot-wallet.ts";
import { requesterName } from "@/web/admin/features/withdrawals/requester-name.ts";

type Filters = { min: string; max: string; since: string; risk: "any" | "flagged" | "banned" | "clear" };

const micro = (text: string) => {
  try {
    return text.trim() === "" ? undefined : usdt(text.trim());
  } catch {
    return undefined;
  }
};

function shown(rows: WithdrawalDto[], f: Filters): WithdrawalDto[] {
  const min = micro(f.min);
  const max = micro(f.max);
  const since = f.since ? Date.parse(`${f.since}T00:00:00Z`) : undefined;
  return rows.filter((w) => {
    const amount = usdt(w.amountUsdt);
    if (min !== undefined && amount < min) return false;
    if (max !== undefined && amount > max) return false;
    if (since !== undefined && Date.parse(w.createdAt) < since) return false;
    if (f.risk === "flagged" && w.status !== "review") return false;
    if (f.risk === "banned" && !w.userBanned) return false;
    if (f.risk === "clear" && (w.userBanned || w.status === "review")) return false;
    return true;
  });
}

const actionsFor = (status: WithdrawalStatus, hotWallet: boolean): BulkAction[] =>
  status === "pending" || status === "review" ? ["approve", "reject"] : status === "approved" ? [...(hotWallet ? (["send"] as const) : []), "reject"] : [];

const labels: Record<BulkAction, { button: string; title: string; variant: "success" | "danger" | "primary" }> = {
  approve: { button: "Approve", title: "Approve Withdrawals", variant: "success" },
  reject: { button: "Reject", title: "Reject Withdrawals", variant: "danger" },
  send: { button: "Send from hot wallet", title: "Send from Hot Wallet", variant: "primary" },
};

export function WithdrawalTable({ rows, status }: { rows: WithdrawalDto[]; status: WithdrawalStatus }) {
  const canAct = useAccess().can("withdrawals:write");
  const hotWallet = useHotWallet().wallet !== undefined;
  const [filters, setFilters] = useState<Filters>({ min: "", max: "", since: "", risk: "any" });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [outcomes, setOutcomes] = useState<Map<number, BulkOutcome>>(new Map());
  // The batch's requests as they were picked: a request sent or approved leaves this tab, its outcome stays listed.
  const [batch, setBatch] = useState<WithdrawalDto[]>([]);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [reason, setReason] = useState("");
  const visible = useMemo(() => shown(rows, filters), [rows, filters]);
  const picked = visible.filter((w) => selected.has(w.id));
  const actions = canAct ? actionsFor(status, hotWallet) : [];

  const toggle = (id: number) =>
    setSelected((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allShown = visible.length > 0 && picked.length === visible.length;
  const toggleAll = () => setSelected(allShown ? new Set() : new Set(visible.map((w) => w.id)));

  const { mutate, isPending } = useMutation(async () => {
    if (!asking) return;
    const ids = picked.map((w) => w.id);
    // The dialog closes at once: the list below says how each request fares as it goes.
    setAsking(null);
    setBatch(picked);
    setOutcomes(new Map());
    setSelected(new Set());
    await bulkWithdrawals(ids, asking, reason.trim(), (id, outcome) => setOutcomes((now) => new Map(now).set(id, outcome)));
    setReason("");
  });

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: number) => {
    const row = event.currentTarget;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = (event.key === "ArrowDown" ? row.nextElementSibling : row.previousElementSibling) as HTMLElement | null;
      next?.focus();
    } else if ((event.key === " " || event.key === "x") && canAct && event.target === row) {
      event.preventDefault();
      toggle(id);
    }
  };
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3">
        <InputField label="Amount from" inputMode="decimal" value={filters.min} onChange={(e) => set("min", e.target.value)} placeholder="0" className="w-28" />
        <InputField label="to" inputMode="decimal" value={filters.max} onChange={(e) => set("max", e.target.value)} placeholder="any" className="w-28" />
        <InputField label="Requested since" type="date" value={filters.since} onChange={(e) => set("since", e.target.value)} className="w-40" />
        <SelectField label="Risk" value={filters.risk} onChange={(e) => set("risk", e.target.value as Filters["risk"])} className="w-40">
          <option value="any">Any</option>
          <option value="flagged">Flagged (in review)</option>
          <option value="banned">Banned users</option>
          <option value="clear">Neither</option>
        </SelectField>
        <p className="ml-auto text-sm text-slate-600" data-testid="table-count">
          {visible.length} shown{picked.length > 0 && `, ${picked.length} selected`}
        </p>
        {actions.map((action) => (
          <Button key={action} size="sm" variant={action === "reject" ? "outline" : labels[action].variant} disabled={picked.length === 0 || isPending} onClick={() => setAsking(action)}>
            {labels[action].button}
            {picked.length > 0 && ` (${picked.length})`}
          </Button>
        ))}
      </div>
      {batch.length > 0 && (
        <ul data-testid="batch-outcomes" aria-live="polite" className="space-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm">
          {batch.map((w) => {
            const outcome = outcomes.get(w.id);
            return (
              <li key={w.id} data-testid="batch-outcome" className={outcome ? (outcome.ok ? "text-emerald-700" : "text-rose-700") : "text-slate-500"}>
                {`${outcome ? (outcome.ok ? "✔" : "✖") : "…"} #${w.id} ${requesterName(w)} ${displayUsdt(w.amountUsdt)} USDT: ${outcome?.message ?? "waiting"}`}
              </li>
            );
          })}
        </ul>
      )}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid="withdrawal-table">
          <thead className="bg-slate-50 text-left text-xs text-slate-500">
            <tr>
              {canAct && (
                <th className="w-8 px-3 py-2">
                  <input type="checkbox" aria-label="Select all shown" checked={allShown} onChange={toggleAll} />
                </th>
              )}
              <th className="px-3 py-2">#</th>
              <th className="px-3 py-2">User</th>
              <th className="px-3 py-2 text-right">Amount</th>
              <th className="px-3 py-2">Wallet</th>
              <th className="px-3 py-2">Requested</th>
              <th className="px-3 py-2">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((w) => {
              const outcome = outcomes.get(w.id);
              return (
                <tr
                  key={w.id}
                  tabIndex={0}
                  data-testid="withdrawal-row"
                  aria-selected={selected.has(w.id)}
                  onKeyDown={(e) => onRowKey(e, w.id)}
                  className={`border-t border-slate-100 focus:bg-indigo-50 focus:outline-none ${selected.has(w.id) ? "bg-indigo-50/60" : ""}`}
                >
                  {canAct && (
                    <td className="px-3 py-1.5">
                      <input type="checkbox" aria-label={`Select request #${w.id}`} checked={selected.has(w.id)} onChange={() => toggle(w.id)} tabIndex={-1} />
                    </td>
                  )}
                  <td className="px-3 py-1.5 tabular-nums text-slate-500">{w.id}</td>
                  <td className="px-3 py-1.5">
                    <span className="font-medium text-slate-900">{requesterName(w)}</span>
                    {w.status === "review" && <Badge tone="warning" className="ml-2">Flagged</Badge>}
                    {w.userBanned && <Badge tone="danger" className="ml-2">Banned</Badge>}
                    {/* The card's note, on one line: the row says the payout came back and why, the title the whole of it. */}
                    {w.status === "approved" && w.returnReason && (
                      <p data-testid="row-return-note" title={w.returnReason} className="max-w-md truncate text-xs text-amber-800">
                        Came back from the chain: {w.returnReason}
                      </p>
                    )}
                  </td>
                  <td className="px-3 py-1.5 text-right font-medium tabular-nums">{displayUsdt(w.amountUsdt)}</td>
                  <td className="px-3 py-1.5 font-mono text-xs" title={w.addressBep20}>
                    {shortenAddress(w.addressBep20)}
                  </td>
                  <td className="px-3 py-1.5 whitespace-nowrap text-slate-600">{formatDateTime(w.createdAt)}</td>
                  <td className="px-3 py-1.5" data-testid="row-outcome">
                    {outcome && <span className={outcome.ok ? "text-emerald-700" : "text-rose-700"}>{`${outcome.ok ? "✔" : "✖"} ${outcome.message}`}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {asking && (
        <ConfirmDialog
          open
          onClose={() => setAsking(null)}
          onConfirm={mutate}
          title={labels[asking].title}
          description={`${picked.length} request(s), ${displayUsdt(formatUsdt(picked.reduce((sum, w) => sum + usdt(w.amountUsdt), 0)))} USDT in all. Each is tried on its own; its row shows what happened.`}
          confirmLabel={labels[asking].button}
          busyLabel="Working..."
          variant={labels[asking].variant}
          busy={isPending}
          ready={asking !== "reject" || reason.trim() !== ""}
        >
          {asking === "reject" && (
            <TextareaField label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} placeholder="One reason for every selected request (the users see it)" />
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
