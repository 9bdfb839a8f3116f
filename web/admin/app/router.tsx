// All admin routes. The login answers on /, /admin and /admin/login; the other pages share the
// authenticated layout; anything else is the 404 page. The risk review is loaded when first
// opened: only some operators turn the defences on, and the others need not download it; so is
// the audit log, looked at now and then rather than at every sign-in. Each is a lazy component
// under the layout rather than a lazy route, so the header shows at once while its code arrives.
import { lazy, Suspense, type ReactNode } from "react";
import { createBrowserRouter } from "react-router-dom";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { paths } from "@/web/admin/paths.ts";
import { AdminLayout } from "./routes/admin-layout.tsx";
import { BroadcastRoute } from "./routes/broadcast.tsx";
import { DashboardRoute } from "./routes/dashboard.tsx";
import { LoginRoute } from "./routes/login.tsx";
import { NotFoundRoute } from "./routes/not-found.tsx";
import { TasksRoute } from "./routes/tasks.tsx";
import { UsersRoute } from "./routes/users.tsx";
import { WithdrawalsRoute } from "./routes/withdrawals.tsx";

const RiskRoute = lazy(() => import("./routes/risk.tsx").then(({ RiskRoute }) => ({ default: RiskRoute })));
const RiskCaseRoute = lazy(() => import("./routes/risk-case.tsx").then(({ RiskCaseRoute }) => ({ default: RiskCaseRoute })));
const AuditRoute = lazy(() => import("./routes/audit.tsx").then(({ AuditRoute }) => ({ default: AuditRoute })));
// Changed now and then by an owner, not looked at on every sign-in.
const SettingsRoute = lazy(() => import("./routes/settings.tsx").then(({ SettingsRoute }) => ({ default: SettingsRoute })));
// Opened when setting up or when something is wrong, not at every sign-in.
const SetupRoute = lazy(() => import("./routes/setup.tsx").then(({ SetupRoute }) => ({ default: SetupRoute })));
// An owner's page, seldom opened.
const AccessRoute = lazy(() => import("./routes/access.tsx").then(({ AccessRoute }) => ({ default: AccessRoute })));

const later = (page: ReactNode) => <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>{page}</Suspense>;

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
      { path: paths.risk, element: later(<RiskRoute />) },
      { path: paths.riskCase, element: later(<RiskCaseRoute />) },
      { path: paths.broadcast, element: <BroadcastRoute /> },
      { path: paths.audit, element: later(<AuditRoute />) },
      { path: paths.settings, element: later(<SettingsRoute />) },
      { path: paths.setup, element: later(<SetupRoute />) },
      { path: paths.access, element: later(<AccessRoute />) },
    ],
  },
  { path: "*", element: <NotFoundRoute /> },
]);
