// One group of settings (Referrals, Withdrawals …): each field with its description, default and
// last change, a Reset to default for a changed one, and one Save for the group's edits, which the
// server takes all together or refuses, naming each bad field and its rule under the field.
import { useState } from "react";
import type { SettingDto } from "@/api/contract.ts";
import type { SettingGroup } from "@/domain/settings.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { InputField } from "@/web/shared/ui/field.tsx";
import type { ApiError } from "@/web/shared/http.ts";
import { toast } from "@/web/shared/toast.ts";
import { useAccess } from "@/web/admin/lib/access.ts";
import { resetSetting } from "../api/reset-setting.ts";
import { saveSettings } from "../api/save-settings.ts";
import { groupCopy, problemsByField, settingLabels, withUnit } from "../groups.ts";

const inputMode = { usdt: "decimal", hours: "decimal", integer: "numeric", url: "url", text: "text" } as const;
const shown = (s: SettingDto) => String(s.value);
const changedLine = (s: SettingDto) => (s.changed && s.updatedAt ? ` Changed by ${s.updatedBy ?? "a script"}, ${new Date(s.updatedAt).toLocaleString()}.` : "");
const changeText = (changes: { key: string; from: string | number; to: string | number }[]) => changes.map((c) => `${settingLabels[c.key as SettingDto["key"]] ?? c.key}: ${c.from} → ${c.to}`).join(", ");

export function SettingsGroupCard({ group, settings }: { group: SettingGroup; settings: SettingDto[] }) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const value = (s: SettingDto) => drafts[s.key] ?? shown(s);
  const edited = settings.filter((s) => value(s).trim() !== shown(s));
  // Only an owner changes settings; the others read them, with nothing to save or reset.
  const canEdit = useAccess().can("settings:write");

  async function save() {
    setBusy(true);
    try {
      const done = await saveSettings(Object.fromEntries(edited.map((s) => [s.key, value(s).trim()])));
      setDrafts({});
      setProblems({});
      toast({ title: `${groupCopy[group].title} saved`, description: done.changed.length ? changeText(done.changed) : "Nothing changed", variant: "success" });
    } catch (error) {
      const { message, code } = error as ApiError;
      const read = code === "VALIDATION_FAILED" ? problemsByField(message, settings.map((s) => s.key)) : { fields: {}, other: message };
      setProblems(read.fields);
      if (read.other) toast({ title: "Failed to save settings", description: read.other, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function reset(s: SettingDto) {
    setBusy(true);
    try {
      const done = await resetSetting(s.key);
      setDrafts(({ [s.key]: _, ...rest }) => rest);
      setProblems(({ [s.key]: _, ...rest }) => rest);
      toast({ title: `${settingLabels[s.key]} reset`, description: changeText(done.changed) || "It was at its default already", variant: "success" });
    } finally {
      setBusy(false);
    }
  }

  const { title, description } = groupCopy[group];
  return (
    <Card data-testid={`settings-${group}`}>
      <CardHeader
        title={title}
        description={description}
        actions={
          canEdit && (
          <>
            {edited.length > 0 && (
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => (setDrafts({}), setProblems({}))}>
                Discard
              </Button>
            )}
            <Button size="sm" disabled={busy || edited.length === 0} onClick={() => void save()}>
              Save {title.toLowerCase()}
            </Button>
          </>
          )
        }
      />
      <div className="grid gap-5 px-4 py-4 sm:grid-cols-2 sm:px-5">
        {settings.map((s) => (
          <div key={s.key} className="min-w-0">
            <InputField
              label={
                <span className="flex flex-wrap items-center gap-2">
                  {settingLabels[s.key]}
                  {s.unit && <span className="font-normal text-slate-500">({s.unit})</span>}
                  {s.changed && <Badge tone="accent">changed</Badge>}
                </span>
              }
              name={s.key}
              inputMode={inputMode[s.kind]}
              value={value(s)}
              readOnly={!canEdit}
              onChange={(e) => setDrafts((d) => ({ ...d, [s.key]: e.target.value }))}
              error={problems[s.key]}
              hint={`${s.description} Default: ${withUnit(s, s.default)}.${changedLine(s)}`}
            />
            {canEdit && s.changed && (
              <Button variant="link" size="sm" className="mt-1 px-0" disabled={busy} onClick={() => void reset(s)}>
                Reset to default ({withUnit(s, s.default)})
              </Button>
            )}
          </div>
        ))}
      </div>
    </Card>
  );
}
