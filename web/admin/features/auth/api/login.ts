import type { RequestOf } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";

export type LoginInput = RequestOf<"post", "/api/auth/login">["body"];

// Silent: the login form shows the spec's own "Login failed" toast.
export const login = (input: LoginInput) => api.post("/api/auth/login", { body: input }, { silent: true });
