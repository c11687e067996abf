import type { SandboxDefinition } from "./kit.ts";

/**
 * Every external-system sandbox the launcher starts, in start order. Each system's folder
 * (sandboxes/<system>/) exports its SandboxDefinition; add it here to have it started.
 */
export const SANDBOXES: SandboxDefinition[] = [];
