import { describe, expect, it } from "vitest";
import { errors } from "./__tests__/schema-errors";
import {
  limitZip,
  maskPhone,
  US_STATES,
  ZAccountInformation,
  ZAddressStep,
  ZMatchContactInput,
  ZMatchOrganizationsInput,
  ZOrganization,
  ZOrganizationSearchQuery,
  ZProfileUpdate,
  ZUserUpdate,
} from "./account-forms";

const person = { firstName: "Ana", lastName: "Reyes" };
const address = { address1: "150 Dexter Ct", address2: "", city: "Elgin", state: "IL", zip: "60120" };

describe("US phone numbers (spec 1 §5)", () => {
  const table: [string, boolean][] = [
    ["", true],
    ["(847) 555-0101", true],
    ["847-555-0101", true],
    ["847 555 0101", true],
    ["8475550101", true],
    ["1 847 555 0101", true],
    ["1-(847)-555-0101", true],
    ["(847)555-0101", true],
    ["555-0101", false],
    ["(847) 555-010", false],
    ["847.555.0101", false],
    ["2 847 555 0101", false],
    ["(847 555-0101", false],
    ["phone", false],
    ["+44 20 7946 0958", false],
  ];
  it.each(table)("%j accepted: %s", (phoneNumber, ok) => {
    expect(errors(ZAddressStep, { ...person, phoneNumber })).toEqual(ok ? {} : { phoneNumber: "Invalid" });
  });

  it("masks typed digits as (999) 999-9999", () => {
    expect(maskPhone("8475550101")).toBe("(847) 555-0101");
    expect(maskPhone("18475550101")).toBe("(847) 555-0101");
    expect(maskPhone("84755")).toBe("(847) 55");
    expect(maskPhone("847555010199")).toBe("(847) 555-0101");
    expect(maskPhone("abc")).toBe("");
  });
});

describe("zip codes (spec 1 §5)", () => {
  const table: [string, boolean][] = [
    ["60120", true],
    ["00501", true],
    ["6012", false],
    ["601201", false],
    ["6012a", false],
    ["60120-1234", false],
  ];
  it.each(table)("%j accepted: %s", (zip, ok) => {
    expect(errors(ZProfileUpdate, { ...person, ...address, zip })).toEqual(ok ? {} : { zip: "Invalid" });
  });

  it("input is limited to 5 digits", () => {
    expect(limitZip("60120-1234")).toBe("60120");
    expect(limitZip("6a0b1")).toBe("601");
  });
});

describe("states (spec 1 §5)", () => {
  it("has the 50 states plus DC", () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES).size).toBe(51);
    expect(US_STATES).toContain("DC");
  });
  const table: [string, boolean][] = [
    ["IL", true],
    ["DC", true],
    ["WY", true],
    ["PR", false],
    ["GU", false],
    ["il", false],
    ["Illinois", false],
  ];
  it.each(table)("%j accepted: %s", (state, ok) => {
    expect(errors(ZProfileUpdate, { ...person, ...address, state })).toEqual(ok ? {} : { state: "Invalid" });
  });
});

describe("step 1: personal info and address (spec 1 §5)", () => {
  it("needs first and last name; phone and address are optional", () => {
    expect(errors(ZAddressStep, { firstName: "", lastName: " " })).toEqual({
      firstName: "Required",
      lastName: "Required",
    });
    expect(errors(ZAddressStep, person)).toEqual({});
  });
  it("once any address field is filled, address1, city and state are required (zip is not)", () => {
    expect(errors(ZAddressStep, { ...person, zip: "60120" })).toEqual({
      address1: "Required",
      city: "Required",
      state: "Required",
    });
    expect(errors(ZAddressStep, { ...person, address2: "Apt 2" })).toMatchObject({ address1: "Required" });
    expect(errors(ZAddressStep, { ...person, ...address, zip: "" })).toEqual({});
  });
});

describe("profile page (spec 1 §5): all four address fields required", () => {
  it("refuses a missing zip or an empty address", () => {
    expect(errors(ZProfileUpdate, { ...person, ...address, zip: "" })).toEqual({ zip: "Required" });
    expect(errors(ZProfileUpdate, person)).toEqual({
      address1: "Required",
      city: "Required",
      state: "Required",
      zip: "Required",
    });
    expect(errors(ZProfileUpdate, { ...person, ...address, phoneNumber: "(847) 555-0101" })).toEqual({});
  });
});

