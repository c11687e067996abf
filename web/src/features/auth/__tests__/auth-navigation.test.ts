import { beforeEach, describe, expect, it } from "vitest";
import { authErrorKey } from "@/lib/auth/auth-errors";
import {
  destinationAfterLogin,
  forgetActivity,
  forgetReturnPath,
  forgetSsoRequest,
  rememberActivity,
  rememberReturnPath,
  rememberSsoRequest,
  signInAgainAndReturn,
} from "../auth-navigation";

describe("where the login sends the user", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("goes to the dashboard, or to the remembered activity until the login is done", () => {
    expect(destinationAfterLogin()).toBe("/dashboard");
    rememberActivity("WATER BILL&x");
    expect(destinationAfterLogin()).toBe("/activity/start?activityId=WATER%20BILL%26x");
    forgetActivity();
    expect(destinationAfterLogin()).toBe("/dashboard");
  });

  it("a finished login forgets the single sign-on but keeps the activity for after account creation", () => {
    rememberActivity("A2");
    rememberSsoRequest("/sso/saml?SAMLRequest=abc");
    forgetSsoRequest();
    expect(destinationAfterLogin()).toBe("/activity/start?activityId=A2");
    expect(window.sessionStorage.getItem("loginActivityId")).toBe("A2");
  });

  it("a pending single sign-on wins, and only /sso/saml is accepted", () => {
    rememberActivity("A1");
    rememberSsoRequest("https://evil.example/?x");
    rememberSsoRequest("//evil.example/sso/saml?x");
    expect(destinationAfterLogin()).toBe("/activity/start?activityId=A1");
    rememberSsoRequest("/sso/saml?SAMLRequest=abc");
    expect(destinationAfterLogin()).toBe("/sso/saml?SAMLRequest=abc");
    forgetActivity();
    expect(destinationAfterLogin()).toBe("/dashboard");
  });
});

describe("Firebase errors to spec 1 §8 messages", () => {
  it.each([
    ["auth/invalid-credential", "Auth.InvalidEmailOrPassword"],
    ["auth/wrong-password", "Auth.InvalidEmailOrPassword"],
    ["auth/user-not-found", "Auth.InvalidEmailOrPassword"],
    ["auth/invalid-email", "Auth.InvalidEmail"],
    ["auth/email-already-in-use", "Auth.EmailAlreadyInUse"],
    ["auth/network-request-failed", "Auth.GenericError"],
  ])("%s -> %s", (code, key) => {
    expect(authErrorKey({ code })).toBe(key);
  });
  it("anything else is the generic error", () => {
    expect(authErrorKey(new Error("boom"))).toBe("Auth.GenericError");
  });

  it("a session the API ended (spec 2 §8 X7) goes to /login and back to the page it was on", () => {
    window.history.replaceState(null, "", "/payment/water-bill-payment-records?x=1");
    signInAgainAndReturn();
    expect(window.location.pathname).toBe("/login");
    // A second refused call on /login changes nothing.
    signInAgainAndReturn();
    expect(destinationAfterLogin()).toBe("/payment/water-bill-payment-records?x=1");
    rememberActivity("A3");
    expect(destinationAfterLogin()).toBe("/activity/start?activityId=A3");
    forgetActivity();
    forgetReturnPath();
    expect(destinationAfterLogin()).toBe("/dashboard");
  });

  it("a signed-out visitor's Follow on a report's public page comes back to that page, and only to an app path", () => {
    rememberReturnPath("//evil.example/reports/x");
    rememberReturnPath("https://evil.example/reports/x");
    expect(destinationAfterLogin()).toBe("/dashboard");
    rememberReturnPath("/reports/500000000000009AAA");
    expect(destinationAfterLogin()).toBe("/reports/500000000000009AAA");
    forgetReturnPath();
    expect(destinationAfterLogin()).toBe("/dashboard");
  });

  it("returns only to a path of this app", () => {
    for (const stored of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      window.sessionStorage.setItem("loginReturnPath", stored);
      expect(destinationAfterLogin(), stored).toBe("/dashboard");
    }
  });
});
