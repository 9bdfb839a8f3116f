import { api } from "../../../lib/api-client.ts";

// Revokes every token of this admin on the server; silent because signing out locally proceeds anyway.
export const logout = () => api.post<{ ok: true }>("auth/logout", {}, { silent: true });
