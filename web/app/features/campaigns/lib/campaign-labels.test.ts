import { describe, expect, it } from "vitest";
import { progressText } from "@/features/campaigns/lib/campaign-labels";

describe("progressText", () => {
  it("says how far sending is, rounded down so 100 % means done", () => {
    expect(progressText(37, 120)).toBe("37 van 120 verwerkt (30 %)");
    expect(progressText(4999, 5000)).toBe("4999 van 5000 verwerkt (99 %)");
    expect(progressText(0, 0)).toBe("0 van 0 verwerkt (100 %)");
  });
});
