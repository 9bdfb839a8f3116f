// Shapes of the API answers the mini app reads. Those the server builds in one place come from
// its contract (types only: nothing of the server reaches the bundle). Amounts are exact decimal
// strings and times ISO strings.
import type {
  LeaderboardCategory,
  LeaderboardEntryDto,
  LedgerEntryDto,
  LedgerReason,
  MeDto,
  PublicConfigDto,
  TaskKind,
  WithdrawalDto,
  WithdrawalStatus,
} from "../../../api/contract.ts";

export type Config = PublicConfigDto;

export type Me = MeDto;

export type { TaskKind };

export type UserTask = {
  id: number;
  kind: TaskKind;
  title: string;
  description: string;
  rewardUsdt: string;
  isActive: boolean;
  createdAt: string;
  completionCount: number;
  isCompleted: boolean;
  completedToday: boolean;
};

export type { LedgerReason };

export type LedgerEntry = LedgerEntryDto;

/** One of the latest ledger movements; `type` is the ledger reason, which the app labels itself. */
export type ActivityItem = { id: number; type: LedgerReason; direction?: "credit" | "debit"; time: string; amount: string };

export type { WithdrawalStatus };

export type Withdrawal = WithdrawalDto;

export type { LeaderboardCategory };

export type LeaderboardEntry = LeaderboardEntryDto;
