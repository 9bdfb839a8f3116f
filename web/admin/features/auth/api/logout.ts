import { api } from "@/web/admin/lib/api-client.ts";

// Revokes every token of this admin on the server; silent because signing out locally proceeds anyway.
export const logout = () => api.post("/api/auth/logout", {}, { silent: true });
