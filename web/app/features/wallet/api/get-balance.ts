import type { LedgerEntry } from "../../../api/types.ts";
import { useQuery } from "../../../lib/query.ts";

export const useBalance = () => useQuery<{ balance: string; ledger: LedgerEntry[] }>("me/balance");
