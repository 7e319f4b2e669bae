import { describe, expect, it } from "vitest";
import {
  drempelVideoFormToInput,
  drempelVideoToInput,
  validateDrempelVideo,
} from "@/features/drempel-videos/lib/drempel-video-validation";

const valid = { title: "Adem", description: "", video_url: "https://youtu.be/aqz-KE-bpKQ", published: true };

describe("validateDrempelVideo", () => {
  it("accepts YouTube and Vimeo links", () => {
    for (const video_url of [
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
      "https://youtu.be/aqz-KE-bpKQ",
      "https://www.youtube.com/embed/aqz-KE-bpKQ",
      "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
      "https://www.youtube.com/shorts/aqz-KE-bpKQ",
      "https://vimeo.com/76979871",
      "https://player.vimeo.com/video/76979871",
    ]) {
      expect(validateDrempelVideo({ ...valid, video_url }), video_url).toEqual({});
    }
  });

  it("refuses other links and empty fields", () => {
    expect(validateDrempelVideo({ ...valid, video_url: "https://example.com/film.mp4" }).video_url).toMatch(/YouTube- of Vimeo/);
    expect(validateDrempelVideo({ ...valid, video_url: "" }).video_url).toBeTruthy();
    expect(validateDrempelVideo({ ...valid, title: "  " }).title).toBeTruthy();
    expect(validateDrempelVideo({ ...valid, title: "x".repeat(121) }).title).toMatch(/120/);
    expect(validateDrempelVideo({ ...valid, description: "x".repeat(1001) }).description).toMatch(/1000/);
  });
});

describe("inputs", () => {
  it("trims the form", () => {
    expect(drempelVideoFormToInput({ ...valid, title: " Adem " })).toEqual({ ...valid, title: "Adem" });
  });

  it("sends the whole video when only `published` changes", () => {
    const video = {
      id: 3,
      title: "Adem",
      description: "Kort",
      video_url: "https://vimeo.com/76979871",
      position: 2,
      published: true,
      created_at: "",
      updated_at: "",
    };
    expect(drempelVideoToInput(video, { published: false })).toEqual({
      title: "Adem",
      description: "Kort",
      video_url: "https://vimeo.com/76979871",
      published: false,
    });
  });
});
