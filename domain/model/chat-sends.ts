// When each chat may next get a message, for the whole fleet: Telegram takes about one message a
// second to one chat, and every instance's sender takes a chat's next second here before it sends
// (domain/send-rate.ts: reserveSends, takeChat).

export type ChatSend = {
  /** The chat's Telegram id (a user's private chat with the bot). */
  tgId: number;
  /** Until when the chat is taken: a later message to it waits until this has passed. */
  freeAt: Date;
};
