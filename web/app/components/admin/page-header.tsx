import type { ReactNode } from "react";

interface PageHeaderProps {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
}

/** The admin page's single h1, a short explanation and its main action. */
export function PageHeader({ title, intro, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="max-w-2xl">
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
        {intro ? <div className="mt-2 text-ink-soft">{intro}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}
