import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "gold" | "ghost";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold no-underline transition-colors duration-150 focus-visible:outline-offset-4 disabled:cursor-not-allowed disabled:opacity-70";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-teal text-white hover:bg-teal-dark",
  secondary: "border-2 border-teal bg-transparent text-teal hover:bg-teal-soft",
  gold: "bg-gold text-ink hover:bg-gold-soft",
  ghost: "text-teal underline underline-offset-4 hover:text-teal-dark px-0 py-0 rounded-none",
};

export function buttonClasses(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant };

export function ButtonLink({ variant = "primary", className = "", ...props }: ButtonLinkProps) {
  return <Link {...props} className={buttonClasses(variant, className)} />;
}

export function NewTabHint() {
  return <span className="sr-only"> (opent in een nieuw tabblad)</span>;
}

interface ExternalLinkProps extends Omit<ComponentProps<"a">, "target" | "rel"> {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
}

/**
 * A link that opens in a new tab, announced to screen readers. A path on this site ("/…", e.g. her
 * own self-test as the live `quizUrl`) stays in the same tab, as an ordinary link (the server
 * leaves out the new-tab marks of such a link in the page too, `site_pages::business_details`).
 */
export function ExternalLink({ variant, className = "", children, href, ...props }: ExternalLinkProps) {
  const classes = variant ? buttonClasses(variant, className) : className;
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link {...props} to={href} className={classes}>
        {children}
      </Link>
    );
  }
  return (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer" className={classes}>
      {children}
      <NewTabHint />
    </a>
  );
}
