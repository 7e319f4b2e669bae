import { describe, expect, it } from "vitest";
import { errorMessage, GENERIC_ERROR, NETWORK_ERROR, serverFieldErrors } from "@/components/form/form-errors";
import { ApiError } from "@/lib/api";

describe("serverFieldErrors", () => {
  const error = new ApiError("Kijk de velden na.", 422, "validation", { email: "Ongeldig.", event_id: "Deze datum is voorbij." });

  it("puts every field's message next to it when the form's fields are not named", () => {
    expect(serverFieldErrors(error)).toEqual({ fields: { email: "Ongeldig.", event_id: "Deze datum is voorbij." }, other: [] });
  });

  it("puts the form's fields next to their input and the rest in a general message", () => {
    expect(serverFieldErrors(error, ["email", "phone"])).toEqual({
      fields: { email: "Ongeldig." },
      other: ["Deze datum is voorbij."],
    });
  });

  it("has nothing for other errors", () => {
    expect(serverFieldErrors(new Error("boom"), ["email"])).toEqual({ fields: {}, other: [] });
  });
});

describe("errorMessage", () => {
  it("prefers the server's own message, then says the server is unreachable, then the fallback", () => {
    expect(errorMessage(new ApiError("Deze code bestaat al.", 409, "conflict"))).toBe("Deze code bestaat al.");
    expect(errorMessage(new ApiError("", 0, "network_error"))).toBe(NETWORK_ERROR);
    expect(errorMessage(new ApiError("", 500, "http_error"))).toBe(GENERIC_ERROR);
    expect(errorMessage(new TypeError("x is undefined"), "Opslaan lukte niet.")).toBe("Opslaan lukte niet.");
  });
});
