// The notices the rules queued, read back from the table in the order they were queued, as the
// sender would find them: plain SQL both engines take.
import { noticeOf, type Notice } from "@/domain/notices.ts";
import type { NoticeKind } from "@/domain/model/index.ts";

export async function queuedNotices(exec: (text: string) => Promise<Record<string, unknown>[]>): Promise<Notice[]> {
  const rows = await exec("select n.kind, n.payload, u.tg_id from notices n join users u on u.id = n.user_id order by n.id");
  return rows.map((r) =>
    noticeOf({
      kind: r.kind as NoticeKind,
      tgId: Number(r.tg_id),
      // SQLite hands the JSON back as text, PostgreSQL's jsonb as an object.
      payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    }),
  );
}
