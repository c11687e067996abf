// GET /api/console/people?by=&q=
// GET /api/console/people/:id
import { type PersonSearchAnswer, type PersonView, ZPersonSearchQuery } from "../../contract/console";
import { ZDocumentIdParams } from "../../contract/ids";
import { type AnyRoute, route } from "../../platform/http/route";
import { findPeople, personView } from "./people.service";

/** The console's "find a person" and person view (issue 31): staff and admins; every use is audited. */
export const consolePeopleRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/console/people",
    access: "staff",
    query: ZPersonSearchQuery,
    summary: "Console: people by name, email, phone, water account or case number (at most 20)",
    example: { query: { by: "phone", q: "(847) 555-0101" } },
    audit: {
      action: "console.person.search",
      subject: ({ query }) => {
        const { by, q } = query as { by: string; q: string };
        return `${by}: ${q}`;
      },
      after: (_input, result) => ({ found: (result as PersonSearchAnswer).people.map((person) => person.uid) }),
    },
    handler: async ({ query }): Promise<PersonSearchAnswer> => ({ people: await findPeople(query) }),
  }),

  route({
    method: "GET",
    path: "/api/console/people/:id",
    access: "staff",
    params: ZDocumentIdParams,
    summary:
      "Console: a person's profile, water accounts with amounts due, cases, payments, messages and organizations",
    example: { params: { id: "{otherUid}" } },
    audit: { action: "console.person.view", person: { in: "params", field: "id" } },
    handler: ({ params, log }): Promise<PersonView> => personView(params.id, log),
  }),
];
