// The user dialog: tabs Profile, Balance, Referrals, Activity. It shows the list's copy of the
// user at once and the fresh one (after a ban or an adjustment) as soon as it arrives.
import { useEffect, useState } from "react";
import type { AdminUserDto } from "@/api/contract.ts";
import { Dialog } from "@/web/shared/ui/dialog.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";
import { useUser } from "@/web/admin/features/users/api/get-user.ts";
import { fullName, userTitle } from "@/web/admin/features/users/user-names.ts";
import { UserActivityTab } from "./user-activity-tab.tsx";
import { UserBalanceTab } from "./user-balance-tab.tsx";
import { UserProfileTab } from "./user-profile-tab.tsx";
import { UserReferralsTab } from "./user-referrals-tab.tsx";

const tabs = [
  { value: "profile", label: "Profile" },
  { value: "balance", label: "Balance" },
  { value: "referrals", label: "Referrals" },
  { value: "activity", label: "Activity" },
] as const;

type Tab = (typeof tabs)[number]["value"];

export function UserDialog({ user: listed, onClose }: { user: AdminUserDto | null; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>("profile");
  const fresh = useUser(listed?.id ?? null);
  useEffect(() => setTab("profile"), [listed?.id]);
  if (!listed) return null;
  const user = fresh.data?.id === listed.id ? fresh.data : listed;

  return (
    <Dialog open onClose={onClose} size="lg" title={userTitle(user)} description={[fullName(user), `Telegram ID ${user.tgId}`].filter(Boolean).join(" · ")}>
      <Tabs label="User details" idBase="user-dialog" items={tabs} value={tab} onChange={setTab} />
      <TabPanel idBase="user-dialog" value={tab} className="mt-4">
        {tab === "profile" && <UserProfileTab user={user} />}
        {tab === "balance" && <UserBalanceTab user={user} />}
        {tab === "referrals" && <UserReferralsTab user={user} />}
        {tab === "activity" && <UserActivityTab userId={user.id} />}
      </TabPanel>
    </Dialog>
  );
}
