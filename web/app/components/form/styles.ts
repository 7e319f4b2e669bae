// The look of every form control, public and admin (theme colours only; the visible focus ring comes from app.css).

export const inputClass =
  "mt-1 block w-full rounded-xl border border-ink-soft/50 bg-paper px-4 py-3 text-base text-ink placeholder:text-ink-soft/80 focus-visible:border-teal aria-[invalid=true]:border-red-800";

export const labelClass = "font-medium text-ink";

export const checkboxClass = "mt-1 h-5 w-5 shrink-0 accent-teal";
