import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { UserDirectory } from "@/web/admin/features/users/components/user-directory.tsx";

export function UsersRoute() {
  return (
    <>
      <PageHeader title="Users" description="Find a user by username, Telegram ID or wallet address; open one for profile, balance, referrals and activity." />
      <UserDirectory />
    </>
  );
}
