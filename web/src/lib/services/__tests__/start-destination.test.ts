import { describe, expect, it } from "vitest";
import { type StartActivity, type StartVisitor, startDestination } from "../start-destination";

const service = (changes: Partial<StartActivity>): StartActivity => ({
  Id: "svc-1",
  Item: "Block Party Permit",
  Type: "LASERFICHE_FORM",
  Action: "APPLY_FOR",
  GuestEnabled: false,
  LaserficheProcessId: "1021",
  ExternalLink: null,
  paymentCode: null,
  ...changes,
});

const guest: StartVisitor = { signedIn: false, email: null };
const resident: StartVisitor = { signedIn: true, email: "maria.lopez@example.com" };
const noEmail: StartVisitor = { signedIn: true, email: null };

describe("startDestination (spec 1 §4 service picker Start)", () => {
  it.each<[string, Partial<StartActivity>, StartVisitor, ReturnType<typeof startDestination>]>([
    [
      "guest on the water bill: guest-payment login offer",
      { Id: "WATER_BILL", Type: "CUSTOM_FORM", Action: "PAY_FOR", GuestEnabled: true },
      guest,
      { kind: "navigate", to: "/login?redirectto=payment&guest_enabled=true" },
    ],
    [
      "guest on the quick permit: login",
      { Id: "QUICK_PERMIT", Type: "CUSTOM_FORM", GuestEnabled: true },
      guest,
      { kind: "navigate", to: "/login" },
    ],
    [
      "guest on a non-guest service: login with the activity",
      {},
      guest,
      { kind: "navigate", to: "/login?activityId=svc-1" },
    ],
    [
      "user without email on a non-guest service: login with the activity",
      { Type: "EXTERNAL_LINK", ExternalLink: "https://a.example.org" },
      noEmail,
      { kind: "navigate", to: "/login?activityId=svc-1" },
    ],
    [
      "guest on a guest-enabled external link: new tab",
      { Type: "EXTERNAL_LINK", ExternalLink: "https://a.example.org/x", GuestEnabled: true },
      guest,
      { kind: "newTab", url: "https://a.example.org/x" },
    ],
    [
      "form service: the embedded form with title, process, payment code and params",
      { paymentCode: "PARTY" },
      resident,
      {
        kind: "navigate",
        to: "/laserfiche/form?formTitle=Block+Party+Permit&bpid=1021&paymentCode=PARTY&params=%7B%22activityId%22%3A%22svc-1%22%7D",
      },
    ],
    [
      "form service without a process id: error",
      { LaserficheProcessId: null },
      resident,
      { kind: "error", reason: "noProcessId", type: "LASERFICHE_FORM" },
    ],
    [
      "signed-in user on the water bill: payment page",
      { Id: "WATER_BILL", Type: "CUSTOM_FORM", Action: "PAY_FOR", GuestEnabled: true },
      resident,
      { kind: "navigate", to: "/payment" },
    ],
    [
      "signed-in user on the quick permit: other-permit page",
      { Id: "QUICK_PERMIT", Type: "CUSTOM_FORM" },
      resident,
      { kind: "navigate", to: "/activities/other_permit" },
    ],
    [
      "known id of a guest-enabled search: its page",
      { Id: "GARBAGE_SEARCH", Type: "CUSTOM_FORM", Action: "FIND", GuestEnabled: true },
      guest,
      { kind: "navigate", to: "/garbage-search" },
    ],
    [
      "external link: new tab",
      { Type: "EXTERNAL_LINK", ExternalLink: "https://jobs.example.org/city" },
      resident,
      { kind: "newTab", url: "https://jobs.example.org/city" },
    ],
    [
      "external link without URL: error",
      { Type: "EXTERNAL_LINK", ExternalLink: null },
      resident,
      { kind: "error", reason: "noExternalLink", type: "EXTERNAL_LINK" },
    ],
    [
      "report service: report page with item and id",
      { Id: "svc-report-pothole", Item: "Pothole", Type: "CUSTOM_FORM", Action: "REPORT" },
      resident,
      { kind: "navigate", to: "/report?item=Pothole&id=svc-report-pothole" },
    ],
    [
      "content service: not yet supported",
      { Type: "CONTENT", Action: "FIND" },
      resident,
      { kind: "error", reason: "unsupportedType", type: "CONTENT" },
    ],
    [
      "custom form with an unknown id: not yet supported",
      { Id: "toString", Type: "CUSTOM_FORM", Action: "RENT" },
      resident,
      { kind: "error", reason: "unsupportedType", type: "CUSTOM_FORM" },
    ],
  ])("%s", (_name, changes, visitor, expected) => {
    expect(startDestination(service(changes), visitor)).toEqual(expected);
  });
});
