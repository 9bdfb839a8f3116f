// Telegram Markdown spans (see telegram-markdown.ts) as React elements. Every span becomes an
// element, so the admin's text is never read as HTML, and only web addresses become clickable
// links. The preview shows a message whole; a summary (the broadcast list) keeps it inline, with a
// ```pre``` block as code and a link as coloured text, so a clamped line has no block inside it and
// nothing to click.
import type { ReactNode } from "react";
import type { Span } from "@/domain/telegram-markdown.ts";

const codeClass = "rounded bg-slate-100 px-1 font-mono text-[0.9em] text-rose-700";

function renderSpan(span: Span, key: number, summary: boolean): ReactNode {
  switch (span.kind) {
    case "text":
      return span.text;
    case "bold":
      return <strong key={key}>{span.text}</strong>;
    case "italic":
      return <em key={key}>{span.text}</em>;
    case "code":
      return (
        <code key={key} className={codeClass}>
          {span.text}
        </code>
      );
    case "pre":
      return summary ? (
        <code key={key} className={codeClass}>
          {span.text}
        </code>
      ) : (
        <pre key={key} className="my-1 overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-[0.85em] whitespace-pre">
          {span.text}
        </pre>
      );
    case "link":
      return span.href && !summary ? (
        <a key={key} href={span.href} target="_blank" rel="noopener noreferrer nofollow" className="text-sky-600 hover:underline">
          {span.text}
        </a>
      ) : (
        <span key={key} className="text-sky-600">
          {span.text}
        </span>
      );
  }
}

export function TelegramText({ spans, summary = false }: { spans: Span[]; summary?: boolean }) {
  return <>{spans.map((span, key) => renderSpan(span, key, summary))}</>;
}
