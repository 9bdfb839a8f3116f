// The channel membership check through the Bot API: getChatMember on the configured channel.
import { GrammyError, type Api } from "grammy";
import { AppError } from "@/domain/errors.ts";
import type { MembershipChecker } from "@/domain/membership.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import { describeTelegramError } from "./telegram-errors.ts";

export function botApiMembershipChecker(api: Api, channelId: string | undefined, log: Log = silentLog): MembershipChecker {
  return {
    async isMember(tgId) {
      if (!channelId) {
        log.warn("CHANNEL_ID is not set, so nobody can be verified as a channel member");
        return false;
      }
      try {
        const member = await api.getChatMember(channelId, tgId);
        if (member.status === "restricted") return member.is_member;
        return member.status === "member" || member.status === "administrator" || member.status === "creator";
      } catch (error) {
        // Telegram answers 400 "user not found" for someone who never joined.
        if (error instanceof GrammyError && error.error_code === 400 && /user not found|participant/i.test(error.description)) return false;
        // Anything else (Telegram down or slow, the bot not an admin of the channel) says
        // nothing about the user: the completion is refused unchanged, to be tried again, and
        // the operator gets one line, not a stack.
        log.warn({ tgId, channelId, error: describeTelegramError(error) }, "could not check channel membership");
        throw new AppError("MEMBERSHIP_UNAVAILABLE", "Could not check your channel membership, try again");
      }
    },
  };
}
