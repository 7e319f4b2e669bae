import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiClient, unwrap } from "@/lib/api";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

describe("api client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("returns the parsed body and sends JSON", async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { status: "pending", message: "ok" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(
      unwrap(apiClient.POST("/api/newsletter", { body: { email: "a@voorbeeld.be", firstName: "An" } })),
    ).resolves.toEqual({ status: "pending", message: "ok" });
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe("/api/newsletter");
    expect(request.method).toBe("POST");
    expect(await request.text()).toBe('{"email":"a@voorbeeld.be","firstName":"An"}');
    expect(request.headers.get("Content-Type")).toBe("application/json");
  });

  it("leaves empty query values out", async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { items: [], total: 0, page: 1, per_page: 20 }));
    vi.stubGlobal("fetch", fetchMock);
    await unwrap(apiClient.GET("/api/admin/orders", { params: { query: { q: "", status: "paid", page: 2 } } }));
    expect(new URL((fetchMock.mock.calls[0]![0] as Request).url).search).toBe("?status=paid&page=2");
  });

  it("throws the server's error message, field errors and Retry-After", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        jsonResponse(
          429,
          { error: { code: "validation", message: "Ongeldig e-mailadres.", fields: { email: "x" } } },
          { "Retry-After": "30" },
        ),
      ),
    );
    const error = await unwrap(apiClient.GET("/api/reviews")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "Ongeldig e-mailadres.",
      status: 429,
      code: "validation",
      fields: { email: "x" },
      retryAfter: 30,
    });
  });

  it("throws an error without message on a network failure", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = await unwrap(apiClient.GET("/api/reviews")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("");
  });
});
