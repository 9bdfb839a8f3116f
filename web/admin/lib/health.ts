// What the bot is doing, from GET /api/health (no token needed). The header checks it once a
// minute: it is a liveness light, so unlike data lists it has to follow the server. While the
// bot is starting or cannot reach Telegram it checks every 10 s, to show the recovery soon.
import { useEffect } from "react";
import type { HealthDto } from "../../../api/contract.ts";
import { api } from "./api-client.ts";
import { useQuery } from "./query.ts";

export type Health = HealthDto;

const REFRESH_MS = 60_000;
const REFRESH_TROUBLE_MS = 10_000;

const getHealth = () => api.get<Health>("health", { silent: true });

export function useHealth() {
  const query = useQuery("health", getHealth);
  const { refetch } = query;
  const state = query.data?.bot.state;
  const every = state === "starting" || state === "unreachable" ? REFRESH_TROUBLE_MS : REFRESH_MS;
  useEffect(() => {
    const timer = setInterval(() => void refetch(), every);
    return () => clearInterval(timer);
  }, [refetch, every]);
  return query;
}
