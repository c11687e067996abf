import { billingSandbox } from "./billing/index.ts";
import { crmSandbox } from "./crm/index.ts";
import type { SandboxDefinition } from "./kit.ts";
import { paymentsSandbox } from "./payments/index.ts";

/**
 * Every external-system sandbox the launcher starts, in start order. Each system's folder
 * (sandboxes/<system>/) exports its SandboxDefinition; add it here to have it started.
 */
export const SANDBOXES: SandboxDefinition[] = [crmSandbox, billingSandbox, paymentsSandbox];
