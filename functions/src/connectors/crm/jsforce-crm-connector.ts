import { Connection } from "jsforce";
import { ConnectorError } from "../../platform/connector-error";
import { type CrmConfig, crmConfigFromEnv } from "./config";
import { errorCodeOf, toConnectorError } from "./errors";
import type { SoqlStatement } from "./soql";
import { TimedTransport } from "./timed-transport";
import type { CrmConnector, CrmField, CrmRecord } from "./types";

interface QueryPage {
  totalSize: number;
  done: boolean;
  records: Record<string, unknown>[];
  nextRecordsUrl?: string;
}

const OBJECT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const RECORD_ID = /^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$/;

/** Drops jsforce's `attributes` from a row and from nested relationship rows. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === "attributes") continue;
    result[key] =
      value && typeof value === "object" && !Array.isArray(value) ? plain(value as Record<string, unknown>) : value;
  }
  return result;
}

/**
 * The CRM through jsforce: OAuth2 username-password login once per instance, the session
 * reused for every call, and one fresh login when Salesforce says INVALID_SESSION_ID.
 */
export class JsforceCrmConnector implements CrmConnector {
  private session: Promise<Connection> | null = null;

  constructor(private readonly config: CrmConfig = crmConfigFromEnv()) {}

  private connect(): Promise<Connection> {
    this.session ??= this.login().catch((error: unknown) => {
      this.session = null;
      throw error;
    });
    return this.session;
  }

  private async login(): Promise<Connection> {
    const transport = new TimedTransport(this.config.timeoutMs);
    const connection = new Connection({
      loginUrl: this.config.loginUrl,
      version: this.config.apiVersion,
      oauth2: {
        loginUrl: this.config.loginUrl,
        clientId: this.config.clientId,
        clientSecret: this.config.clientSecret,
      },
    });
    connection._transport = transport;
    connection.oauth2._transport = transport;
    await connection.login(this.config.username, this.config.password);
    return connection;
  }

  /** Runs one logical operation, with a deadline over all of it and one re-login on an expired session. */
  private async call<T>(what: string, operation: (connection: Connection) => Promise<T>): Promise<T> {
    const attempt = async (connection: Connection) => operation(connection);
    try {
      return await this.withDeadline(what, async () => {
        try {
          return await attempt(await this.connect());
        } catch (error) {
          if (errorCodeOf(error) !== "INVALID_SESSION_ID") throw error;
          this.session = null;
          return attempt(await this.connect());
        }
      });
    } catch (error) {
      throw toConnectorError(error, what);
    }
  }

  /**
   * Each HTTP call has its own limit in the transport; this bounds a whole operation
   * (login + call + re-login) to a few of them, so no caller waits unbounded.
   */
  private withDeadline<T>(what: string, run: () => Promise<T>): Promise<T> {
    const limit = this.config.timeoutMs * 3;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new ConnectorError("crm", "unavailable", `${what}: no answer within ${limit} ms`)),
        limit,
      );
    });
    return Promise.race([run(), deadline]).finally(() => clearTimeout(timer));
  }

  async query<T extends Record<string, unknown> = CrmRecord>(statement: SoqlStatement): Promise<T[]> {
    return this.call("CRM query", async (connection) => {
      const rows: Record<string, unknown>[] = [];
      let page = (await connection.query(statement.text)) as unknown as QueryPage;
      rows.push(...page.records);
      while (!page.done && page.nextRecordsUrl) {
        page = (await connection.queryMore(page.nextRecordsUrl)) as unknown as QueryPage;
        rows.push(...page.records);
      }
      return rows.map((row) => plain(row) as T);
    });
  }

  async count(statement: SoqlStatement): Promise<number> {
    return this.call("CRM count", async (connection) => {
      const page = (await connection.query(statement.text)) as unknown as QueryPage;
      return page.totalSize;
    });
  }

  async create(objectName: string, fields: Record<string, unknown>): Promise<string> {
    checkObjectName(objectName);
    return this.call(`CRM create ${objectName}`, async (connection) => {
      const result = await connection.sobject(objectName).create(fields);
      if (!result.success) throw new ConnectorError("crm", "rejected", `CRM create ${objectName} refused`, result);
      return result.id;
    });
  }

  async retrieve<T extends CrmRecord = CrmRecord>(objectName: string, id: string): Promise<T> {
    checkObjectName(objectName);
    checkId(objectName, id);
    return this.call(`CRM retrieve ${objectName}`, async (connection) => {
      const record = await connection.sobject(objectName).retrieve(id);
      return plain(record as Record<string, unknown>) as T;
    });
  }

  async update(objectName: string, id: string, fields: Record<string, unknown>): Promise<void> {
    checkObjectName(objectName);
    checkId(objectName, id);
    await this.call(`CRM update ${objectName}`, async (connection) => {
      const result = await connection.sobject(objectName).update({ ...fields, Id: id });
      if (!result.success) throw new ConnectorError("crm", "rejected", `CRM update ${objectName} refused`, result);
    });
  }

  async destroy(objectName: string, id: string): Promise<void> {
    checkObjectName(objectName);
    checkId(objectName, id);
    await this.call(`CRM delete ${objectName}`, async (connection) => {
      const result = await connection.sobject(objectName).destroy(id);
      if (!result.success) throw new ConnectorError("crm", "rejected", `CRM delete ${objectName} refused`, result);
    });
  }

  /**
   * One API call each time: the caller caches (activity-fields.service.ts, a failure not kept). Not
   * jsforce's cached `describe$()`: its cache keeps a failed describe for the connection's life, so a
   * describe made during a CRM outage failed every later one in the instance, and every report filing
   * with it ("received" instead of a case number) until the instance restarted.
   */
  async describeFields(objectName: string): Promise<CrmField[]> {
    checkObjectName(objectName);
    return this.call(`CRM describe ${objectName}`, async (connection) => {
      const description = await connection.sobject(objectName).describe();
      return description.fields.map((field) => ({
        name: field.name,
        label: field.label,
        type: field.type,
        nillable: field.nillable,
        createable: field.createable,
        updateable: field.updateable,
        referenceTo: (field.referenceTo ?? []).filter((name): name is string => typeof name === "string"),
        relationshipName: field.relationshipName ?? null,
        picklistValues: (field.picklistValues ?? []).map((entry) => ({
          value: entry.value,
          label: entry.label ?? entry.value,
          active: entry.active,
        })),
      }));
    });
  }
}

/** Names go into URL paths; a bad one is our bug, refused before any call is spent. */
function checkObjectName(objectName: string): void {
  if (!OBJECT_NAME.test(objectName))
    throw new ConnectorError("crm", "rejected", `Not a CRM object name: ${objectName}`);
}

/** A malformed id can never exist, so it is not found without asking the CRM. */
function checkId(objectName: string, id: string): void {
  if (!RECORD_ID.test(id)) throw new ConnectorError("crm", "not_found", `${objectName} ${id}: not found`);
}
