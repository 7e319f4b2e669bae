// "react" and "react-dom" in the islands build (vite.islands.config.ts): preact/compat, but for
// useId. Each island is a Preact root of its own, and Preact counts ids per root, so two islands
// of one page would both hand out "P0-0" (a label of one form naming a field of another).
import { useState } from "preact/hooks";

// @ts-expect-error -- preact/compat's types say `export =`; the module itself has ES named exports.
export * from "preact/compat";
export { default } from "preact/compat";

let next = 0;

/** An id unique on the page, kept for the component's life. */
export function useId(): string {
  const [id] = useState(() => `i${next++}`);
  return id;
}
