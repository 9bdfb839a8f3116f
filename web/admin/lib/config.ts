// Public server configuration (product name, explorer URLs, broadcast pacing), read once and
// shared by the whole panel; /api/config needs no token.
import { api } from "./api-client.ts";
import { useQuery } from "./query.ts";

export type PublicConfig = {
  productName: string;
  demoMode: boolean;
  botActive: boolean;
  botUsername: string;
  channelUrl: string;
  supportUrl: string;
  explorerTxUrl: string;
  explorerAddressUrl: string;
  minWithdrawalUsdt: string;
  referralTarget: number;
  referralMilestoneUsdt: string;
  referralBonusUsdt: string;
  broadcast: { batchSize: number; gapMs: number; intervalSeconds: number };
};

export const getConfig = () => api.get<PublicConfig>("config", { silent: true });

export function useConfig() {
  return useQuery("config", getConfig);
}

/** Explorer links; BscScan when the config has not arrived (or failed), as the spec's network is BSC. */
export function explorerUrls(config: PublicConfig | undefined) {
  return {
    tx: (hash: string) => `${config?.explorerTxUrl ?? "https://bscscan.com/tx/"}${hash}`,
    address: (address: string) => `${config?.explorerAddressUrl ?? "https://bscscan.com/address/"}${address}`,
  };
}
