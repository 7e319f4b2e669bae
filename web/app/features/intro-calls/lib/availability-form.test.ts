import { describe, expect, it } from "vitest";
import {
  availabilityToForm,
  formToAvailability,
  validateAvailability,
} from "@/features/intro-calls/lib/availability-form";

const saved = {
  slot_minutes: 30,
  buffer_minutes: 15,
  min_notice_hours: 24,
  weeks_ahead: 4,
  rules: [{ weekday: 2, start: "09:00", end: "12:00" }],
  blocked: [{ first_day: "2026-07-01", last_day: "2026-07-31", note: "Zomer" }],
};

describe("the availability form", () => {
  it("round-trips what the server sends", () => {
    expect(formToAvailability(availabilityToForm(saved))).toEqual(saved);
    expect(validateAvailability(availabilityToForm(saved))).toEqual({});
  });

  it("names what is wrong", () => {
    const v = availabilityToForm(saved);
    v.slot_minutes = "5";
    v.weeks_ahead = "twee";
    v.rules.push({ weekday: 2, start: "11:00", end: "13:00" });
    v.blocked[0]!.last_day = "2026-06-01";
    const errors = validateAvailability(v);
    expect(errors.slot_minutes).toMatch(/10 tot 240/);
    expect(errors.weeks_ahead).toMatch(/1 tot 52/);
    expect(errors.rules).toMatch(/overlappen/);
    expect(errors.blocked).toMatch(/op of na/);
  });

  it("refuses a range that ends before it starts", () => {
    const v = availabilityToForm({ ...saved, rules: [{ weekday: 1, start: "12:00", end: "09:00" }] });
    expect(validateAvailability(v).rules).toBe("12:00–09:00: het einde moet na het begin liggen.");
  });
});
