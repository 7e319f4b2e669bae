// Shared class names of the admin area's buttons and cards (theme colours only, visible focus from app.css).

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold no-underline transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

const variants = {
  primary: "bg-teal text-white hover:bg-teal-dark",
  secondary: "border border-teal bg-paper text-teal hover:bg-teal-soft",
  quiet: "border border-sand bg-paper text-ink hover:bg-cream-deep",
  danger: "bg-red-800 text-white hover:bg-red-900",
  "danger-quiet": "border border-red-800/40 bg-paper text-red-800 hover:bg-red-50",
} as const;

const sizes = {
  md: "px-4 py-2.5 text-base",
  sm: "px-3 py-1.5 text-sm",
} as const;

export type AdminButtonVariant = keyof typeof variants;

export function adminButton(variant: AdminButtonVariant = "primary", size: keyof typeof sizes = "md", extra = ""): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

export const cardClass = "rounded-2xl border border-sand bg-paper p-5 shadow-sm sm:p-6";
