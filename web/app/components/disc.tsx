// The round mark at the start of a row or a banner: an icon, an initial, a step's number or a rank,
// on a tone's fill. One shape for all of them, so every list in the app lines up the same way.
import type { ComponentPropsWithoutRef, ComponentType } from "react";

const sizes = { sm: "h-7 w-7", md: "h-9 w-9", lg: "h-11 w-11", xl: "h-16 w-16" } as const;
/** An icon's size in pixels on each disc: a little under half the disc, so every icon sits alike. */
const iconSizes = { sm: 14, md: 17, lg: 20, xl: 30 } as const satisfies Record<keyof typeof sizes, number>;

type DiscProps = ComponentPropsWithoutRef<"span"> & { size: keyof typeof sizes; tone: string; icon?: ComponentType<{ size?: number }> };

/** `tone` names the fill and text classes (`bg-tint text-link`); text inside is small and bold, an `icon` sized to the disc. */
export function Disc({ size, tone, icon: Icon, className = "", children, ...rest }: DiscProps) {
  return (
    <span className={`grid shrink-0 place-items-center rounded-full text-sm font-bold ${sizes[size]} ${tone} ${className}`} {...rest}>
      {Icon ? <Icon size={iconSizes[size]} /> : children}
    </span>
  );
}
