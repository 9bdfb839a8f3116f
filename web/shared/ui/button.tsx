// The one button. Colours, weight, corner radius, shadow and the fade of a disabled button come
// from the app's theme (kit.css lists the names), so a variant is Telegram-blue in the mini app
// and indigo in the admin panel; a press is passed to the platform (a haptic tick in Telegram). An
// app that is used by touch sets --control-min-height, and every size grows to at least that.
import type { ButtonHTMLAttributes } from "react";
import { cn } from "@/web/shared/cn.ts";
import { usePlatform } from "./platform.ts";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "link" | "danger" | "success" | "success-soft";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-accent text-accent-fg shadow-control hover:bg-accent-hover",
  secondary: "bg-tint text-link",
  outline: "border border-input bg-card text-fg hover:bg-page",
  ghost: "text-ghost hover:bg-line hover:text-fg",
  link: "text-link",
  // White by value, not through the palette: an app's dark scheme may re-point its "white" (the
  // admin panel's cards), but text on a solid danger or success fill stays white in every scheme.
  danger: "bg-danger text-[white] shadow-control hover:bg-danger-hover",
  success: "bg-success text-[white] shadow-control hover:bg-success-hover",
  "success-soft": "bg-success/15 text-success",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-8 gap-(--gap-control-sm) rounded-lg px-3 text-sm",
  md: "h-10 gap-2 rounded-control px-4 text-sm",
  lg: "h-12 gap-2 rounded-control px-5 text-base",
  icon: "h-8 w-8 min-w-(--control-min-height) rounded-lg",
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

export function Button({ variant = "primary", size = "md", block, className, type = "button", onClick, ...props }: ButtonProps) {
  const { tap } = usePlatform();
  return (
    <button
      type={type}
      className={cn(
        // Eases colours and the press, not opacity: a button that becomes enabled shows it at once.
        "inline-flex min-h-(--control-min-height) shrink-0 items-center justify-center font-control whitespace-nowrap transition-[color,background-color,border-color,scale] active:scale-[0.98] [&_svg]:shrink-0",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
        "disabled:pointer-events-none disabled:opacity-(--opacity-disabled)",
        variants[variant],
        sizes[size],
        block && "w-full",
        className,
      )}
      onClick={(event) => {
        tap?.();
        onClick?.(event);
      }}
      {...props}
    />
  );
}
