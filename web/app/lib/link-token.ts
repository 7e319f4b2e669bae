import { useEffect, useRef, useState } from "react";

export type LinkTokenState = { kind: "loading" } | { kind: "done" } | { kind: "error"; message: string };

/**
 * Posts the `token` of a mailed link's page once (also under React StrictMode's double effects).
 * Opening the page changes nothing on the server by itself, since mail scanners open links too;
 * only the page's own post counts. `incomplete` is the message for a link without its token.
 */
export function useLinkToken(post: (token: string) => Promise<unknown>, incomplete: string): LinkTokenState {
  const [state, setState] = useState<LinkTokenState>({ kind: "loading" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get("token");
    if (!token) {
      setState({ kind: "error", message: incomplete });
      return;
    }
    post(token)
      .then(() => setState({ kind: "done" }))
      .catch((error: unknown) =>
        setState({
          kind: "error",
          message: error instanceof Error && error.message ? error.message : "Probeer het later opnieuw.",
        }),
      );
  }, [post, incomplete]);

  return state;
}
