import { describe, expect, it } from "vitest";
import {
  type ZoningInquiryForm,
  ZZoningInquiryForm,
  ZZoningInquiryPayload,
  zoningInquiryPayload,
} from "./zoning-inquiry";

const CONTACT = "003000000000001AAA";
const form = (changes: Partial<ZoningInquiryForm>): ZoningInquiryForm => ({
  address: "150 Dexter Ct, Elgin, IL 60120",
  businessDetails: "Home bakery selling at farmers markets",
  choices: ["know permitted uses at property"],
  homeBased: "Yes",
  newBusiness: "No",
  ...changes,
});

describe("zoningInquiryPayload (spec 3 §3 zoning inquiry payload)", () => {
  it.each([
    {
      name: "one choice",
      input: form({}),
      choices: "know permitted uses at property",
    },
    {
      name: "several choices, joined with semicolons in the options' order whatever the ticking order",
      input: form({ choices: ["know site restrictions", "modify", "expand business"] }),
      choices: "modify;expand business;know site restrictions",
    },
    {
      name: "every choice",
      input: form({
        choices: [
          "know site restrictions",
          "know permitted uses at property",
          "expand business",
          "change ownership",
          "move",
          "modify",
        ],
      }),
      choices: "modify;move;change ownership;expand business;know permitted uses at property;know site restrictions",
    },
    {
      name: "a repeated choice once",
      input: form({ choices: ["move", "move"] }),
      choices: "move",
    },
  ])("$name", ({ input, choices }) => {
    const payload = zoningInquiryPayload(input, CONTACT);
    expect(payload).toEqual({
      Land_Parcel_Master_Address__c: input.address,
      Business_Details__c: input.businessDetails,
      Mark_all_that_apply_to_you_inquiry__c: choices,
      Is_this_a_home_based_business__c: input.homeBased,
      Is_this_a_new_business__c: input.newBusiness,
      SFDC_ContactID__c: CONTACT,
    });
    expect(ZZoningInquiryPayload.safeParse(payload).success).toBe(true);
  });

  it("trims the address and the proposed usage, and keeps the yes/no answers as given", () => {
    const payload = zoningInquiryPayload(
      form({ address: "  12 Main St  ", businessDetails: "\tTutoring studio\n", homeBased: "No", newBusiness: "Yes" }),
      CONTACT,
    );
    expect(payload.Land_Parcel_Master_Address__c).toBe("12 Main St");
    expect(payload.Business_Details__c).toBe("Tutoring studio");
    expect(payload.Is_this_a_home_based_business__c).toBe("No");
    expect(payload.Is_this_a_new_business__c).toBe("Yes");
  });
});

describe("zoning inquiry validation (spec 3 §5)", () => {
  it.each([
    { name: "no proposed usage", input: { businessDetails: "  " }, path: "businessDetails" },
    { name: "no choice", input: { choices: [] }, path: "choices" },
    { name: "no address", input: { address: "" }, path: "address" },
  ])("refuses $name", ({ input, path }) => {
    const result = ZZoningInquiryForm.safeParse(form(input as Partial<ZoningInquiryForm>));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([path]);
    expect(result.error?.issues[0]?.message).toBe("Required");
  });

  it.each([
    { name: "an unknown choice", field: "Mark_all_that_apply_to_you_inquiry__c", value: "modify;paint" },
    { name: "an empty choice list", field: "Mark_all_that_apply_to_you_inquiry__c", value: "" },
    { name: "a repeated choice", field: "Mark_all_that_apply_to_you_inquiry__c", value: "move;move" },
    { name: "a yes/no other than Yes or No", field: "Is_this_a_new_business__c", value: "yes" },
    { name: "a contact id that is no CRM id", field: "SFDC_ContactID__c", value: "not an id" },
    { name: "a field the table does not have", field: "Status__c", value: "Closed" },
  ])("the payload schema refuses $name", ({ field, value }) => {
    const payload = { ...zoningInquiryPayload(form({}), CONTACT), [field]: value };
    expect(ZZoningInquiryPayload.safeParse(payload).success).toBe(false);
  });
});
