// The information panels beside the form: how delivery works (pacing from the server's config),
// who receives it, tips, and the Markdown that Telegram renders.
import type { ReactNode } from "react";
import { formatCount } from "@/web/shared/format.ts";
import { ClockIcon, InfoIcon, StarIcon, UsersIcon } from "@/web/shared/ui/icons.tsx";

export type Pacing = { batchSize: number; gapMs: number; intervalSeconds: number };

function Panel({ icon, title, tone, children }: { icon: ReactNode; title: string; tone: string; children: ReactNode }) {
  return (
    <section className={`rounded-xl border p-4 ${tone}`}>
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h2>
      <div className="mt-2 space-y-1 text-sm">{children}</div>
    </section>
  );
}

export function BroadcastInfo({ pacing }: { pacing: Pacing }) {
  const minutes = Math.max(1, Math.round(pacing.intervalSeconds / 60));
  return (
    <div className="space-y-4">
      <Panel icon={<ClockIcon className="h-4 w-4" />} title="How delivery works" tone="border-sky-200 bg-sky-50 text-sky-900">
        <p>Your message is queued, not sent at once.</p>
        <p>
          The scheduler sends up to {formatCount(pacing.batchSize)} messages every {minutes} minutes, with {formatCount(pacing.gapMs)} ms between messages, to stay within Telegram's limits.
        </p>
      </Panel>
      <Panel icon={<UsersIcon className="h-4 w-4" />} title="Who receives it" tone="border-emerald-200 bg-emerald-50 text-emerald-900">
        <p>All active bot users receive it. Users who blocked the bot are skipped until they write to it again.</p>
      </Panel>
      <Panel icon={<StarIcon className="h-4 w-4" />} title="Tips" tone="border-amber-200 bg-amber-50 text-amber-900">
        <ul className="list-disc space-y-1 pl-5">
          <li>Keep it short and lead with the news.</li>
          <li>Say what to do next: a task to complete, a friend to invite.</li>
          <li>Avoid sending more than one broadcast a day.</li>
        </ul>
      </Panel>
      <Panel icon={<InfoIcon className="h-4 w-4" />} title="Formatting" tone="border-slate-200 bg-white text-slate-800">
        <p>Telegram's Markdown is supported; the preview shows the result:</p>
        <ul className="space-y-1 font-mono text-xs">
          <li>*bold* → <strong>bold</strong></li>
          <li>_italic_ → <em>italic</em></li>
          <li>[link](https://example.com) → <span className="text-indigo-600 underline">link</span></li>
          <li>`code` → <code>code</code></li>
          <li>\* shows a * as it is</li>
        </ul>
      </Panel>
    </div>
  );
}
