import type { ElementType, HTMLAttributes, ReactNode } from "react";
import { useEffect, useState } from "react";
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
export function Block({
  name,
  as: Tag = "span",
  rich = false,
  children,
  ...rest
}: BlockProps) {
  const marker = {
    "data-block": name,
    ...(rich ? { "data-block-rich": "" } : {}),
  };
  const saved = savedText(name);
  if (saved !== undefined) {
    return (
      <Tag {...rest} {...marker} dangerouslySetInnerHTML={{ __html: saved }} />
    );
  }
  return (
    <Tag {...rest} {...marker}>
      {children}
    </Tag>
  );
}

/** A text shown only after an API answer or a visitor's action (not in the built page). */
export interface LaterBlock {
  name: string;
  /** The default text: plain words, or inline markup as JSX. */
  text: ReactNode;
  /** Shown inside a link or button: the catalogue then offers bold and italic only. */
  label?: boolean;
}

/**
 * The texts of a place that show only after an API answer (a list loaded, a form sent), rendered
 * hidden in the built page so that the catalogue of blocks (the prerendered pages, DESIGN §7)
 * knows them with their defaults and their place: a label sits in a button here as it does when
 * shown, which makes it a label block on the server. Show them with `<Block name={b.name}>`.
 */
export function LaterBlocks({ blocks }: { blocks: LaterBlock[] }) {
  // Only the built page needs them (the server reads its blocks from it); once hydrated they go, so a
  // text shown after an answer is in the page once.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated) return null;
  return (
    <div hidden data-later-blocks="">
      {blocks.map((b) =>
        b.label ? (
          <button key={b.name} type="button" tabIndex={-1}>
            <Block name={b.name}>{b.text}</Block>
          </button>
        ) : (
          <Block key={b.name} name={b.name}>
            {b.text}
          </Block>
        ),
      )}
    </div>
  );
}

/** `<Block>` of a later block, with its default. */
export function Later({
  block,
  ...rest
}: { block: LaterBlock } & Omit<BlockProps, "name" | "children">) {
  return (
    <Block name={block.name} {...rest}>
      {block.text}
    </Block>
  );
}

/** A later block's words as plain text, for a place that holds no markup (a toast). */
export function laterText(block: LaterBlock): string {
  const saved = savedText(block.name);
  if (saved === undefined || typeof document === "undefined") {
    return typeof block.text === "string" ? block.text : "";
  }
  return (
    new DOMParser().parseFromString(saved, "text/html").body.textContent ?? ""
  );
}
