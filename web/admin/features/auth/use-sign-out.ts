// Sign out: revoke the token on the server, then forget it here even if the server is unreachable,
// so the button always signs this browser out.
import { useNavigate } from "react-router-dom";
import { clearToken } from "@/web/admin/lib/auth-token.ts";
import { clearQueries } from "@/web/shared/query.ts";
import { toast } from "@/web/shared/toast.ts";
import { paths } from "@/web/admin/paths.ts";
import { logout } from "./api/logout.ts";

export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await logout().catch(() => undefined); // Local sign-out must not depend on the server answering.
    clearToken();
    clearQueries();
    toast({ title: "Signed out", description: "You have been signed out of the admin panel" });
    navigate(paths.login, { replace: true });
  };
}
