import type { ButtonHTMLAttributes } from "react";
import { haptics } from "../../telegram/haptics.ts";

type Variant = "primary" | "secondary" | "ghost" | "success";

const variants: Record<Variant, string> = {
  primary: "bg-accent text-accent-fg",
  secondary: "bg-tint text-link",
  ghost: "bg-transparent text-link",
  success: "bg-success/15 text-success",
};

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: "sm" | "md" | "lg"; block?: boolean };

const sizes = { sm: "h-8 px-3 text-sm rounded-lg", md: "h-10 px-4 text-sm rounded-xl", lg: "h-12 px-5 text-base rounded-xl" };

export function Button({ variant = "primary", size = "md", block, className = "", onClick, ...props }: Props) {
  return (
    <button
      type="button"
      className={`inline-flex items-center [&_svg]:shrink-0 justify-center gap-2 font-semibold whitespace-nowrap transition active:scale-[0.98] disabled:opacity-45 disabled:active:scale-100 ${variants[variant]} ${sizes[size]} ${block ? "w-full" : ""} ${className}`}
      onClick={(event) => {
        haptics.tap();
        onClick?.(event);
      }}
      {...props}
    />
  );
}
