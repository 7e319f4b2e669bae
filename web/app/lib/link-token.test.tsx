import { renderHook, waitFor } from "@testing-library/react";
import { StrictMode, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLinkToken } from "@/lib/link-token";

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;

function openLink(search: string) {
  window.history.replaceState(null, "", `/testmail/ontvangen${search}`);
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("useLinkToken", () => {
  it("posts the link's token exactly once, also under StrictMode's double effects", async () => {
    openLink("?token=abc123");
    const post = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useLinkToken(post, "onvolledig"), { wrapper: strict });
    expect(result.current.kind).toBe("loading");
    await waitFor(() => expect(result.current.kind).toBe("done"));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith("abc123");
  });

  it("posts nothing for a link without its token and says so", async () => {
    openLink("");
    const post = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useLinkToken(post, "Deze link is onvolledig."), { wrapper: strict });
    await waitFor(() => expect(result.current).toEqual({ kind: "error", message: "Deze link is onvolledig." }));
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's Dutch message when the post is refused", async () => {
    openLink("?token=oud");
    const post = vi.fn(() => Promise.reject(new Error("Deze link is al gebruikt.")));
    const { result } = renderHook(() => useLinkToken(post, "onvolledig"));
    await waitFor(() => expect(result.current).toEqual({ kind: "error", message: "Deze link is al gebruikt." }));
  });
});
