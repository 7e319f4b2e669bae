import { describe, expect, it } from "vitest";
import { readInvitationLink } from "@/features/reviews/components/participant-review";

describe("readInvitationLink", () => {
  it("reads the action and token from the invitation mail's link", () => {
    expect(readInvitationLink("#uitnodiging=abc_DEF-123")).toEqual({ action: "review", token: "abc_DEF-123" });
    expect(readInvitationLink("#afmelden=xyz")).toEqual({ action: "opt-out", token: "xyz" });
  });

  it("finds nothing in an empty or unrelated fragment", () => {
    expect(readInvitationLink("")).toBeNull();
    expect(readInvitationLink("#uitnodiging=")).toBeNull();
    expect(readInvitationLink("#ervaringen")).toBeNull();
  });
});
