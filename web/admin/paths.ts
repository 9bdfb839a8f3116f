// Every route of the admin panel in one place; links and redirects use these, never literals.
export const paths = {
  root: "/",
  admin: "/admin",
  login: "/admin/login",
  dashboard: "/admin/dashboard",
  tasks: "/admin/tasks",
  withdrawals: "/admin/withdrawals",
  users: "/admin/users",
  risk: "/admin/risk",
  /** One user's risk case; links fill in the id with generatePath. */
  riskCase: "/admin/risk/:id",
  broadcast: "/admin/broadcast",
  audit: "/admin/audit",
  settings: "/admin/settings",
  setup: "/admin/setup",
  /** The owner's Admins & tokens page. */
  access: "/admin/access",
} as const;

export const riskCasePath = (userId: number) => paths.riskCase.replace(":id", String(userId));
