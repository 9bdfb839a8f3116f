// Every route of the mini app in one place.
export const paths = {
  root: "/app",
  home: "/app/home",
  tasks: "/app/tasks",
  referrals: "/app/referrals",
  wallet: "/app/wallet",
  leaderboard: "/app/leaderboard",
  info: "/app/info",
} as const;
