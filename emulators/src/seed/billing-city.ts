import { type City, city } from "./city.ts";

/**
 * What the billing seed needs from the shared city: where accounts are, who owns what, which
 * businesses exist. Mapped from the city in one place so the billing system and the CRM agree
 * (the seeded resident's water account here is the one on her CRM contact).
 */
export interface BillingCityInput {
  utilityAccounts: CityUtilityAccount[];
  parcels: CityParcel[];
  organizations: CityOrganization[];
}

export interface CityUtilityAccount {
  customerId: string;
  locationId: string;
  streetNumber: string;
  streetName: string;
  streetSuffix: string;
  ownerName: string;
  /** CRM contact id of the owner, when the owner is a contact. */
  contactId: string | null;
  standing: "current" | "delinquent" | "credit";
}

export interface CityParcel {
  /** Kane County PIN, e.g. 06-14-126-012. */
  parcelNumber: string;
  streetNumber: string;
  streetName: string;
  streetSuffix: string;
  ownerName: string;
  zone: string;
}

export interface CityOrganization {
  id: string;
  name: string;
  /** The business license number the CRM holds for it, e.g. BL-24000. */
  licenseNumber: string;
}

export function billingCityFrom({
  parcels,
  ...people
}: Pick<City, "parcels" | "utilityAccounts" | "organizations">): BillingCityInput {
  const ownerByParcel = new Map<string, string>();
  for (const account of people.utilityAccounts) ownerByParcel.set(account.Land_Parcel_Master__c, account.Owner_Name__c);
  for (const organization of people.organizations) {
    ownerByParcel.set(organization.Land_Parcel_Master__c, organization.Name.toUpperCase());
  }
  return {
    utilityAccounts: people.utilityAccounts.map((account) => ({
      customerId: account.Customer_Id__c,
      locationId: account.Location_Id__c,
      streetNumber: account.Street_Number__c,
      streetName: account.Street_Name__c,
      streetSuffix: account.Street_Suffix__c,
      ownerName: account.Owner_Name__c,
      contactId: account.Contact__c,
      standing: account.Standing__c,
    })),
    parcels: parcels.map((parcel) => ({
      parcelNumber: parcel.Parcel_Number__c,
      streetNumber: parcel.AddNum__c,
      streetName: parcel.StName__c,
      streetSuffix: parcel.StType__c,
      // Parcels without a water account or business on file are owned by the city land trust.
      ownerName: ownerByParcel.get(parcel.Id) ?? "CITY OF ELGIN LAND TRUST",
      zone: parcel.Parcel_Primary_Zoning__c,
    })),
    organizations: people.organizations.map((organization) => ({
      id: organization.Id,
      name: organization.Name,
      licenseNumber: organization.Business_License_Id__c,
    })),
  };
}

/** The shared city, as the billing system sees it. */
export const billingCity = (): BillingCityInput => billingCityFrom(city());
