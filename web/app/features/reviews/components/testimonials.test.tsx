import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_TESTIMONIALS, TestimonialList, Testimonials } from "@/features/reviews/components/testimonials";
import type { ReviewList } from "@/lib/api-types";

function renderWithClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Testimonials />
    </QueryClientProvider>,
  );
}

function review(id: number) {
  return {
    id,
    name: `Klant ${id}`,
    avatar_url: null,
    rating: 5,
    text: `Tekst ${id}`,
    created_at: "2025-01-01T00:00:00Z",
    status: "approved" as const,
    participant_of: null as string | null,
  };
}

describe("Testimonials", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Laden...' and then at most 12 reviews", async () => {
    const reviews = Array.from({ length: 14 }, (_, i) => review(i + 1));
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ reviews, total: 14 }))));
    renderWithClient();
    expect(screen.getByText("Laden...")).toBeTruthy();
    expect(await screen.findByText("Klant 1")).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(12);
    expect(screen.getAllByRole("img", { name: "5 van 5 sterren" })).toHaveLength(12);
  });

  it("marks a review left through an invitation as from a participant", async () => {
    const reviews = [{ ...review(1), participant_of: "deelnemer van de vertelavond van 12 november 2026" }, review(2)];
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ reviews, total: 2 }))));
    renderWithClient();
    const [first, second] = await screen.findAllByRole("listitem");
    expect(first!.textContent).toContain("deelnemer van de vertelavond van 12 november 2026");
    expect(second!.textContent).not.toContain("deelnemer");
  });

  it("shows the three samples when there are no reviews", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ reviews: [], total: 0 }))));
    renderWithClient();
    expect(await screen.findByText(SAMPLE_TESTIMONIALS[0]!.name)).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });

  it("logs a failed fetch and shows the three samples", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    renderWithClient();
    expect(await screen.findByText(SAMPLE_TESTIMONIALS[2]!.name)).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(consoleError).toHaveBeenCalled();
  });
});

/** A file the server's unit test checks its own output against (`site_pages::review_cards`). */
function serverFixture(name: string): string {
  return readFileSync(join(import.meta.dirname, "../../../../../server/tests/fixtures", name), "utf8");
}

/** Markup as the browser's parser reads it (attribute names are case-insensitive: `srcSet`). */
function parsed(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.innerHTML;
}

describe("TestimonialList", () => {
  it("renders the markup the server writes into the home page, so hydration matches", () => {
    const list = JSON.parse(serverFixture("testimonial-cards.json")) as ReviewList;
    const server = serverFixture("testimonial-cards.html").trimEnd();
    expect(parsed(renderToStaticMarkup(<TestimonialList items={list.reviews} />))).toBe(parsed(server));
  });
});
