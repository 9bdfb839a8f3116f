// Whether the bot is really running, from GET /api/health (no token needed). The header checks it
// once a minute: it is a liveness light, so unlike data lists it has to follow the server.
import { useEffect } from "react";
import { api } from "./api-client.ts";
import { useQuery } from "./query.ts";

export type Health = { ok: boolean; demoMode: boolean; botActive: boolean };

const REFRESH_MS = 60_000;

const getHealth = () => api.get<Health>("health", { silent: true });

export function useHealth() {
  const query = useQuery("health", getHealth);
  const { refetch } = query;
  useEffect(() => {
    const timer = setInterval(() => void refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  return query;
}