describe("step 2: account information (spec 1 §5)", () => {
  const property = { address1: "9 Oak St", city: "Elgin", state: "IL", zip: "60123" };
  const table: [string, Record<string, unknown>, Record<string, string>][] = [
    ["nothing checked", {}, { noneOfTheAbove: "AtLeastOne" }],
    ["none of the above alone", { noneOfTheAbove: true }, {}],
    ["none with utilities", { noneOfTheAbove: true, hasUtilities: true, utilityAccountId: "1", utilityStreetNumber: "1" }, { noneOfTheAbove: "NoneIsExclusive" }],
    ["none with business", { noneOfTheAbove: true, hasBusiness: true }, { noneOfTheAbove: "NoneIsExclusive" }],
    ["none with properties", { noneOfTheAbove: true, hasSeveralProperties: true, additionalProperties: [property] }, { noneOfTheAbove: "NoneIsExclusive" }],
    ["business alone", { hasBusiness: true }, {}],
    ["utilities without ids", { hasUtilities: true }, { utilityAccountId: "Required", utilityStreetNumber: "Required" }],
    ["utilities with a bad id", { hasUtilities: true, utilityAccountId: "ABC", utilityStreetNumber: "150" }, { utilityAccountId: "Invalid" }],
    ["utilities complete", { hasUtilities: true, utilityAccountId: "100234-2001", utilityStreetNumber: "150" }, {}],
    ["several properties, only the primary", { hasSeveralProperties: true }, { additionalProperties: "MinProperties" }],
    ["several properties, primary plus one", { hasSeveralProperties: true, additionalProperties: [property] }, {}],
    ["an added property without a zip", { hasSeveralProperties: true, additionalProperties: [{ ...property, zip: "" }] }, { "additionalProperties.0.zip": "Required" }],
    ["an added property with a 4-digit zip", { hasSeveralProperties: true, additionalProperties: [{ ...property, zip: "6012" }] }, { "additionalProperties.0.zip": "Invalid" }],
    ["an added property without address1, city, state", { hasSeveralProperties: true, additionalProperties: [{ zip: "60120" }] }, { "additionalProperties.0.address1": "Required", "additionalProperties.0.city": "Required", "additionalProperties.0.state": "Required" }],
  ]; // biome-ignore format: a table
  it.each(table)("%s", (_name, value, expected) => {
    expect(errors(ZAccountInformation, value)).toEqual(expected);
  });
});

describe("POST matchToSalesforceContact input", () => {
  it("accepts steps 1 and 2 together and refuses half a utility link", () => {
    expect(errors(ZMatchContactInput, { ...person, ...address })).toEqual({});
    expect(errors(ZMatchContactInput, { ...person, ...address, utilityAccountId: "100234" })).toEqual({
      utilityStreetNumber: "Required",
    });
    expect(errors(ZMatchContactInput, { ...person, utilityStreetNumber: "12" })).toEqual({
      utilityAccountId: "Required",
    });
    expect(errors(ZMatchContactInput, { ...person, phoneNumber: "12" })).toEqual({ phoneNumber: "Invalid" });
  });
});

describe("organization form (spec 2 §5)", () => {
  const org = {
    name: "Fox River Bakery",
    taxId: "36-1234567",
    businessLicenseId: "BL-2024-001",
    ...address,
  };
  it("accepts a complete organization and a search hit with only name, id and tax id", () => {
    expect(errors(ZOrganization, org)).toEqual({});
    expect(
      errors(ZOrganization, { name: "X", taxId: "1", businessLicenseId: "2", sfId: "001000000000001AAA" }),
    ).toEqual({});
  });
  it.each(["name", "taxId", "businessLicenseId", "address1", "city", "state", "zip"])("%s is Required", (field) => {
    expect(errors(ZOrganization, { ...org, [field]: "" })).toEqual({ [field]: "Required" });
  });
  const zips: [string, boolean][] = [
    ["60120", true],
    ["601", true],
    ["601201", false],
    ["60a20", false],
  ];
  it.each(zips)("zip %j accepted: %s (digits only, at most 5)", (zip, ok) => {
    expect(errors(ZOrganization, { ...org, zip })).toEqual(ok ? {} : { zip: "Invalid" });
  });
  it("a search hit needs only its name and CRM id", () => {
    expect(errors(ZOrganization, { name: "Fox River Bakery", sfId: "001000000000001AAA" })).toEqual({});
    expect(errors(ZOrganization, { name: "", sfId: "001000000000001AAA" })).toEqual({ name: "Required" });
    expect(errors(ZOrganization, { name: "X", sfId: "not an id" })).toEqual({ sfId: "Invalid" });
  });
  it("refuses an empty list and two organizations with the same tax id", () => {
    expect(errors(ZMatchOrganizationsInput, { organizations: [] })).toEqual({ organizations: "Required" });
    expect(errors(ZMatchOrganizationsInput, { organizations: [org, org] })).toEqual({
      organizations: "DuplicateTaxId",
    });
  });
  it("search starts at 3 characters", () => {
    expect(errors(ZOrganizationSearchQuery, { name: "Fo" })).toEqual({ name: "TooShort" });
    expect(errors(ZOrganizationSearchQuery, { name: " Fo " })).toEqual({ name: "TooShort" });
    expect(errors(ZOrganizationSearchQuery, { name: "Fox" })).toEqual({});
  });
});

describe("PUT /api/users fields", () => {
  it("takes the language fields and refuses unknown fields and languages", () => {
    expect(
      errors(ZUserUpdate, { Language: "es", isLanguageOverwrittenByDropdown: true, forceUpdateLanguage: true }),
    ).toEqual({});
    expect(Object.keys(errors(ZUserUpdate, { Language: "fr" }))).toEqual(["Language"]);
    expect(Object.keys(errors(ZUserUpdate, { Admin: true }))).toEqual(["(root)"]);
  });

  it("leaves the phone alone when the update does not name it (the language dropdown sends only Language)", () => {
    expect(ZUserUpdate.parse({ Language: "es" })).toEqual({ Language: "es" });
    expect(ZUserUpdate.parse({ PhoneNumber: "" })).toEqual({ PhoneNumber: "" });
    expect(Object.keys(errors(ZUserUpdate, { PhoneNumber: "12" }))).toEqual(["PhoneNumber"]);
  });
});
