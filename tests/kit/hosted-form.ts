import { seededUser } from "../../emulators/src/seed/fixtures.ts";

/** The seeded resident's applicant fields, as she fills them in on a hosted form. */
export const residentApplicant = () => ({
  firstName: "Maria",
  lastName: "Lopez",
  email: seededUser("resident").email,
  address: "150 Dexter Ct",
});

/**
 * Submits a hosted form of the forms service as the browser would: reads the page, then posts
 * its hidden fields plus the given values, urlencoded, to the form's own action.
 */
export async function submitHostedForm(url: string, values: Record<string, string>): Promise<Response> {
  const page = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&") ?? "";
  const hidden = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]),
  );
  return fetch(new URL(action, url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...hidden, ...values }),
  });
}
