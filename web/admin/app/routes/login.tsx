// /, /admin and /admin/login. An admin who still holds a token goes straight to the dashboard
// (a stale token is caught by the first 401, which brings them back here).
import { Navigate } from "react-router-dom";
import { LoginForm } from "../../features/auth/components/login-form.tsx";
import { useToken } from "../../lib/auth-token.ts";
import { useConfig } from "../../lib/config.ts";
import { paths } from "../../paths.ts";

export function LoginRoute() {
  const token = useToken();
  const config = useConfig();
  if (token) return <Navigate to={paths.dashboard} replace />;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-indigo-50 via-slate-50 to-sky-50 px-4 py-10">
      <LoginForm productName={config.data?.productName ?? "RefBot"} />
    </main>
  );
}
