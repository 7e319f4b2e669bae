import { describe, expect, it } from "vitest";
import {
  emptyReviewForm,
  isHttpsUrl,
  reviewFormToInput,
  validateReview,
} from "@/features/reviews/lib/review-validation";

const valid = { name: "Anna", avatar_url: "", avatar_media_id: null, rating: 5, text: "Warm en helder." };

describe("validateReview", () => {
  it("accepts a complete review", () => {
    expect(validateReview(valid)).toEqual({});
    expect(validateReview({ ...valid, avatar_url: "https://voorbeeld.be/anna.jpg" })).toEqual({});
  });

  it("names every problem next to its field", () => {
    const errors = validateReview({ name: " ", avatar_url: "http://voorbeeld.be/a.jpg", avatar_media_id: null, rating: null, text: "" });
    expect(Object.keys(errors).sort()).toEqual(["avatar_url", "name", "rating", "text"]);
  });

  it("keeps to the server's limits", () => {
    expect(validateReview({ ...valid, name: "a".repeat(80) }).name).toBeUndefined();
    expect(validateReview({ ...valid, name: "a".repeat(81) }).name).toMatch(/80 tekens/);
    expect(validateReview({ ...valid, text: "é".repeat(2001) }).text).toMatch(/2000 tekens/);
    expect(validateReview({ ...valid, rating: 6 }).rating).toBeTruthy();
    expect(validateReview({ ...valid, rating: 0 }).rating).toBeTruthy();
  });
});

describe("reviewFormToInput", () => {
  it("trims and sends an empty avatar as null", () => {
    expect(reviewFormToInput({ ...valid, name: " Anna ", avatar_url: "  " })).toEqual({
      name: "Anna",
      avatar_url: null,
      avatar_media_id: null,
      rating: 5,
      text: "Warm en helder.",
    });
  });

  it("sends the chosen library photo", () => {
    expect(reviewFormToInput({ ...valid, avatar_media_id: 7 }).avatar_media_id).toBe(7);
  });

  it("starts a new review at five stars", () => {
    expect(emptyReviewForm().rating).toBe(5);
  });
});

describe("isHttpsUrl", () => {
  it("wants https", () => {
    expect(isHttpsUrl("https://voorbeeld.be/x.png")).toBe(true);
    expect(isHttpsUrl("http://voorbeeld.be/x.png")).toBe(false);
    expect(isHttpsUrl("voorbeeld.be/x.png")).toBe(false);
    expect(isHttpsUrl("javascript:alert(1)")).toBe(false);
  });
});
