// /, /admin and /admin/login. An admin who still holds a token goes straight to the dashboard
// (a stale token is caught by the first 401, which brings them back here).
import { useSignals } from "@preact/signals-react/runtime";
import { Navigate } from "react-router-dom";
import { LoginForm } from "@/web/admin/features/auth/components/login-form.tsx";
import { token } from "@/web/admin/lib/auth-token.ts";
import { useConfig } from "@/web/admin/lib/config.ts";
import { paths } from "@/web/admin/paths.ts";

export function LoginRoute() {
  useSignals();
  const config = useConfig();
  if (token.value) return <Navigate to={paths.dashboard} replace />;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-indigo-50 via-slate-50 to-sky-50 px-4 py-10">
      <LoginForm productName={config.data?.productName ?? "RefBot"} />
    </main>
  );
}
