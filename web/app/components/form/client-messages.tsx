import type { ReactNode } from "react";
import { Block, Later, type LaterBlock } from "@/components/ui/block";

// The messages the web client's own checks show under a field or above a form (issue 22, item
// 1): each is a block she words in Beheer > Pagina's. A form's checks keep returning the default
// words (strings, as the server's messages are); registered here, a shown message finds its block
// by those words. A form lists its messages in its page's `<LaterBlocks>`, so the catalogue
// knows them. A message not registered is the server's (`data-from="server"`).

type Messages = Record<string, LaterBlock & { text: string }>;

const byText = new Map<string, LaterBlock>();

/** Registers a form's messages by their default words; returns them for the checks to use. */
export function clientMessages<T extends Messages>(messages: T): T {
  for (const block of Object.values(messages)) {
    if (!byText.has(block.text)) byText.set(block.text, block);
  }
  return messages;
}

/** A shown message: its block when the client's check wrote it, else the server's words. */
export function Message({ children }: { children: ReactNode }) {
  if (typeof children !== "string") return children;
  const block = byText.get(children);
  if (block) return <Block name={block.name}>{children}</Block>;
  return <span data-from="server">{children}</span>;
}

/**
 * A toast's line: the server's message when it sent one, else her block. Toasts show markup, so
 * her words keep their block (and bold or italic) there as on the page.
 */
export function toastLine(block: LaterBlock, server?: string | null): ReactNode {
  return server ? <Message>{server}</Message> : <Later block={block} />;
}
