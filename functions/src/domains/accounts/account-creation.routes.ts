// POST /api/salesforce/matchToSalesforceContact
// GET  /api/salesforce/organizations?name=
// POST /api/salesforce/matchOrCreateOrgsToSalesforceOrgs

import type { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import {
  type MatchedOrganization,
  STREET_NUMBER_MISMATCH,
  ZMatchContactInput,
  ZMatchOrganizationsInput,
  ZOrganizationSearchQuery,
} from "../../contract/account-forms";
import { linkBillingAccount } from "../../data/billing-accounts";
import { newBatch } from "../../data/collection";
import { joinOrganization } from "../../data/org-members";
import { readUser, refreshUserSearchFields, userRef } from "../../data/users";
import { badRequest, conflict } from "../../platform/http/api-error";
import { forgetPrincipal, requireUser } from "../../platform/http/principal";
import { route } from "../../platform/http/route";
import { proveWaterAccount, waterAccountLinkThrottles } from "../billing/water-account-link.service";
import { warnAdminsOfLookalikes } from "../organizations/organization-name-warning";
import { searchOrganizations } from "../organizations/organization-search";
import { crmContactProfile, profileRecord, toPortalUser } from "./user-record";
import { tellOtherHolders } from "./utility-link-notice";

/** More exclusions than a wizard can add are ignored. */
const ORGANIZATION_SEARCH_MAX_EXCLUDED = 50;

/** A utility account as the user typed it: "customer-location", or the customer id alone. */
async function resolveUtilityAccount(typed: string): Promise<{ customerId: string; locationId: string }> {
  const compact = typed.replace(/\s+/g, "");
  const [customerId = "", locationId] = compact.split("-");
  if (locationId) return { customerId, locationId };
  // One customer id may have several locations; the CRM's copy of the accounts says which.
  const padded = customerId.replace(/^0+/, "").padStart(9, "0");
  const rows = await crmConnector().query<{ Customer_Id__c: string; Location_Id__c: string }>(
    soql`SELECT Customer_Id__c, Location_Id__c FROM Utility_Account__c WHERE Customer_Id__c IN ${[customerId, padded]} LIMIT 2`,
  );
  const [only] = rows;
  // The same answer as a wrong street number: a guesser must not learn which accounts exist.
  if (rows.length !== 1 || !only) throw badRequest(STREET_NUMBER_MISMATCH);
  return { customerId: only.Customer_Id__c, locationId: only.Location_Id__c };
}

/** Contact fields as the CRM stores them, from the wizard's steps 1 and 2. */
function contactFields(input: z.output<typeof ZMatchContactInput>, uid: string, email: string) {
  return { ...crmContactProfile(input), Email: email, Portal_User_Id__c: uid };
}

export const accountCreationRoutes = [
  route({
    method: "POST",
    path: "/api/salesforce/matchToSalesforceContact",
    access: "verified",
    body: ZMatchContactInput,
    summary: "Account creation step 2: match or create the CRM contact, link the utility account, finish onboarding",
    // It onboards the caller: the matrix's 'noCrm' principal must stay without a CRM id.
    destructive: true,
    // Guessing an account number and its street number must not pay (security review finding 1):
    // the same check and budget as the account page's "add water account".
    throttle: waterAccountLinkThrottles("utilityAccountId"),
    example: {
      body: {
        firstName: "Victor",
        lastName: "Vance",
        phoneNumber: "(847) 555-0106",
        utilityAccountId: "000000001-001",
        utilityStreetNumber: "1",
      },
    },
    handler: async ({ body, user, log }) => {
      const principal = requireUser(user);
      // Linking after onboarding would let anyone keep guessing; adding accounts is another page.
      if (principal.salesforceId) throw conflict("Account creation is already finished.");
      const email = principal.email;
      if (!email) throw badRequest("This sign-in has no email address.");

      // The utility link goes first: a mismatch must leave nothing stored (spec 1 §8).
      let utility: { customerId: string; locationId: string; serviceAddress: string } | null = null;
      if (body.utilityAccountId) {
        const account = await resolveUtilityAccount(body.utilityAccountId);
        const proved = await proveWaterAccount({
          ...account,
          webUserId: principal.uid,
          streetNumber: body.utilityStreetNumber,
        });
        utility = { ...account, serviceAddress: proved.serviceAddress };
      }

      const crm = crmConnector();
      const fields = contactFields(body, principal.uid, email);
      const existing = await crm.query<{ Id: string }>(
        soql`SELECT Id FROM Contact WHERE Email = ${email} ORDER BY CreatedDate LIMIT 1`,
      );
      let salesforceId = existing[0]?.Id ?? null;
      if (salesforceId) await crm.update("Contact", salesforceId, fields);
      else salesforceId = await crm.create("Contact", fields);
      log.info("contact matched", { created: existing.length === 0 });

      const batch = newBatch();
      if (utility) {
        linkBillingAccount(batch, {
          userId: principal.uid,
          organizationId: null,
          customerId: utility.customerId,
          locationId: utility.locationId,
          streetNumber: body.utilityStreetNumber.replace(/\s+/g, ""),
          serviceAddress: utility.serviceAddress,
        });
      }
      batch.set(
        userRef(principal.uid),
        {
          Id: principal.uid,
          Email: email,
          ...profileRecord(body),
          SalesforceId: salesforceId,
          additionalProperties: body.additionalProperties.map((property, index) => ({
            ...property,
            id: property.id || `property-${index + 1}`,
          })),
        },
        { merge: true },
      );
      await batch.commit();
      // Onboarded from now on: this instance's cached principal of the user is dropped.
      forgetPrincipal(principal.uid);
      await refreshUserSearchFields(principal.uid);
      if (utility) {
        const told = await tellOtherHolders(principal.uid, utility);
        if (told > 0) log.info("other holders of the utility account told", { told });
      }
      // Invitations to this email stay open for the person to accept or decline (issue 26, finding 4):
      // finishing the account joins no organization by itself.
      return {
        SalesforceId: salesforceId,
        user: toPortalUser({ ...principal, salesforceId }, await readUser(principal.uid)),
      };
    },
  }),

  route({
    method: "GET",
    path: "/api/salesforce/organizations",
    access: "verified",
    query: ZOrganizationSearchQuery,
    // Each distinct name costs a CRM query: a wizard needs a few dozen, not thousands.
    throttle: [{ name: "organization-search", key: "caller", limit: 60, windowSeconds: 600 }],
    summary: "Account creation step 3: organizations whose name contains the text (at most 7; id, name, city)",
    example: { query: { name: "Fox River" } },
    handler: async ({ query }) => {
      const exclude = (query.exclude ?? "").split(",").slice(0, ORGANIZATION_SEARCH_MAX_EXCLUDED);
      return { searchRecords: await searchOrganizations(query.name, exclude) };
    },
  }),

  route({
    method: "POST",
    path: "/api/salesforce/matchOrCreateOrgsToSalesforceOrgs",
    access: "onboarded",
    body: ZMatchOrganizationsInput,
    summary: "Account creation step 3: join existing organizations (pending) or create new ones (approver)",
    // Each organization in the call may create a CRM account (the CRM has a daily API budget): one
    // slot per organization, so one call of 20 spends what 20 calls of one would.
    throttle: [
      {
        name: "organization-match",
        key: "caller",
        limit: 20,
        windowSeconds: 86_400,
        weight: ({ body }) => (body as { organizations: unknown[] }).organizations.length,
      },
    ],
    // It adds memberships to the seeded organization that organization tests count.
    destructive: true,
    example: {
      body: {
        organizations: [
          { name: "Fox River Bakery", taxId: "36-0000001", businessLicenseId: "BL-1", sfId: "001000000000001AAA" },
        ],
      },
    },
    handler: async ({ body, user, log }) => {
      const principal = requireUser(user);
      const crm = crmConnector();
      const profile = await readUser(principal.uid);
      const results: MatchedOrganization[] = [];
      for (const organization of body.organizations) {
        let accountId: string | null = null;
        let name = organization.name;
        /** Found by the tax id the caller typed: the answer must not confirm whose it is. */
        let matchedByTaxId = false;
        if (organization.sfId) {
          const account = await crm.retrieve<{ Id: string; Name: string }>("Account", organization.sfId);
          accountId = account.Id;
          name = account.Name;
        } else {
          const matches = await crm.query<{ Id: string; Name: string }>(
            soql`SELECT Id, Name FROM Account WHERE Tax_Id__c = ${organization.taxId} LIMIT 1`,
          );
          if (matches[0]) {
            accountId = matches[0].Id;
            name = matches[0].Name;
            matchedByTaxId = true;
          }
        }
        const created = accountId === null;
        if (accountId === null) {
          accountId = await crm.create("Account", {
            Name: organization.name,
            Tax_Id__c: organization.taxId,
            Business_License_Id__c: organization.businessLicenseId,
            BillingStreet: [organization.address1, organization.address2].filter(Boolean).join("\n"),
            BillingCity: organization.city,
            BillingState: organization.state,
            BillingPostalCode: organization.zip,
          });
          // A look-alike of another organization's name is for a city administrator to check.
          const createdId = accountId;
          await warnAdminsOfLookalikes({ id: createdId, name: organization.name }).catch((error: unknown) =>
            log.warn("look-alike organization check failed", { id: createdId, error: String(error) }),
          );
        }
        // Whoever creates an organization approves its members; joining one waits for its approver.
        // Already a member (or already waiting): the existing role and state are kept.
        const { membership } = await joinOrganization({
          organizationId: accountId,
          OrganizationName: name,
          UserId: principal.uid,
          FirstName: profile?.FirstName ?? "",
          LastName: profile?.LastName ?? "",
          Role: created ? "approver" : "member",
          Verified: created,
        });
        // A tax id that matched: the request to join waits for the approver like any other, and the
        // answer says only that, in the caller's own words (issue 26, finding 8: no CRM id or name).
        results.push(
          matchedByTaxId && !membership.Verified
            ? { Id: null, Name: organization.name, Role: "member", Verified: false, created: false }
            : { Id: accountId, Name: name, Role: membership.Role, Verified: membership.Verified, created },
        );
      }
      return { organizations: results };
    },
  }),
];
