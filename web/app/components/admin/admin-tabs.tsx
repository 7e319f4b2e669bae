import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

interface AdminTabsProps<T extends string> {
  label: string;
  tabs: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** Tabs with the arrow-key behaviour of the WAI-ARIA tabs pattern; only the selected panel is rendered. */
export function AdminTabs<T extends string>({ label, tabs, value, onChange, children }: AdminTabsProps<T>) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKey(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next: number | null = null;
    if (e.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (e.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <>
      <div role="tablist" aria-label={label} className="mt-8 flex gap-1 border-b border-sand">
        {tabs.map((tab, i) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`${baseId}-tab-${tab.value}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={(e) => onKey(e, i)}
              className={`-mb-px rounded-t-lg border px-4 py-2.5 font-semibold ${
                selected
                  ? "border-sand border-b-paper bg-paper text-teal-dark"
                  : "border-transparent text-ink-soft hover:text-ink"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel-${value}`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${value}`}
        tabIndex={0}
        className="mt-6"
      >
        {children}
      </div>
    </>
  );
}
