// All admin routes. The login answers on /, /admin and /admin/login; the other pages share the
// authenticated layout; anything else is the 404 page.
import { createBrowserRouter } from "react-router-dom";
import { paths } from "@/web/admin/paths.ts";
import { AdminLayout } from "./routes/admin-layout.tsx";
import { BroadcastRoute } from "./routes/broadcast.tsx";
import { DashboardRoute } from "./routes/dashboard.tsx";
import { LoginRoute } from "./routes/login.tsx";
import { NotFoundRoute } from "./routes/not-found.tsx";
import { TasksRoute } from "./routes/tasks.tsx";
import { UsersRoute } from "./routes/users.tsx";
import { WithdrawalsRoute } from "./routes/withdrawals.tsx";

export const router = createBrowserRouter([
  { path: paths.root, element: <LoginRoute /> },
  { path: paths.admin, element: <LoginRoute /> },
  { path: paths.login, element: <LoginRoute /> },
  {
    element: <AdminLayout />,
    children: [
      { path: paths.dashboard, element: <DashboardRoute /> },
      { path: paths.tasks, element: <TasksRoute /> },
      { path: paths.withdrawals, element: <WithdrawalsRoute /> },
      { path: paths.users, element: <UsersRoute /> },
      { path: paths.broadcast, element: <BroadcastRoute /> },
    ],
  },
  { path: "*", element: <NotFoundRoute /> },
]);
