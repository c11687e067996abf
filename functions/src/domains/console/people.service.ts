import { crmConnector } from "../../connectors/crm/connection";
import { soql, soqlName } from "../../connectors/crm/soql";
import { DASHBOARD_OBJECT_NAMES, DASHBOARD_OBJECTS } from "../../contract/activity-objects";
import { SEARCH_PREFIX_MAX } from "../../contract/admin-users";
import {
  type PersonMatch,
  type PersonSearchQuery,
  type PersonView,
  WATER_ACCOUNT_PATTERN,
} from "../../contract/console";
import { billingAccountsOfUser, holdersOfBillingAccount } from "../../data/billing-accounts";
import { instant, text } from "../../data/fields";
import { messagesOfUser } from "../../data/messages";
import { membershipsOf } from "../../data/org-members";
import { paymentsOfUser } from "../../data/payments";
import { readUser, searchUsers, type UserDoc, usersWhere } from "../../data/users";
import { notFound } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import type { Logger } from "../../platform/logger";
import { summariesForView } from "../billing/billing-summary.service";
import { activitiesOf } from "../cases/activities.service";

/** At most this many people answer one search. */
const MATCHES_MAX = 20;

const match = (id: string, data: Pick<UserDoc, "FirstName" | "LastName" | "Email" | "PhoneNumber">): PersonMatch => ({
  uid: id,
  firstName: data.FirstName,
  lastName: data.LastName,
  email: data.Email,
  phone: data.PhoneNumber,
});

/** A US number's 10 digits as the portal stores a profile's phone: `(847) 555-0101`. */
function profilePhone(digits: string): string {
  const ten = digits.length === 11 ? digits.slice(1) : digits;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

/** The CRM contact of a case (or permit, inquiry, application) by its number, or null. */
async function contactOfCaseNumber(caseNumber: string): Promise<string | null> {
  for (const object of DASHBOARD_OBJECT_NAMES) {
    const meta = DASHBOARD_OBJECTS[object];
    const where = soql`${soqlName(meta.number)} = ${caseNumber}`;
    const rows = await crmConnector().query<Record<string, unknown>>({
      text: `SELECT ${soqlName(meta.contact).name} FROM ${soqlName(object).name} WHERE ${where.text} LIMIT 1`,
    });
    const contact = text(rows[0]?.[meta.contact]);
    if (contact) return contact;
  }
  return null;
}

/** Users by several ids, in the given order, skipping any without a record. */
async function usersByIds(ids: readonly string[]): Promise<PersonMatch[]> {
  const users = await Promise.all(ids.map(async (id) => ({ id, data: await readUser(id) })));
  return users.flatMap(({ id, data }) => (data ? [match(id, data)] : []));
}

/** The console's "find a person" (issue 31): by name, email, phone, water account or case number. */
export async function findPeople(query: PersonSearchQuery): Promise<PersonMatch[]> {
  switch (query.by) {
    case "name": {
      // The search keys are prefixes of the first and last names: ask for the longest word, keep
      // the users every word of the query starts a name of.
      const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
      const longest = [...words].sort((a, b) => b.length - a.length)[0] ?? "";
      const { rows } = await searchUsers({
        term: longest.slice(0, SEARCH_PREFIX_MAX),
        sortBy: "LastName",
        direction: "asc",
        pageSize: 100,
        after: null,
      });
      return rows
        .filter((row) => {
          const names = [row.FirstName, row.LastName].map((name) => (name ?? "").toLowerCase());
          return words.every((word) => names.some((name) => name.startsWith(word)));
        })
        .slice(0, MATCHES_MAX)
        .map((row) => match(row.Id, row));
    }
    case "email": {
      const email = query.q.toLowerCase();
      const { rows } = await searchUsers({
        term: email.slice(0, SEARCH_PREFIX_MAX),
        sortBy: "Email",
        direction: "asc",
        pageSize: 100,
        after: null,
      });
      return rows.filter((row) => (row.Email ?? "").toLowerCase() === email).map((row) => match(row.Id, row));
    }
    case "phone": {
      const digits = query.q.replace(/\D/g, "");
      const ten = digits.length === 11 ? digits.slice(1) : digits;
      const [profile, texts] = await Promise.all([
        usersWhere("sortPhoneNumber", profilePhone(ten).toLowerCase(), MATCHES_MAX),
        usersWhere("textPhone", `+1${ten}`, MATCHES_MAX),
      ]);
      const seen = new Set<string>();
      return [...profile, ...texts]
        .filter(({ id }) => !seen.has(id) && seen.add(id))
        .map(({ id, data }) => match(id, data));
    }
    case "account": {
      const [, customerId = "", locationId = ""] = WATER_ACCOUNT_PATTERN.exec(query.q) ?? [];
      return usersByIds((await holdersOfBillingAccount(customerId, locationId)).slice(0, MATCHES_MAX));
    }
    case "case": {
      const contactId = await contactOfCaseNumber(query.q);
      if (!contactId) return [];
      const users = await usersWhere("SalesforceId", contactId, MATCHES_MAX);
      return users.map(({ id, data }) => match(id, data));
    }
  }
}

/** A section a city system could not answer shows as unavailable; the rest of the view stands. */
async function orNull<T>(section: string, load: () => Promise<T>, log: Logger): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    log.warn("console person view: a section is unavailable", { section, error: String(error) });
    return null;
  }
}

