// Remembers on this device that the user opened the channel for a follow_channel task, so the
// next press verifies membership instead of opening the channel again.
const key = (userId: number, taskId: number) => `refbot:channel-opened:${userId}:${taskId}`;

export const wasChannelOpened = (userId: number, taskId: number) => localStorage.getItem(key(userId, taskId)) === "1";
export const markChannelOpened = (userId: number, taskId: number) => localStorage.setItem(key(userId, taskId), "1");
