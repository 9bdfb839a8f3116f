// Every route of the admin panel in one place; links and redirects use these, never literals.
export const paths = {
  root: "/",
  admin: "/admin",
  login: "/admin/login",
  dashboard: "/admin/dashboard",
  tasks: "/admin/tasks",
  withdrawals: "/admin/withdrawals",
  users: "/admin/users",
  broadcast: "/admin/broadcast",
} as const;
