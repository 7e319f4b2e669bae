import { liveValue, type LiveKey } from "@/config/site";

/**
 * A business detail the coach can change without a rebuild: the server swaps the marked text
 * for the saved value (see `liveKeys` in config/site.ts). Keep it the element's only child.
 */
export function Live({ field }: { field: LiveKey }) {
  return <span data-live={field}>{liveValue(field)}</span>;
}
