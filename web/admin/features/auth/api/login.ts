import { api } from "../../../lib/api-client.ts";

export type LoginInput = { email: string; password: string };
export type LoginResponse = { token: string; expiresAt: string; admin: { id: number; email: string } };

// Silent: the login form shows the spec's own "Login failed" toast.
export const login = (input: LoginInput) => api.post<LoginResponse>("auth/login", input, { silent: true });
