// The broadcast composer: the default message and, optionally, the same message in each other
// language users read (a user gets the text in their language, else the default), each with its
// counter and a live Telegram preview; how many users each text reaches; the spec's validation
// and result toasts; and a confirmation before anything is queued, since a broadcast to every
// user cannot be called back.
import { useState, type FormEvent } from "react";
import type { BroadcastAudienceDto } from "@/api/http/contract.ts";
import { defaultLanguage, languages, type Language } from "@/domain/i18n/languages.ts";
import { formatCount } from "@/web/shared/format.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { AlertIcon, SendIcon } from "@/web/shared/ui/icons.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { useAudience } from "@/web/admin/features/broadcast/api/get-audience.ts";
import { sendBroadcast } from "@/web/admin/features/broadcast/api/send-broadcast.ts";
import { describeProblem, findMarkdownProblem } from "@/domain/telegram-markdown.ts";
import { MESSAGE_MAX, MESSAGE_MIN, MessageEditor } from "./message-editor.tsx";

type Texts = Record<Language, string>;

const languageNames: Record<Language, string> = { en: "English", ru: "Russian", es: "Spanish" };
const translated = languages.filter((language) => language !== defaultLanguage);
const empty = Object.fromEntries(languages.map((language) => [language, ""])) as Texts;
const tabName = (language: Language) => (language === defaultLanguage ? "Default" : languageNames[language]);
const hasOwnText = (texts: Texts, language: Language) => language === defaultLanguage || texts[language].trim() !== "";

/** How many users get each text: a language without its own text reads the default. */
function reachOf(audience: BroadcastAudienceDto, texts: Texts): Record<Language, number> {
  const reach = { ...audience.byLanguage };
  for (const language of translated) {
    if (hasOwnText(texts, language)) continue;
    reach[defaultLanguage] += reach[language];
    reach[language] = 0;
  }
  return reach;
}

/** What stops a text from going out as typed: a toast to show, or (past the limit) only the disabled button. */
function problemOf(texts: Texts, language: Language): { title: string; description: string } | "too long" | undefined {
  const text = texts[language].trim();
  const which = language === defaultLanguage ? "Message" : `The ${languageNames[language]} text`;
  if (!text) return language === defaultLanguage ? { title: "Message Required", description: "Please enter a message to broadcast" } : undefined;
  if (text.length < MESSAGE_MIN) return { title: "Message Too Short", description: `${which} must be at least ${MESSAGE_MIN} characters long` };
  if (texts[language].length > MESSAGE_MAX) return "too long";
  const problem = findMarkdownProblem(texts[language]);
  if (problem) return { title: "Message Formatting Error", description: `${which}: ${describeProblem(problem)}` };
  return undefined;
}

function audienceNote(language: Language, texts: Texts, audience: BroadcastAudienceDto | undefined): string | undefined {
  if (!audience) return undefined;
  const reach = reachOf(audience, texts);
  if (language === defaultLanguage) return `Goes to ${countOf(reach[language], "user")}: ${languageNames[language]} readers and every language without its own text.`;
  const readers = countOf(audience.byLanguage[language], `${languageNames[language]} reader`);
  return hasOwnText(texts, language) ? `Goes to ${readers}.` : `Left empty, ${readers} get the default message.`;
}

function TabLabel({ language, count, flagged }: { language: Language; count?: number; flagged: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {tabName(language)}
      {count !== undefined && <span className="rounded-full bg-slate-200/70 px-1.5 text-xs tabular-nums text-slate-700">{formatCount(count)}</span>}
      {flagged && <AlertIcon className="h-3.5 w-3.5 text-rose-600" aria-label="Needs attention" />}
    </span>
  );
}

export function BroadcastForm({ intervalMinutes, sender }: { intervalMinutes: number; sender: string }) {
  const [texts, setTexts] = useState<Texts>(empty);
  const [tab, setTab] = useState<Language>(defaultLanguage);
  const [confirming, setConfirming] = useState(false);
  const audience = useAudience();
  const reach = audience.data && reachOf(audience.data, texts);
  const tooLong = languages.some((language) => texts[language].length > MESSAGE_MAX);
  const blank = languages.every((language) => texts[language] === "");

  const { mutate, isPending } = useMutation(async () => {
    const own = Object.fromEntries(translated.filter((language) => hasOwnText(texts, language)).map((language) => [language, texts[language].trim()]));
    try {
      const { queuedCount } = await sendBroadcast({ message: texts[defaultLanguage].trim(), ...(Object.keys(own).length > 0 && { texts: own }) });
      toast({
        title: "Broadcast Queued Successfully",
        description: `Message queued for ${formatCount(queuedCount)} users. Sending starts within ${intervalMinutes} minutes.`,
        variant: "success",
      });
      setTexts(empty);
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

  const facts: Array<[string, string]> = [["Recipients", reach ? countOf(audience.data!.total, "user") : "Unknown: the count could not be loaded"]];
  if (reach) {
    for (const language of languages) {
      if (language === defaultLanguage) facts.push(["Default message", countOf(reach[language], "user")]);
      else {
        const readers = countOf(audience.data!.byLanguage[language], "reader");
        facts.push([`${languageNames[language]} text`, hasOwnText(texts, language) ? countOf(reach[language], "user") : `none: its ${readers} get the default`]);
      }
    }
  }

  return (
    <Card>
      <CardHeader icon={<SendIcon className="h-5 w-5 text-indigo-600" />} title="Compose Message" description="Sent to every active bot user through the Telegram bot." />
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-4 sm:p-5">
        <div className="space-y-1.5">
          <Tabs
            label="Broadcast language"
            idBase="broadcast-language"
            items={languages.map((language) => ({
              value: language,
              // A language's tab counts its readers; the default's, everyone it reaches.
              label: <TabLabel language={language} count={language === defaultLanguage ? reach?.[language] : audience.data?.byLanguage[language]} flagged={texts[language].length > MESSAGE_MAX || findMarkdownProblem(texts[language]) !== undefined} />,
            }))}
            value={tab}
            onChange={setTab}
          />
          <p className="text-xs text-slate-500">Each user gets the text in their language; a language left empty gets the default message.</p>
        </div>
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
        <Recipients audience={audience} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setTexts(empty)} disabled={blank || isPending}>
            Clear
          </Button>
          <Button type="submit" disabled={tooLong || isPending}>
            <SendIcon />
            {isPending ? "Sending..." : "Send Broadcast"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={mutate}
        title="Send this broadcast?"
        description={`It is queued at once and cannot be called back. Sending starts within ${intervalMinutes} minutes.`}
        facts={facts}
        confirmLabel={audience.data ? `Send to ${countOf(audience.data.total, "user")}` : "Send to everyone"}
        busyLabel="Sending..."
        busy={isPending}
      />
    </Card>
  );
}

function Recipients({ audience }: { audience: ReturnType<typeof useAudience> }) {
  if (audience.isLoading) return <p className="text-sm text-slate-500">Counting recipients...</p>;
  if (!audience.data) return <ErrorState compact title="Unable to count recipients" message={audience.error?.message} onRetry={audience.refetch} retrying={audience.isFetching} />;
  const { total, byLanguage } = audience.data;
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      Reaches <strong data-testid="recipient-count" className="text-slate-900 tabular-nums">{countOf(total, "user")}</strong>
      <span className="text-slate-500">
        {" "}
        ({languages.map((language) => `${formatCount(byLanguage[language])} ${languageNames[language]}${language === defaultLanguage ? " or other" : ""}`).join(", ")})
      </span>
    </p>
  );
}
