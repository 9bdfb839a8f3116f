// Wallet: balance and withdrawal, the payout address, and the transaction and withdrawal history.
import { useState } from "react";
import { useMe } from "@/web/app/api/get-me.ts";
import { useBalance } from "@/web/app/features/wallet/api/get-balance.ts";
import { useWithdrawals } from "@/web/app/features/wallet/api/get-withdrawals.ts";
import { TransactionList } from "@/web/app/features/wallet/components/transaction-list.tsx";
import { WalletAddressCard } from "@/web/app/features/wallet/components/wallet-address-card.tsx";
import { WalletAddressDialog } from "@/web/app/features/wallet/components/wallet-address-dialog.tsx";
import { WalletBalanceCard } from "@/web/app/features/wallet/components/wallet-balance-card.tsx";
import { WithdrawDialog } from "@/web/app/features/wallet/components/withdraw-dialog.tsx";
import { WithdrawalList } from "@/web/app/features/wallet/components/withdrawal-list.tsx";
import { useConfig } from "@/web/app/session.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";

const tabs = [
  { value: "transactions", label: "Transactions" },
  { value: "withdrawals", label: "Withdrawals" },
] as const;

type Tab = (typeof tabs)[number]["value"];

export default function WalletScreen() {
  const config = useConfig();
  const me = useMe();
  const balance = useBalance();
  const withdrawals = useWithdrawals();
  const [tab, setTab] = useState<Tab>("transactions");
  const [dialog, setDialog] = useState<"wallet" | "withdraw" | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <WalletBalanceCard
        me={me.data}
        minimum={config.minWithdrawalUsdt}
        hasOpenWithdrawal={!!withdrawals.data?.some((w) => w.status === "pending" || w.status === "approved")}
        onWithdraw={() => setDialog("withdraw")}
      />
      <WalletAddressCard address={me.data ? me.data.walletBep20 : undefined} explorerAddressUrl={config.explorerAddressUrl} onEdit={() => setDialog("wallet")} />
      <Tabs label="History" idBase="history" items={tabs} value={tab} onChange={setTab} />
      <TabPanel idBase="history" value={tab}>
        <Card>
          {tab === "transactions" ? (
            <TransactionList entries={balance.data?.ledger ?? (balance.error ? [] : undefined)} />
          ) : (
            <WithdrawalList withdrawals={withdrawals.data ?? (withdrawals.error ? [] : undefined)} explorerTxUrl={config.explorerTxUrl} />
          )}
        </Card>
      </TabPanel>
      {me.data && dialog === "wallet" && <WalletAddressDialog open onClose={close} current={me.data.walletBep20} />}
      {me.data?.walletBep20 && dialog === "withdraw" && (
        <WithdrawDialog open onClose={close} balance={me.data.balanceUsdt} minimum={config.minWithdrawalUsdt} address={me.data.walletBep20} />
      )}
    </>
  );
}
