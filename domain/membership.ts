// Whether a Telegram user is in the channel. The Bot API checker lives with the bot; the demo
// checker stands in when no bot token is configured, and says so only to a log it is given.
export type MembershipChecker = {
  isMember(tgId: number): Promise<boolean>;
};

export function demoMembershipChecker(log: (line: string) => void = () => {}): MembershipChecker {
  return {
    async isMember(tgId) {
      log(`demo mode: channel membership of ${tgId} assumed`);
      return true;
    },
  };
}
