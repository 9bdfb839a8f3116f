// Wallet: balance and withdrawal, the payout address, and the transaction and withdrawal history.
import { useState } from "react";
import { useMe } from "../api/get-me.ts";
import { Card } from "../components/ui/card.tsx";
import { Tabs } from "../components/ui/tabs.tsx";
import { useBalance } from "../features/wallet/api/get-balance.ts";
import { useWithdrawals } from "../features/wallet/api/get-withdrawals.ts";
import { TransactionList } from "../features/wallet/components/transaction-list.tsx";
import { WalletAddressCard } from "../features/wallet/components/wallet-address-card.tsx";
import { WalletAddressDialog } from "../features/wallet/components/wallet-address-dialog.tsx";
import { WalletBalanceCard } from "../features/wallet/components/wallet-balance-card.tsx";
import { WithdrawDialog } from "../features/wallet/components/withdraw-dialog.tsx";
import { WithdrawalList } from "../features/wallet/components/withdrawal-list.tsx";
import { useConfig } from "../session.ts";

type Tab = "transactions" | "withdrawals";

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
      <Tabs
        label="History"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: "transactions", label: "Transactions" },
          { value: "withdrawals", label: "Withdrawals" },
        ]}
      />
      <Card>
        {tab === "transactions" ? (
          <TransactionList entries={balance.data?.ledger ?? (balance.error ? [] : undefined)} />
        ) : (
          <WithdrawalList withdrawals={withdrawals.data ?? (withdrawals.error ? [] : undefined)} explorerTxUrl={config.explorerTxUrl} />
        )}
      </Card>
      {me.data && dialog === "wallet" && <WalletAddressDialog open onClose={close} current={me.data.walletBep20} />}
      {me.data?.walletBep20 && dialog === "withdraw" && (
        <WithdrawDialog open onClose={close} balance={me.data.balanceUsdt} minimum={config.minWithdrawalUsdt} address={me.data.walletBep20} />
      )}
    </>
  );
}
