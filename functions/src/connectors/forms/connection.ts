import { createHttpFormsConnector } from "./http-forms-connector";
import type { FormsConnector } from "./types";

let instance: FormsConnector | undefined;

/** The process's forms-service connector, created on first use. */
export function formsConnector(): FormsConnector {
  instance ??= createHttpFormsConnector();
  return instance;
}
