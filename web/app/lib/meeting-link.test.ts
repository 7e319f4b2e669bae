import { describe, expect, it } from "vitest";
import { meetingLinkError } from "@/lib/meeting-link";

describe("meetingLinkError", () => {
  it("accepts an empty value and complete https links", () => {
    expect(meetingLinkError("")).toBeUndefined();
    expect(meetingLinkError("  ")).toBeUndefined();
    expect(meetingLinkError("https://meet.jit.si/in-lumine")).toBeUndefined();
    expect(meetingLinkError(" https://zoom.us/j/123456789?pwd=abc ")).toBeUndefined();
  });

  it("refuses other schemes, hosts without a dot and text that is no link", () => {
    for (const bad of ["http://meet.jit.si/x", "javascript:alert(1)", "https://localhost/x", "meet.jit.si/x"]) {
      expect(meetingLinkError(bad)).toMatch(/https-link/);
    }
  });
});