/** What staff see of one person (issue 31): profile, accounts with amounts due, cases, payments, messages, organizations. */
export async function personView(uid: string, log: Logger): Promise<PersonView> {
  const user = await readUser(uid);
  if (!user) throw notFound("No such person.");
  const contact = user.salesforceContact;
  const [links, payments, messages, memberships] = await Promise.all([
    billingAccountsOfUser(uid),
    paymentsOfUser(uid, 20),
    messagesOfUser(uid, 20),
    membershipsOf(uid),
  ]);
  const accountIds = links.flatMap((link) =>
    link.customerId && link.locationId ? [{ customerId: link.customerId, locationId: link.locationId }] : [],
  );
  const [summaries, cases] = await Promise.all([
    orNull("accounts", () => summariesForView(accountIds), log),
    user.SalesforceId
      ? orNull("cases", () => activitiesOf({ uid, salesforceId: user.SalesforceId } as Principal, null), log)
      : Promise.resolve([]),
  ]);
  return {
    profile: {
      uid,
      firstName: user.FirstName,
      lastName: user.LastName,
      email: user.Email,
      phone: user.PhoneNumber,
      textPhone: user.textPhone,
      language: user.Language,
      crmContactId: user.SalesforceId,
      address: contact
        ? [contact.address1, contact.address2, contact.city, contact.state, contact.zip].filter(Boolean).join(", ")
        : null,
    },
    accounts: links.flatMap((link) => {
      if (!link.customerId || !link.locationId) return [];
      const summary = summaries?.find(
        (candidate) => candidate.customerId === link.customerId && candidate.locationId === link.locationId,
      );
      return [
        {
          customerId: link.customerId,
          locationId: link.locationId,
          serviceAddress: link.serviceAddress,
          amountDueCents: summary?.found ? summary.amountDueCents : null,
          dueDate: summary?.found ? summary.dueDate : null,
        },
      ];
    }),
    cases: cases
      ? cases.map(({ id, type, caseNumber, activityName, catalogueId, status, statusInformation, lastModified }) => ({
          id,
          type,
          caseNumber,
          activityName,
          ...(catalogueId ? { catalogueId } : {}),
          status,
          statusInformation,
          lastModified,
        }))
      : null,
    payments: payments.map(({ id, data }) => ({
      id,
      at: instant(data.createdAt),
      paymentType: data.paymentType,
      accountNumber: data.accountNumber,
      amountCents: data.amountCents,
      state: data.state,
      maskedCardNumber: data.maskedCardNumber,
      assistedBy: data.assistedBy,
    })),
    messages: messages.map(({ id, message, runner }) => ({
      id,
      at: instant(runner.createdAt),
      channel: message.channel,
      template: message.template,
      subject: message.content.subject,
      language: message.language,
      status: message.messageStatus,
      reason: message.reason,
    })),
    organizations: memberships.flatMap((membership) =>
      membership.organizationId
        ? [
            {
              organizationId: membership.organizationId,
              name: membership.OrganizationName,
              role: membership.Role,
              verified: membership.Verified,
            },
          ]
        : [],
    ),
  };
}
