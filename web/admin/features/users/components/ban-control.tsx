// Ban (with an optional reason, confirmed inline) or unban a user.
import { useState } from "react";
import type { AdminUserDto } from "@/api/contract.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { InputField } from "@/web/shared/ui/field.tsx";
import { BanIcon, CircleCheckIcon } from "@/web/shared/ui/icons.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { banUser, unbanUser } from "@/web/admin/features/users/api/ban-user.ts";
import { userTitle } from "@/web/admin/features/users/user-names.ts";

export function BanControl({ user }: { user: AdminUserDto }) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const ban = useMutation(async () => {
    await banUser(user.id, reason.trim());
    toast({ title: "User banned", description: `${userTitle(user)} can no longer earn or withdraw`, variant: "success" });
    setConfirming(false);
    setReason("");
  });
  const unban = useMutation(async () => {
    await unbanUser(user.id);
    toast({ title: "User unbanned", description: `${userTitle(user)} can earn and withdraw again`, variant: "success" });
  });

  if (user.isBanned) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-rose-200 bg-rose-50 p-3">
        <p className="text-sm text-rose-800">
          <span className="font-semibold">Banned</span>
          {user.banReason ? `: ${user.banReason}` : ""}
        </p>
        <Button variant="outline" size="sm" disabled={unban.isPending} onClick={() => void unban.mutate()}>
          <CircleCheckIcon />
          {unban.isPending ? "Unbanning..." : "Unban user"}
        </Button>
      </div>
    );
  }
  if (!confirming) {
    return (
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        <BanIcon />
        Ban user
      </Button>
    );
  }
  return (
    <form
      className="space-y-3 rounded-lg border border-rose-200 bg-rose-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void ban.mutate();
      }}
    >
      <p className="text-sm text-rose-800">A banned user can still open the app but cannot earn or withdraw.</p>
      <InputField label="Ban reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" size="sm" disabled={ban.isPending}>
          {ban.isPending ? "Banning..." : "Confirm ban"}
        </Button>
      </div>
    </form>
  );
}
