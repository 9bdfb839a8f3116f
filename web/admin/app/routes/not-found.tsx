// Any path no route matches (the server also answers these with status 404).
import { Link, useLocation } from "react-router-dom";
import { AlertIcon } from "@/web/shared/ui/icons.tsx";
import { paths } from "@/web/admin/paths.ts";

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertIcon className="h-7 w-7 text-rose-500" />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          Did you forget to add the page to the router? No route matches <code className="rounded bg-slate-100 px-1 py-0.5 text-xs break-all">{pathname}</code>.
        </p>
        <Link to={paths.dashboard} className="mt-6 inline-flex rounded-lg bg-accent px-4 py-2 text-sm font-medium text-accent-fg hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
