// Public server configuration (product name, explorer URLs, broadcast pacing), read once and
// shared by the whole panel; /api/config needs no token.
import type { PublicConfigDto } from "@/api/contract.ts";
import { explorer } from "@/domain/rules.ts";
import { useQuery } from "@/web/shared/query.ts";
import { api } from "./api-client.ts";

export const getConfig = () => api.get("/api/config", {}, { silent: true });

export function useConfig() {
  return useQuery("config", getConfig);
}

/** Explorer links; the server's own (BscScan) when the config has not arrived or failed. */
export function explorerUrls(config: PublicConfigDto | undefined) {
  return {
    tx: (hash: string) => `${config?.explorerTxUrl ?? explorer.tx}${hash}`,
    address: (address: string) => `${config?.explorerAddressUrl ?? explorer.address}${address}`,
  };
}
