// The review's words for the signals the server computes (domain/risk.ts names them) and for the
// keys of their evidence. A name or key newer than this build shows in a readable form of itself.

type SignalCopy = { label: string; about: string };

const signals: Record<string, SignalCopy> = {
  referral_burst: { label: "Referral burst", about: "Many sign-ups through this user's link in a short window." },
  young_referrals: { label: "Young referrals", about: "Most recent referrals are young accounts without a username." },
  referrals_share_client: { label: "Referrals share a client", about: "Several referrals opened the mini app from one address and device." },
  referrals_left: { label: "Referrals left", about: "Several referrals left the channel after qualifying." },
  young_account: { label: "Young account", about: "Its Telegram ID is far above its referrer's, so the account is much younger." },
  no_username: { label: "No username", about: "The account has no Telegram username." },
  not_premium: { label: "Not Premium", about: "The account has no Telegram Premium." },
  shared_client: { label: "Shared client", about: "Its address and device were seen with several other accounts." },
  left_after_qualifying: { label: "Left after qualifying", about: "It left the channel after its referral qualified." },
  quick_withdrawal: { label: "Quick withdrawal", about: "A withdrawal asked for within minutes of the last qualified referral." },
  shared_wallet: { label: "Shared wallet", about: "Its wallet address is also set on other accounts." },
};

const evidenceKeys: Record<string, string> = {
  tgId: "Telegram ID",
  referrerTgId: "Referrer's Telegram ID",
  idGap: "Telegram ID gap",
  firstName: "First name",
  signUps: "Sign-ups",
  windowMinutes: "Window (minutes)",
  youngWithoutUsername: "Young, without username",
  ofLatest: "Of the latest",
  address: "Address",
  userAgent: "User agent",
  accounts: "Accounts on the client",
  referrals: "Referrals on the client",
  referrerId: "Referrer",
  left: "Referrals that left",
  minutesAfterLastQualifiedReferral: "Minutes after the last qualified referral",
  sharedWith: "Other accounts with this address",
};

/** "referral_burst" or "someNewKey" as words: "Referral burst", "Some new key". */
function words(code: string): string {
  const spaced = code
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const signalLabel = (name: string): string => (Object.hasOwn(signals, name) ? signals[name]!.label : words(name));
export const signalAbout = (name: string): string | undefined => (Object.hasOwn(signals, name) ? signals[name]!.about : undefined);
export const evidenceLabel = (key: string): string => (Object.hasOwn(evidenceKeys, key) ? evidenceKeys[key]! : words(key));
