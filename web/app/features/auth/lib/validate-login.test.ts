import { describe, expect, it } from "vitest";
import { loginErrorMessage, validateLogin, waitText } from "@/features/auth/lib/validate-login";
import { ApiError } from "@/lib/api";

describe("validateLogin", () => {
  it("asks for both fields", () => {
    expect(validateLogin({ email: " ", password: "" })).toEqual({
      email: "Vul je e-mailadres in.",
      password: "Vul je wachtwoord in.",
    });
  });

  it("checks the e-mail's shape", () => {
    expect(validateLogin({ email: "coach", password: "x" }).email).toMatch(/geen geldig e-mailadres/);
    expect(validateLogin({ email: "coach@inlumine.be", password: "x" })).toEqual({});
  });
});

describe("loginErrorMessage", () => {
  it("shows the server's message for wrong credentials", () => {
    const error = new ApiError("Dit e-mailadres of wachtwoord klopt niet.", 401, "invalid_credentials");
    expect(loginErrorMessage(error)).toBe("Dit e-mailadres of wachtwoord klopt niet.");
  });

  it("says how long to wait after too many attempts", () => {
    const error = new ApiError("Te veel pogingen.", 429, "rate_limited", undefined, 600);
    expect(loginErrorMessage(error)).toBe("Te veel pogingen. Je kan het over ongeveer 10 minuten opnieuw proberen.");
    expect(waitText(30)).toBe("Je kan het over ongeveer een minuut opnieuw proberen.");
    expect(loginErrorMessage(new ApiError("", 429, "rate_limited"))).toBe(
      "Je hebt te vaak geprobeerd om in te loggen. Wacht even en probeer het dan opnieuw.",
    );
  });

  it("explains an unreachable server", () => {
    expect(loginErrorMessage(new ApiError("", 0, "network_error"))).toMatch(/niet bereikbaar/);
  });
});
