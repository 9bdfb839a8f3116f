// The message box with its "x/4000" counter (red past 4000, which also disables sending), Clear
// and Send Broadcast, and the spec's validation and result toasts.
import { useState, type FormEvent } from "react";
import { rules } from "@/domain/rules.ts";
import { cn } from "@/web/shared/cn.ts";
import { formatCount } from "@/web/shared/format.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { inputClass } from "@/web/shared/ui/field.tsx";
import { SendIcon } from "@/web/shared/ui/icons.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { sendBroadcast } from "@/web/admin/features/broadcast/api/send-broadcast.ts";

// The server's limits on a broadcast message, counted after trimming.
const MESSAGE_MIN = rules.broadcastMinLength;
const MESSAGE_MAX = rules.broadcastMaxLength;

export function BroadcastForm({ intervalMinutes }: { intervalMinutes: number }) {
  const [message, setMessage] = useState("");
  const tooLong = message.length > MESSAGE_MAX;

  const { mutate, isPending } = useMutation(async (text: string) => {
    try {
      const { queuedCount } = await sendBroadcast(text);
      toast({
        title: "Broadcast Queued Successfully",
        description: `Message queued for ${formatCount(queuedCount)} users. Sending starts within ${intervalMinutes} minutes.`,
        variant: "success",
      });
      setMessage("");
    } catch (error) {
      const detail = error instanceof Error && error.message ? `: ${error.message}` : "";
      toast({ title: "Broadcast Failed", description: `Failed to send broadcast message${detail}`, variant: "destructive" });
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) return toast({ title: "Message Required", description: "Please enter a message to broadcast", variant: "destructive" });
    if (text.length < MESSAGE_MIN) return toast({ title: "Message Too Short", description: "Message must be at least 5 characters long", variant: "destructive" });
    if (text.length > MESSAGE_MAX) return;
    void mutate(text);
  };

  return (
    <Card>
      <CardHeader icon={<SendIcon className="h-5 w-5 text-indigo-600" />} title="Compose Message" description="Sent to every active bot user through the Telegram bot." />
      <form onSubmit={onSubmit} noValidate className="space-y-3 p-4 sm:p-5">
        <div className="space-y-1.5">
          <div className="flex items-end justify-between gap-2">
            <label htmlFor="broadcast-message" className="text-sm font-medium text-slate-700">
              Message
            </label>
            <span id="broadcast-counter" aria-live="polite" data-testid="broadcast-counter" className={cn("text-xs tabular-nums", tooLong ? "font-semibold text-rose-600" : "text-slate-500")}>
              {message.length}/{MESSAGE_MAX}
            </span>
          </div>
          <textarea
            id="broadcast-message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-describedby="broadcast-counter broadcast-help"
            aria-invalid={tooLong || undefined}
            rows={9}
            placeholder={"*Big news!* Complete today's task to keep your streak.\n\nVisit [our channel](https://t.me/yourchannel) for more."}
            className={cn(inputClass, "min-h-48 resize-y font-mono", tooLong && "border-rose-500 focus:border-rose-500 focus:outline-rose-200")}
          />
          <p id="broadcast-help" className={cn("text-xs", tooLong ? "text-rose-600" : "text-slate-500")}>
            {tooLong ? `The message is ${formatCount(message.length - MESSAGE_MAX)} characters over the limit.` : `Between ${MESSAGE_MIN} and ${formatCount(MESSAGE_MAX)} characters. Markdown: *bold*, _italic_, [link](https://...).`}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setMessage("")} disabled={!message || isPending}>
            Clear
          </Button>
          <Button type="submit" disabled={tooLong || isPending}>
            <SendIcon />
            {isPending ? "Sending..." : "Send Broadcast"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
