import { useEffect, useState } from "react";

/**
 * False during prerendering and the first (hydrating) client render, true
 * afterwards. Use it for anything that depends on the query string, which the
 * prerendered HTML cannot know.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
