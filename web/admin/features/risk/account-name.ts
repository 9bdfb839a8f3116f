// How the risk pages name an account: its first name, else its username, else its Telegram ID;
// the username goes beside it, since a farm's accounts often have none.
type Named = { username: string | null; firstName: string | null; tgId: number };

export function accountName(a: Named): string {
  return a.firstName?.trim() || (a.username ? `@${a.username}` : `User ${a.tgId}`);
}

export function accountHandle(a: Pick<Named, "username">): string {
  return a.username ? `@${a.username}` : "no username";
}
