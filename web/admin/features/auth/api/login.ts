import type { LoginDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";

export type LoginInput = { email: string; password: string };

// Silent: the login form shows the spec's own "Login failed" toast.
export const login = (input: LoginInput) => api.post<LoginDto>("auth/login", input, { silent: true });
