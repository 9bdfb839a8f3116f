// The round mark at the start of a row or a banner: an icon, an initial, a step's number or a rank,
// on a tone's fill. One shape for all of them, so every list in the app lines up the same way.
import type { ComponentPropsWithoutRef } from "react";

const sizes = { sm: "h-7 w-7", md: "h-9 w-9", lg: "h-11 w-11", xl: "h-16 w-16" } as const;

type DiscProps = ComponentPropsWithoutRef<"span"> & { size: keyof typeof sizes; tone: string };

/** `tone` names the fill and text classes (`bg-tint text-link`); text inside is small and bold. */
export function Disc({ size, tone, className = "", ...rest }: DiscProps) {
  return <span className={`grid shrink-0 place-items-center rounded-full text-sm font-bold ${sizes[size]} ${tone} ${className}`} {...rest} />;
}
