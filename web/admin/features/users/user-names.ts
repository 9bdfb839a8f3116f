// How the admin panel names a user.
import type { AdminUserDto } from "@/api/contract.ts";
import { displayName } from "@/domain/display-name.ts";

/** "@name", else the spec's "User {tgId}". */
export function userTitle(user: Pick<AdminUserDto, "username" | "tgId">): string {
  return displayName(user.username, `User ${user.tgId}`);
}

export function fullName(user: Pick<AdminUserDto, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}
