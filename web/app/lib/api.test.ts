import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "@/lib/api";

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("api client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("returns the parsed body and sends JSON", async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { status: "pending", message: "ok" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(api("/api/newsletter", { method: "POST", body: { a: 1 } })).resolves.toEqual({
      status: "pending",
      message: "ok",
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/newsletter");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"a":1}');
    expect(init.headers["Content-Type"]).toBe("application/json");
  });

  it("throws the server's error message", async () => {
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse(422, {
            error: { code: "validation", message: "Ongeldig e-mailadres.", fields: { email: "x" } },
          }),
        ),
    );
    const error = await api("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Ongeldig e-mailadres.");
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fields).toEqual({ email: "x" });
  });

  it("throws an error without message on a network failure", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = await api("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("");
  });
});
