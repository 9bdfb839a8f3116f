// my_chat_member updates tell when a user blocks or unblocks the bot; broadcasts skip users the
// bot cannot reach until they come back.
import { Composer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import { setReachable } from "@/domain/users.ts";

export function reachability(deps: Deps) {
  const composer = new Composer();
  composer.on("my_chat_member", async (ctx) => {
    if (ctx.chat.type !== "private") return;
    const status = ctx.myChatMember.new_chat_member.status;
    await setReachable(deps, ctx.myChatMember.from.id, status !== "kicked" && status !== "left");
  });
  return composer;
}
