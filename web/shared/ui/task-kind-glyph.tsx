// A task kind's icon, drawn from the icon name domain/task-kinds.ts gives the kind, so both apps
// show a kind alike and a new kind needs no edit here unless it brings a new icon name.
import type { ComponentProps } from "react";
import type { TaskKind } from "@/api/contract.ts";
import { taskKindRules, type TaskKindRules } from "@/domain/task-kinds.ts";
import { CalendarCheckIcon, LinkIcon, SpeakerIcon, StarIcon } from "./icons.tsx";

export type TaskIconName = TaskKindRules["icon"];

// The megaphone is drawn as the speaker the mini app already shows for the channel elsewhere,
// which also keeps it apart from the admin panel's Broadcast megaphone.
const icons: Record<TaskIconName, typeof StarIcon> = { calendar: CalendarCheckIcon, megaphone: SpeakerIcon, star: StarIcon, link: LinkIcon };

/** The kind's icon name; a kind newer than this build (loaded before a deploy) looks like a custom task. */
export const taskIconName = (kind: TaskKind): TaskIconName => (Object.hasOwn(taskKindRules, kind) ? taskKindRules[kind].icon : taskKindRules.custom.icon);

export function TaskKindGlyph({ kind, ...props }: { kind: TaskKind } & ComponentProps<typeof StarIcon>) {
  const Icon = icons[taskIconName(kind)];
  return <Icon {...props} />;
}
