// The one admin API client: the shared client with the bearer token; a 401 drops the token, which
// sends the admin to the login page.
import { createApi } from "@/web/shared/http.ts";
import { toast } from "@/web/shared/toast.ts";
import { clearToken, token } from "./auth-token.ts";

export const api = createApi({
  identify: (headers) => {
    if (token.value) headers.set("Authorization", `Bearer ${token.value}`);
  },
  handled: (error) => {
    if (error.status !== 401 || !token.value) return false;
    clearToken();
    toast({ title: "Session expired", description: "Please sign in again", variant: "destructive" });
    return true;
  },
  errorTitle: "Request failed",
});
