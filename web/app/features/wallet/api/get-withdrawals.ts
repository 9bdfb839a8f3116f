import type { Withdrawal } from "../../../api/types.ts";
import { useQuery } from "../../../lib/query.ts";

export const useWithdrawals = () => useQuery<Withdrawal[]>("me/withdrawals");
