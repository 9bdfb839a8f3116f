// What the bot is doing, from GET /api/health (no token needed). The header checks it once a
// minute: it is a liveness light, so unlike data lists it has to follow the server. While the
// bot is starting or cannot reach Telegram it checks every 10 s, to show the recovery soon.
import { useQuery } from "@/web/shared/query.ts";
import { api } from "./api-client.ts";

const REFRESH_MS = 60_000;
const REFRESH_TROUBLE_MS = 10_000;

const getHealth = () => api.get("/api/health", {}, { silent: true });

export function useHealth() {
  return useQuery("health", getHealth, {
    refetchInterval: (health) => (health?.bot.state === "starting" || health?.bot.state === "unreachable" ? REFRESH_TROUBLE_MS : REFRESH_MS),
  });
}
