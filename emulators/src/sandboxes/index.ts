import { billingSandbox } from "./billing/index.ts";
import { boxesSandbox } from "./boxes/index.ts";
import { chatSandbox } from "./chat/index.ts";
import { crmSandbox } from "./crm/index.ts";
import { feedsSandbox } from "./feeds/index.ts";
import { formsSandbox } from "./forms/index.ts";
import { gisSandbox } from "./gis/index.ts";
import type { SandboxDefinition } from "./kit.ts";
import { mailSandbox } from "./mail/index.ts";
import { paymentsSandbox } from "./payments/index.ts";
import { pushSandbox } from "./push/index.ts";
import { samlPartnerSandbox } from "./samlpartner/index.ts";
import { smsSandbox } from "./sms/index.ts";
import { storageSandbox } from "./storage/index.ts";

/**
 * Every external-system sandbox the launcher starts, in start order. Each system's folder
 * (sandboxes/<system>/) exports its SandboxDefinition; add it here to have it started.
 */
export const SANDBOXES: SandboxDefinition[] = [
  crmSandbox,
  billingSandbox,
  paymentsSandbox,
  samlPartnerSandbox,
  storageSandbox,
  formsSandbox,
  boxesSandbox,
  gisSandbox,
  feedsSandbox,
  pushSandbox,
  chatSandbox,
  smsSandbox,
  mailSandbox,
];
