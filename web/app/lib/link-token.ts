import { useEffect, useRef, useState } from "react";

export type LinkTokenState<T = unknown> = { kind: "loading" } | { kind: "done"; data: T } | { kind: "error"; message: string };

/**
 * Posts the `token` of a mailed link's page once (also under React StrictMode's double effects).
 * Opening the page changes nothing on the server by itself, since mail scanners open links too;
 * only the page's own post counts. `incomplete` is the message for a link without its token. The
 * answer of the post comes with "done" (e.g. the result link of a confirmed self-test mail).
 */
export function useLinkToken<T>(post: (token: string) => Promise<T>, incomplete: string): LinkTokenState<T> {
  const [state, setState] = useState<LinkTokenState<T>>({ kind: "loading" });
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
      .then((data) => setState({ kind: "done", data }))
      .catch((error: unknown) =>
        setState({
          kind: "error",
          message: error instanceof Error && error.message ? error.message : "Probeer het later opnieuw.",
        }),
      );
  }, [post, incomplete]);

  return state;
}
