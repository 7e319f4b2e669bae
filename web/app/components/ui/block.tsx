import type { ElementType, HTMLAttributes, ReactNode } from "react";
import { savedText } from "@/config/page-texts";

type BlockProps = HTMLAttributes<HTMLElement> & {
  /** The block's key, e.g. "home.hero.title": stable, it names the saved text. */
  name: string;
  /** The element around the text; a span by default. */
  as?: ElementType;
  /** Paragraphs, lists and headings allowed (render in a div); otherwise inline markup only. */
  rich?: boolean;
  /** The default text: the spec's words, shown until the coach saves her own. */
  children: ReactNode;
};

/**
 * A text the coach can change in Beheer > Pagina's without a rebuild. The element carries the
 * marker the server looks for; with a saved text it renders the server's sanitized fragment, the
 * same one the server put in the HTML, so hydration finds what it renders.
 */
export function Block({ name, as: Tag = "span", rich = false, children, ...rest }: BlockProps) {
  const marker = { "data-block": name, ...(rich ? { "data-block-rich": "" } : {}) };
  const saved = savedText(name);
  if (saved !== undefined) {
    return <Tag {...rest} {...marker} dangerouslySetInnerHTML={{ __html: saved }} />;
  }
  return (
    <Tag {...rest} {...marker}>
      {children}
    </Tag>
  );
}
