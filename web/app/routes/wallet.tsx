// Wallet: balance and withdrawal, the payout address, and the transaction and withdrawal history.
// Its main action, withdrawing or (without a wallet) setting one, is Telegram's MainButton inside
// Telegram; an open sheet's own action takes the button over until it closes.
import { useState } from "react";
import { unfinishedWithdrawalStatuses } from "@/domain/model/withdrawals.ts";
import { useMe } from "@/web/app/api/get-me.ts";
import { ConfirmHost } from "@/web/app/components/confirm-host.tsx";
import { useBalance } from "@/web/app/features/wallet/api/get-balance.ts";
import { useWithdrawals } from "@/web/app/features/wallet/api/get-withdrawals.ts";
import { TransactionList } from "@/web/app/features/wallet/components/transaction-list.tsx";
import { WalletAddressCard } from "@/web/app/features/wallet/components/wallet-address-card.tsx";
import { WalletAddressDialog } from "@/web/app/features/wallet/components/wallet-address-dialog.tsx";
import { WalletBalanceCard } from "@/web/app/features/wallet/components/wallet-balance-card.tsx";
import { WithdrawDialog } from "@/web/app/features/wallet/components/withdraw-dialog.tsx";
import { WithdrawalList } from "@/web/app/features/wallet/components/withdrawal-list.tsx";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { useConfig } from "@/web/app/session.ts";
import { dismissToast } from "@/web/shared/toast.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";

const tabs = ["transactions", "withdrawals"] as const;

type Tab = (typeof tabs)[number];

export default function WalletScreen() {
  const { t } = useI18n();
  const config = useConfig();
  const me = useMe();
  const balance = useBalance();
  const withdrawals = useWithdrawals();
  const [tab, setTab] = useState<Tab>("transactions");
  const [dialog, setDialog] = useState<"wallet" | "withdraw" | null>(null);
  const close = () => setDialog(null);
  // A sheet is a new step: a toast from the step before would only sit over its buttons.
  const open = (which: "wallet" | "withdraw") => {
    dismissToast();
    setDialog(which);
  };
  return (
    <>
      <WalletBalanceCard
        me={me.data}
        minimum={config.minWithdrawalUsdt}
        holdHours={config.referralHoldHours}
        hasOpenWithdrawal={!!withdrawals.data?.some((w) => (unfinishedWithdrawalStatuses as readonly string[]).includes(w.status))}
        onWithdraw={() => open("withdraw")}
      />
      <WalletAddressCard address={me.data ? me.data.walletBep20 : undefined} explorerAddressUrl={config.explorerAddressUrl} onEdit={() => open("wallet")} />
      <Tabs label={t("wallet.history")} idBase="history" items={tabs.map((value) => ({ value, label: t(`wallet.${value}`) }))} value={tab} onChange={setTab} />
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
      <ConfirmHost />
    </>
  );
}
