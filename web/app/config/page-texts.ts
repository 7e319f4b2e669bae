// The page texts the coach saved in Beheer > Pagina's. Pages are prerendered with the defaults;
// the server swaps every element marked `data-block="key"` for the saved sanitized fragment and
// puts all saved fragments in the `#live-blocks` JSON block, read here once so the hydrated
// render equals the server's HTML (server: `page_texts::apply`). Render them with `<Block>`.

/** The saved fragments by block key; none while prerendering or without any. */
function savedTexts(): Record<string, string> {
  if (typeof document === "undefined") return {};
  const block = document.getElementById("live-blocks");
  if (!block?.textContent) return {};
  try {
    return JSON.parse(block.textContent) as Record<string, string>;
  } catch {
    return {};
  }
}

const saved = savedTexts();

/** The saved fragment of a block (for SEO blocks: plain text), if the coach saved one. */
export function savedText(key: string): string | undefined {
  const value = saved[key];
  return typeof value === "string" ? value : undefined;
}

/** The key of a page's SEO title or description, as the server names it (`page_texts::page_name`). */
export function seoKey(path: string, field: "title" | "description"): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  return `seo.${trimmed === "" ? "home" : trimmed.replaceAll("/", ".")}.${field}`;
}
