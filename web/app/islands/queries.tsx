import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ComponentType } from "react";

/**
 * An island that asks the API through TanStack Query: outside the app's root it needs a client, set
 * as the app's root sets its own (root.tsx). Each island has its own: an island hydrates when it
 * comes near the view (islands/boot.tsx), and its first render must be the built page's (still
 * loading) even when another island has the same answer already, since Preact hydrates over the
 * HTML without fixing what differs.
 */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    const [queryClient] = useState(
      () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
    );
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}
