import { describe, expect, it } from "vitest";
import { errors } from "./__tests__/schema-errors";
import {
  PASSWORD_REQUIREMENTS,
  ZEmail,
  ZForgotPasswordForm,
  ZLoginForm,
  ZNewPassword,
  ZRecordSessionQuery,
  ZResetPasswordForm,
  ZSamlRequestInput,
  ZSignupForm,
  ZSignupInput,
} from "./auth-forms";

describe("passwords (spec 1 §5)", () => {
  const table: [string, string | null][] = [
    ["Abcdef1!", null],
    ["Portal-Demo-2026!", null],
    ["Zz9 ~zzzz", null],
    ["", "Required"],
    ["Abcde1!", "RequirementsNotMet"], // 7 characters
    ["abcdefg1!", "RequirementsNotMet"], // no upper case
    ["ABCDEFG1!", "RequirementsNotMet"], // no lower case
    ["Abcdefgh!", "RequirementsNotMet"], // no digit
    ["Abcdefgh1", "RequirementsNotMet"], // no special character
    ["Abcd efg1", "RequirementsNotMet"], // a space is not a special character
  ];
  it.each(table)("%j -> %s", (password, expected) => {
    const result = ZNewPassword.safeParse(password);
    if (expected === null) expect(result.success).toBe(true);
    else expect(result.error?.issues[0]?.message).toBe(expected);
  });

  it("each requirement of the list judges its own rule", () => {
    const met = (value: string) => PASSWORD_REQUIREMENTS.filter((rule) => rule.test(value)).map((rule) => rule.key);
    expect(met("")).toEqual([]);
    expect(met("abcdefgh")).toEqual(["MinLength", "LowerCase"]);
    expect(met("A1!")).toEqual(["UpperCase", "Number", "SpecialCharacter"]);
  });
});

describe("emails (spec 1 §5: simple x@y.z)", () => {
  const table: [string, string | null][] = [
    ["maria.lopez@example.com", null],
    ["a@b.co", null],
    ["  padded@example.com  ", null],
    ["", "Required"],
    ["plainaddress", "Invalid"],
    ["no-at.example.com", "Invalid"],
    ["x@y", "Invalid"],
    ["x@@y.z", "Invalid"],
    ["two words@example.com", "Invalid"],
    [`${"a".repeat(250)}@b.co`, "Invalid"],
  ];
  it.each(table)("%j -> %s", (email, expected) => {
    const result = ZEmail.safeParse(email);
    if (expected === null) expect(result.success).toBe(true);
    else expect(result.error?.issues[0]?.message).toBe(expected);
  });
});

describe("sign-up form", () => {
  const valid = {
    email: "new@example.com",
    confirmEmail: "new@example.com",
    password: "Abcdef1!",
    confirmPassword: "Abcdef1!",
  };
  it("accepts a complete form; the confirmation ignores case and surrounding spaces", () => {
    expect(errors(ZSignupForm, valid)).toEqual({});
    expect(errors(ZSignupForm, { ...valid, confirmEmail: " NEW@example.com" })).toEqual({});
  });
  it("refuses mismatches with Match", () => {
    expect(errors(ZSignupForm, { ...valid, confirmEmail: "other@example.com" })).toEqual({ confirmEmail: "Match" });
    expect(errors(ZSignupForm, { ...valid, confirmPassword: "Abcdef1?" })).toEqual({ confirmPassword: "Match" });
  });
  it("refuses empty fields with Required and a weak password with RequirementsNotMet", () => {
    expect(errors(ZSignupForm, { email: "", confirmEmail: "", password: "", confirmPassword: "" })).toMatchObject({
      email: "Required",
      confirmEmail: "Required",
      password: "Required",
      confirmPassword: "Required",
    });
    expect(errors(ZSignupForm, { ...valid, password: "weak", confirmPassword: "weak" })).toEqual({
      password: "RequirementsNotMet",
    });
  });
});

describe("login, forgot and reset forms", () => {
  it("login needs both fields", () => {
    expect(errors(ZLoginForm, { email: "a@b.co", password: "x" })).toEqual({});
    expect(errors(ZLoginForm, { email: "", password: "" })).toEqual({ email: "Required", password: "Required" });
  });
  it("forgot password needs the email", () => {
    expect(errors(ZForgotPasswordForm, { email: "a@b.co" })).toEqual({});
    expect(errors(ZForgotPasswordForm, { email: "" })).toEqual({ email: "Required" });
  });
  it("reset password: requirements and Match", () => {
    expect(errors(ZResetPasswordForm, { password: "Abcdef1!", confirmPassword: "Abcdef1!" })).toEqual({});
    expect(errors(ZResetPasswordForm, { password: "Abcdef1!", confirmPassword: "" })).toEqual({
      confirmPassword: "Required",
    });
    expect(errors(ZResetPasswordForm, { password: "Abcdef1!", confirmPassword: "Abcdef1" })).toEqual({
      confirmPassword: "Match",
    });
    expect(errors(ZResetPasswordForm, { password: "abcdefgh", confirmPassword: "abcdefgh" })).toEqual({
      password: "RequirementsNotMet",
    });
  });
});

describe("API inputs", () => {
  it("signup needs a valid email and a uid, and nothing else", () => {
    expect(ZSignupInput.safeParse({ email: "a@b.co", firebaseUserId: "uid-1" }).success).toBe(true);
    expect(ZSignupInput.safeParse({ email: "a@b", firebaseUserId: "uid-1" }).success).toBe(false);
    expect(ZSignupInput.safeParse({ email: "a@b.co", firebaseUserId: "" }).success).toBe(false);
    expect(ZSignupInput.safeParse({ email: "a@b.co", firebaseUserId: "u", Admin: true }).success).toBe(false);
  });
  it("record-session takes a known platform and an IP address or nothing", () => {
    expect(
      ZRecordSessionQuery.safeParse({ platform: "web", ipAddress: "203.0.113.9", isLoggingIn: "true" }).success,
    ).toBe(true);
    expect(ZRecordSessionQuery.safeParse({ platform: "web", ipAddress: "::1" }).success).toBe(true);
    expect(ZRecordSessionQuery.safeParse({ platform: "web", ipAddress: "" }).success).toBe(true);
    expect(ZRecordSessionQuery.safeParse({ platform: "tv" }).success).toBe(false);
    expect(ZRecordSessionQuery.safeParse({ platform: "web", ipAddress: "999.1.1.1" }).success).toBe(false);
    expect(ZRecordSessionQuery.safeParse({ platform: "web", isLoggingIn: "yes" }).success).toBe(false);
  });
  it("samlRequest must be base64 text", () => {
    expect(ZSamlRequestInput.safeParse({ samlRequest: "PHNhbWw+" }).success).toBe(true);
    expect(ZSamlRequestInput.safeParse({ samlRequest: "<xml/>" }).success).toBe(false);
    expect(ZSamlRequestInput.safeParse({ samlRequest: "" }).success).toBe(false);
  });
});
