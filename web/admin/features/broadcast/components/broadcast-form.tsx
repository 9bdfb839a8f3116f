// The broadcast composer: a tab per language users read (language-tabs.tsx), each text with its
// counter and a live Telegram preview (message-editor.tsx), how many users it reaches, the spec's
// validation and result toasts, and a confirmation before anything is queued.
import { useState, type FormEvent } from "react";
import { defaultLanguage, languages, type Language } from "@/domain/i18n/languages.ts";
import { formatCount } from "@/web/shared/format.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { SendIcon } from "@/web/shared/ui/icons.tsx";
import { TabPanel } from "@/web/shared/ui/tabs.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { useAudience } from "@/web/admin/features/broadcast/api/get-audience.ts";
import { sendBroadcast } from "@/web/admin/features/broadcast/api/send-broadcast.ts";
import { audienceNote, broadcastBody, emptyTexts, isTooLong, languageNames, problemOf, reachOf, type Texts } from "@/web/admin/features/broadcast/broadcast-texts.ts";
import { ConfirmBroadcastDialog } from "./confirm-broadcast-dialog.tsx";
import { LanguageTabs } from "./language-tabs.tsx";
import { MessageEditor } from "./message-editor.tsx";
import { RecipientCount } from "./recipient-count.tsx";

export function BroadcastForm({ intervalMinutes, sender }: { intervalMinutes: number; sender: string }) {
  const [texts, setTexts] = useState<Texts>(emptyTexts);
  const [tab, setTab] = useState<Language>(defaultLanguage);
  const [confirming, setConfirming] = useState(false);
  const audience = useAudience();
  const tooLong = languages.some((language) => isTooLong(texts[language]));
  const blank = languages.every((language) => texts[language] === "");

  const { mutate, isPending } = useMutation(async () => {
    try {
      const { queuedCount } = await sendBroadcast(broadcastBody(texts));
      toast({
        title: "Broadcast Queued Successfully",
        description: `Message queued for ${formatCount(queuedCount)} users. Sending starts within ${intervalMinutes} minutes.`,
        variant: "success",
      });
      setTexts(emptyTexts);
      setTab(defaultLanguage);
    } catch (error) {
      const detail = error instanceof Error && error.message ? `: ${error.message}` : "";
      toast({ title: "Broadcast Failed", description: `Failed to send broadcast message${detail}`, variant: "destructive" });
    } finally {
      setConfirming(false);
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    for (const language of languages) {
      const problem = problemOf(texts, language);
      if (problem === "too long") return;
      if (problem) {
        setTab(language);
        return toast({ ...problem, variant: "destructive" });
      }
    }
    setConfirming(true);
  };

  return (
    <Card>
      <CardHeader icon={<SendIcon className="h-5 w-5 text-indigo-600" />} title="Compose Message" description="Sent to every active bot user through the Telegram bot." />
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-4 sm:p-5">
        <LanguageTabs idBase="broadcast-language" texts={texts} value={tab} onChange={setTab} reach={audience.data && reachOf(audience.data, texts)} readers={audience.data?.byLanguage} />
        <TabPanel idBase="broadcast-language" value={tab}>
          <MessageEditor
            key={tab}
            id={`broadcast-${tab}`}
            label={tab === defaultLanguage ? "Message" : `${languageNames[tab]} text`}
            value={texts[tab]}
            onChange={(value) => setTexts((current) => ({ ...current, [tab]: value }))}
            placeholder={
              tab === defaultLanguage
                ? "*Big news!* Complete today's task to keep your streak.\n\nVisit [our channel](https://t.me/yourchannel) for more."
                : `The same message in ${languageNames[tab]} (optional).`
            }
            audience={audienceNote(tab, texts, audience.data)}
            sender={sender}
          />
        </TabPanel>
        <RecipientCount audience={audience} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setTexts(emptyTexts)} disabled={blank || isPending}>
            Clear
          </Button>
          <Button type="submit" disabled={tooLong || isPending}>
            <SendIcon />
            {isPending ? "Sending..." : "Send Broadcast"}
          </Button>
        </div>
      </form>
      <ConfirmBroadcastDialog open={confirming} texts={texts} audience={audience.data} intervalMinutes={intervalMinutes} busy={isPending} onClose={() => setConfirming(false)} onConfirm={mutate} />
    </Card>
  );
}
