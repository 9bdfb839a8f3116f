// Making an API token: a name, the scopes it may use (each with what it allows and the role it
// needs) and when it expires; then the token itself, shown this once with a copy button.
import { useState } from "react";
import { scopeNames, scopes, type Scope } from "@/domain/access.ts";
import type { NewApiTokenDto } from "@/api/contract.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { CopyButton } from "@/web/shared/ui/copy-button.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";
import { InputField, SelectField } from "@/web/shared/ui/field.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { createToken } from "@/web/admin/features/access/api/create-token.ts";

const expiries = [
  { value: "30d", label: "In 30 days" },
  { value: "90d", label: "In 90 days" },
  { value: "365d", label: "In a year" },
  { value: "", label: "Never" },
];

export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<Set<Scope>>(new Set());
  const [expires, setExpires] = useState("90d");
  const [made, setMade] = useState<NewApiTokenDto | null>(null);
  const create = useMutation(async () => {
    setMade(await createToken({ name: name.trim(), scopes: scopeNames.filter((s) => chosen.has(s)), ...(expires && { expires }) }));
  });
  const close = () => {
    setName("");
    setChosen(new Set());
    setExpires("90d");
    setMade(null);
    onClose();
  };
  const toggle = (scope: Scope) => setChosen((now) => (now.has(scope) ? new Set([...now].filter((s) => s !== scope)) : new Set([...now, scope])));

  if (made) {
    return (
      <Dialog open={open} onClose={close} title={`Token ${made.name} created`} description="Copy it now: it is shown this once, and only its hash is kept." footer={<Button onClick={close}>Done</Button>}>
        <div className="flex items-center gap-1 rounded-lg bg-amber-50 py-1 pr-1 pl-3">
          <code data-testid="new-token" className="min-w-0 flex-1 font-mono text-xs break-all text-slate-900">
            {made.token}
          </code>
          <CopyButton value={made.token} label="Copy the token" />
        </div>
        <p className="mt-3 text-sm text-slate-600">
          For a cron job: <code className="font-mono text-xs">REFBOT_TOKEN={"<the token>"}</code> in its environment file.
        </p>
      </Dialog>
    );
  }
  const ready = name.trim().length > 0 && chosen.size > 0;
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="New API token"
      description="It acts for you, within the scopes you give it."
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!ready || create.isPending} onClick={() => void create.mutate()}>
            {create.isPending ? "Creating..." : "Create Token"}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Name" hint="What it is for: cron, backups…" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          <SelectField label="Expires" value={expires} onChange={(e) => setExpires(e.target.value)}>
            {expiries.map((e) => (
              <option key={e.label} value={e.value}>
                {e.label}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Scopes</legend>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {scopeNames.map((scope) => (
              <li key={scope}>
                <label className="flex items-start gap-2 rounded-lg p-1.5 text-sm hover:bg-slate-50">
                  <input type="checkbox" className="mt-0.5" checked={chosen.has(scope)} onChange={() => toggle(scope)} />
                  <span>
                    <span className="font-mono text-xs text-slate-900">{scope}</span>
                    <span className="block text-xs text-slate-500">
                      {scopes[scope].about} ({scopes[scope].role})
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
    </Dialog>
  );
}
