import { useEffect, useState } from "react";

/**
 * The value, but only after it stopped changing for `delay` ms (search boxes, the live price quote,
 * previews). Compared by content, so a caller may pass a fresh object literal on every render
 * (`{ subject, body }`) without restarting the wait each time. The value must be plain JSON.
 */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  const content = JSON.stringify(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(JSON.parse(content) as T), delay);
    return () => window.clearTimeout(timer);
  }, [content, delay]);
  return debounced;
}
