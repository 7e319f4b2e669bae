import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VideoEmbed } from "@/components/ui/video-embed";
import { parseVideoUrl } from "@/lib/parse-video-url";

type Callback = (entries: Array<Partial<IntersectionObserverEntry>>) => void;

class MockIntersectionObserver {
  static instances: MockIntersectionObserver[] = [];
  callback: Callback;
  options?: IntersectionObserverInit;
  observe = vi.fn();
  disconnect = vi.fn();
  unobserve = vi.fn();
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    MockIntersectionObserver.instances.push(this);
  }
  trigger(isIntersecting: boolean) {
    act(() => this.callback([{ isIntersecting }]));
  }
}

describe("VideoEmbed", () => {
  beforeEach(() => {
    MockIntersectionObserver.instances = [];
    vi.stubGlobal("IntersectionObserver", MockIntersectionObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the placeholder until the video is near the viewport", () => {
    render(<VideoEmbed url="https://www.youtube.com/watch?v=aqz-KE-bpKQ" title="Intro" />);
    expect(screen.getByText("Loading video...")).toBeTruthy();
    expect(document.querySelector("iframe")).toBeNull();

    const observer = MockIntersectionObserver.instances[0]!;
    expect(observer.options?.rootMargin).toBe("100px");
    expect(observer.observe).toHaveBeenCalledTimes(1);

    observer.trigger(false);
    expect(document.querySelector("iframe")).toBeNull();

    observer.trigger(true);
    const iframe = screen.getByTitle<HTMLIFrameElement>("Intro");
    expect(iframe.src).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ");
    expect(iframe.getAttribute("loading")).toBe("lazy");
    expect(iframe.hasAttribute("allowfullscreen")).toBe(true);
    expect(screen.queryByText("Loading video...")).toBeNull();
    expect(observer.disconnect).toHaveBeenCalled();
  });

  it("stays loaded once loaded", () => {
    const { rerender } = render(<VideoEmbed url="https://vimeo.com/76979871" title="Vimeo" />);
    MockIntersectionObserver.instances[0]!.trigger(true);
    rerender(<VideoEmbed url="https://vimeo.com/76979871" title="Vimeo" />);
    expect(screen.getByTitle<HTMLIFrameElement>("Vimeo").src).toBe("https://player.vimeo.com/video/76979871?dnt=1");
    expect(MockIntersectionObserver.instances).toHaveLength(1);
  });
});

describe("parseVideoUrl", () => {
  it.each([
    ["https://youtu.be/aqz-KE-bpKQ", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"],
    ["https://www.youtube.com/embed/aqz-KE-bpKQ", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
  ])("%s → %s", (input, expected) => {
    expect(parseVideoUrl(input)?.embedUrl).toBe(expected);
  });

  it("rejects other hosts", () => {
    expect(parseVideoUrl("https://example.com/video/1")).toBeNull();
    expect(parseVideoUrl("not a url")).toBeNull();
  });
});
