import { randomUUID } from "node:crypto";
import express, { type Request, type Response } from "express";
import { BUSINESS_PROCESSES, type BusinessProcess } from "../../seed/forms.ts";
import type { SandboxDefinition } from "../kit.ts";
import { formPage, type PageContext, submittedPage } from "./page.ts";

export const FORMS_SANDBOX_API_KEY = "sandbox-forms-key";

interface Submission {
  portalSubmissionId: string;
  bpid: string;
  processName: string;
  submittedAt: string;
  /** Dollars with two decimals, as the forms service stores a currency field. */
  feeTotal: string;
  fields: Record<string, string>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function pageContext(process: BusinessProcess, req: Request, values: Record<string, string>): PageContext {
  const source = { ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown>) ?? {}) };
  return {
    process,
    portalSubmissionId: text(source.portalSubmissionId) || randomUUID(),
    parentOrigin: text(source.parentOrigin) || "*",
    values,
    errors: {},
  };
}

/** Prefill from the portal's params (a JSON object of field name to value). */
function prefill(process: BusinessProcess, params: unknown): Record<string, string> {
  try {
    const parsed = JSON.parse(text(params) || "{}") as Record<string, unknown>;
    return Object.fromEntries(
      process.fields
        .filter((field) => parsed[field.name] !== undefined)
        .map((field) => [field.name, String(parsed[field.name])]),
    );
  } catch {
    return {};
  }
}

/**
 * A Laserfiche-like forms service: the business-process list and submission lookup (JSON,
 * API key), and one hosted form page per process that the portal frames.
 */
export const formsSandbox: SandboxDefinition = {
  name: "forms",
  createApp: () => {
    const submissions = new Map<string, Submission>();
    const processes = new Map(BUSINESS_PROCESSES.map((process) => [process.id, process]));
    const app = express();

    const api = express.Router();
    api.use((req, res, next) => {
      if (req.get("x-api-key") === FORMS_SANDBOX_API_KEY) return next();
      res.status(401).json({ message: "Invalid API key" });
    });
    // Kebab case: the kit folds 15-18 character path segments into :id when counting requests.
    api.get("/business-processes", (_req, res) => {
      res.json({ businessProcesses: BUSINESS_PROCESSES.map(({ id, name }) => ({ id, name })) });
    });
    api.get("/submissions/:portalSubmissionId", (req, res) => {
      const found = submissions.get(String(req.params.portalSubmissionId));
      if (!found || (req.query.bpid && req.query.bpid !== found.bpid)) {
        res.status(404).json({ message: "Submission not found" });
        return;
      }
      res.json(found);
    });
    app.use("/forms/api/v1", api);

    /** The business process a form page names, or undefined after answering 404 (an HTML page). */
    const processOf = (req: Request, res: Response): BusinessProcess | undefined => {
      const process = processes.get(String(req.params.bpid));
      if (!process) {
        res
          .status(404)
          .type("text/html")
          .send('<!doctype html><html lang="en"><title>Not found</title><h1>Form not found</h1></html>');
      }
      return process;
    };

    app.get("/forms/Forms/:bpid", (req, res) => {
      const process = processOf(req, res);
      if (!process) return;
      res
        .type("text/html")
        .send(formPage(pageContext(process, req, prefill(process, req.query.params)), req.originalUrl));
    });

    app.post("/forms/Forms/:bpid", express.urlencoded({ extended: false }), (req, res) => {
      const process = processOf(req, res);
      if (!process) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(process.fields.map((field) => [field.name, text(body[field.name]).trim()]));
      const context = pageContext(process, req, values);
      for (const field of process.fields) {
        if (field.required && !values[field.name]) context.errors[field.name] = `Enter ${field.label.toLowerCase()}`;
        else if (
          field.type === "email" &&
          values[field.name] &&
          !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values[field.name] ?? "")
        ) {
          context.errors[field.name] = "Enter an email address like name@example.com";
        }
      }
      if (Object.keys(context.errors).length > 0) {
        res.status(422).type("text/html").send(formPage(context, req.originalUrl));
        return;
      }
      const feeCents = process.feeCents(values);
      submissions.set(context.portalSubmissionId, {
        portalSubmissionId: context.portalSubmissionId,
        bpid: process.id,
        processName: process.name,
        submittedAt: new Date().toISOString(),
        feeTotal: (feeCents / 100).toFixed(2),
        fields: values,
      });
      res.type("text/html").send(submittedPage(context, feeCents));
    });
    return app;
  },
  env: (baseUrl) => ({ FORMS_BASE_URL: `${baseUrl}/forms`, FORMS_API_KEY: FORMS_SANDBOX_API_KEY }),
  fail: (_req, res) => {
    res.status(503).json({ message: "The service is temporarily unavailable" });
  },
};
