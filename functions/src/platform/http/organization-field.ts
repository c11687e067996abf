import { z } from "zod";
import { PERSONAL_ORGANIZATION } from "../../contract/access";

/** The organization a request acts for: absent, empty or 'personal' mean the caller themselves. */
export const organizationOf = (value: string | null | undefined): string | undefined =>
  value && value !== PERSONAL_ORGANIZATION ? value : undefined;

/** An optional `organizationId` (query or body), read through organizationOf. */
export const ZOrganizationId = z.string().max(64).optional().transform(organizationOf);

/** A query that is only the optional organization context. */
export const ZOrganizationQuery = z.object({ organizationId: ZOrganizationId });
