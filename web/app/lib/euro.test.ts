import { describe, expect, it } from "vitest";
import { centsToEuroInput, parseEuroToCents } from "@/lib/euro";

describe("parseEuroToCents", () => {
  it.each([
    ["1500", 150000],
    ["1500,00", 150000],
    ["1.500,00", 150000],
    ["1.500", 150000],
    ["1500,5", 150050],
    ["35", 3500],
    ["35,-", 3500],
    ["€ 35,00", 3500],
    ["12.50", 1250],
    [" 0 ", 0],
    ["0,99", 99],
    [",50", 50],
    ["1.234.567,89", 123456789],
  ])("%s → %i cents", (input, cents) => {
    expect(parseEuroToCents(input)).toBe(cents);
  });

  it.each(["", "abc", "-5", "1,234,00", "1,005", "15.00.00", "1.50,00", "12.5.0", "1e3", "€"])(
    "refuses %j",
    (input) => {
      expect(parseEuroToCents(input)).toBeNull();
    },
  );
});

describe("centsToEuroInput", () => {
  it("writes euros with a decimal comma", () => {
    expect(centsToEuroInput(150000)).toBe("1500,00");
    expect(centsToEuroInput(3550)).toBe("35,50");
    expect(centsToEuroInput(5)).toBe("0,05");
    expect(parseEuroToCents(centsToEuroInput(123456))).toBe(123456);
  });
});
