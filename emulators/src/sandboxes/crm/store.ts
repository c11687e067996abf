import { isCompletedStatus } from "../../../../functions/src/contract/case-status.ts";
import type { CrmFieldDescription } from "../../../../functions/src/contract/provider-wire.ts";
import { ACTIVITY_OBJECTS, citySObjects, crmId, KEY_PREFIX, type SObjectName, STATUS_PATHS } from "../../seed/city.ts";
import { fieldAccess, type ResolveId, type SObjectRecord, selectRecords, UnknownFieldError } from "./soql-evaluate.ts";
import type { Condition, SoqlQuery } from "./soql-parser.ts";

/** A Salesforce-shaped failure the app turns into [{ message, errorCode }] with this status. */
export class CrmApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

const AUDIT_FIELDS = ["CreatedDate", "LastModifiedDate"];

/**
 * Fields of objects the seed has no records of: Salesforce's CaseComment (a note on a case) and the
 * file objects (ContentVersion, ContentDocument, ContentDocumentLink).
 */
const DECLARED_FIELDS: Partial<Record<SObjectName, string[]>> = {
  CaseComment: ["ParentId", "CommentBody", "IsPublished"],
  ContentVersion: [
    "Title",
    "PathOnClient",
    "VersionData",
    "FirstPublishLocationId",
    "ContentDocumentId",
    "ContentSize",
    "FileExtension",
    "FileType",
    "VersionNumber",
    "IsLatest",
    "Description",
  ],
  ContentDocument: ["Title", "LatestPublishedVersionId", "FileExtension", "FileType", "ContentSize"],
  ContentDocumentLink: ["ContentDocumentId", "LinkedEntityId", "ShareType", "Visibility"],
};

const FILE_TYPES: Record<string, string> = { jpg: "JPG", jpeg: "JPG", png: "PNG", gif: "GIF", webp: "WEBP" };
const ID_PATTERN = /^[a-zA-Z0-9]{3}[0-9A-Za-z]{12}([0-9A-Za-z]{3})?$/;
const sfNow = () => new Date().toISOString().replace("Z", "+0000");

/** The CRM's data in memory: the seeded city plus whatever the portal writes, until reset. */
export class CrmStore {
  private objects = new Map<SObjectName, Map<string, SObjectRecord>>();
  private fields = new Map<SObjectName, Set<string>>();
  private byId = new Map<string, { type: SObjectName; record: SObjectRecord }>();
  private serials = new Map<SObjectName, number>();
  /** The bytes of each ContentVersion, by its id (the record's VersionData is the URL that serves them). */
  private versionBytes = new Map<string, Buffer>();

  constructor() {
    this.reset();
  }

  reset(): void {
    this.objects.clear();
    this.fields.clear();
    this.byId.clear();
    this.serials.clear();
    this.versionBytes.clear();
    for (const [type, records] of Object.entries(citySObjects()) as [SObjectName, Record<string, unknown>[]][]) {
      const table = new Map<string, SObjectRecord>();
      const fieldNames = new Set<string>(["Id", ...AUDIT_FIELDS, ...(DECLARED_FIELDS[type] ?? [])]);
      for (const source of records) {
        // Copies, so writes never change the memoized city.
        const record = { ...source } as SObjectRecord;
        for (const field of Object.keys(record)) fieldNames.add(field);
        table.set(record.Id, record);
        this.byId.set(record.Id, { type, record });
      }
      this.objects.set(type, table);
      this.fields.set(type, fieldNames);
      this.serials.set(type, table.size);
    }
  }

  typeNames(): SObjectName[] {
    return [...this.objects.keys()];
  }

  /** Object names are case-insensitive in the API, as in Salesforce. */
  resolveType(name: string): SObjectName {
    const type = this.typeNames().find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    if (!type) throw new CrmApiError(404, "NOT_FOUND", "The requested resource does not exist");
    return type;
  }

  private table(type: SObjectName): Map<string, SObjectRecord> {
    return this.objects.get(type) as Map<string, SObjectRecord>;
  }

  fieldNames(type: SObjectName): Set<string> {
    return this.fields.get(type) as Set<string>;
  }

  readonly resolve: ResolveId = (id) => this.byId.get(id);

  query(query: SoqlQuery): { type: SObjectName; records: SObjectRecord[] } {
    const type = this.typeNames().find((candidate) => candidate.toLowerCase() === query.from.toLowerCase());
    if (!type) throw new CrmApiError(400, "INVALID_TYPE", `sObject type '${query.from}' is not supported.`);
    const access = fieldAccess(this.fieldNames(type), this.resolve);
    try {
      const probe = { Id: "" };
      for (const field of conditionFields(query.where)) access.value(probe, field);
      for (const item of query.orderBy) access.value(probe, item.field);
      return { type, records: selectRecords(query, [...this.table(type).values()], access) };
    } catch (error) {
      if (error instanceof UnknownFieldError) {
        throw new CrmApiError(400, "INVALID_FIELD", `No such column '${error.message}' on entity '${type}'.`);
      }
      throw error;
    }
  }

  retrieve(type: SObjectName, id: string): SObjectRecord {
    const record = this.table(type).get(id);
    if (!record) throw new CrmApiError(404, "NOT_FOUND", "The requested resource does not exist");
    return record;
  }

  create(type: SObjectName, values: Record<string, unknown>, version = "v65.0"): string {
    if (type === "ContentVersion") return this.createVersion(values, version);
    return this.insert(type, this.checkedFields(type, values));
  }

  /** The bytes of a ContentVersion (GET .../sobjects/ContentVersion/{id}/VersionData). */
  versionData(id: string): Buffer {
    const bytes = this.versionBytes.get(id);
    if (!bytes) throw new CrmApiError(404, "NOT_FOUND", "The requested resource does not exist");
    return bytes;
  }

  /**
   * A new file as Salesforce makes it from one ContentVersion insert: the version (VersionData in
   * base64, PathOnClient required), its ContentDocument, and, with FirstPublishLocationId, the
   * ContentDocumentLink that shows the file on that record.
   */
  private createVersion(values: Record<string, unknown>, version: string): string {
    const input = this.checkedFields("ContentVersion", values);
    const { VersionData: data, PathOnClient: path, FirstPublishLocationId: parent } = input;
    if (typeof data !== "string" || !data || typeof path !== "string" || !path) {
      throw new CrmApiError(400, "REQUIRED_FIELD_MISSING", "Required fields are missing: [VersionData, PathOnClient]");
    }
    if (parent !== undefined && parent !== null && (typeof parent !== "string" || !this.byId.has(parent))) {
      throw new CrmApiError(400, "INVALID_CROSS_REFERENCE_KEY", "invalid cross reference id");
    }
    const bytes = Buffer.from(data, "base64");
    const extension = path.includes(".") ? (path.split(".").pop() ?? "").toLowerCase() : "";
    const title = typeof input.Title === "string" && input.Title ? input.Title : path.replace(/\.[^.]*$/, "");
    const file = { FileExtension: extension, FileType: FILE_TYPES[extension] ?? "UNKNOWN", ContentSize: bytes.length };
    const documentId = this.insert("ContentDocument", { Title: title, ...file });
    const versionId = this.insert("ContentVersion", {
      ...input,
      ...file,
      Title: title,
      VersionData: null,
      ContentDocumentId: documentId,
      VersionNumber: "1",
      IsLatest: true,
    });
    this.versionBytes.set(versionId, bytes);
    this.retrieve("ContentVersion", versionId).VersionData =
      `/services/data/${version}/sobjects/ContentVersion/${versionId}/VersionData`;
    this.retrieve("ContentDocument", documentId).LatestPublishedVersionId = versionId;
    if (typeof parent === "string") {
      this.insert("ContentDocumentLink", {
        ContentDocumentId: documentId,
        LinkedEntityId: parent,
        ShareType: "V",
        Visibility: "AllUsers",
      });
    }
    return versionId;
  }

  private insert(type: SObjectName, input: Record<string, unknown>): string {
    const serial = (this.serials.get(type) ?? 0) + 1;
    this.serials.set(type, serial);
    const id = crmId(type, serial);
    const now = sfNow();
    const record: SObjectRecord = {
      ...autoNumber(type, serial),
      ...input,
      Id: id,
      CreatedDate: now,
      LastModifiedDate: now,
    };
    for (const field of Object.keys(record)) this.fieldNames(type).add(field);
    this.table(type).set(id, record);
    this.byId.set(id, { type, record });
    return id;
  }

  /**
   * As the city's CRM automation does: a change of an activity's status adds a Status_History__c row
   * (the case page's timeline, the case-updates job's feed), and a case's IsClosed follows its status.
   */
  update(type: SObjectName, id: string, values: Record<string, unknown>): void {
    const record = this.retrieve(type, id);
    const statusField = (ACTIVITY_OBJECTS as Record<string, { status: string } | undefined>)[type]?.status;
    const before = statusField ? record[statusField] : undefined;
    Object.assign(record, this.checkedFields(type, values), { LastModifiedDate: sfNow() });
    if (!statusField || record[statusField] === before) return;
    const status = String(record[statusField] ?? "");
    if (type === "Case") record.IsClosed = isCompletedStatus(status);
    this.create("Status_History__c", {
      Parent_Record_Id__c: id,
      Object_Type__c: type,
      Old_Status__c: typeof before === "string" ? before : null,
      New_Status__c: status,
      Changed_Date__c: sfNow(),
    });
  }

  destroy(type: SObjectName, id: string): void {
    this.retrieve(type, id);
    this.table(type).delete(id);
    this.byId.delete(id);
  }

  /** Writes may only name fields the object has, as Salesforce refuses unknown columns. */
  private checkedFields(type: SObjectName, values: Record<string, unknown>): Record<string, unknown> {
    const known = this.fieldNames(type);
    const canonical = new Map([...known].map((field) => [field.toLowerCase(), field]));
    const result: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      if (field === "attributes") continue;
      const name = canonical.get(field.toLowerCase());
      if (!name) throw new CrmApiError(400, "INVALID_FIELD", `No such column '${field}' on sobject of type ${type}`);
      if (name === "Id" || AUDIT_FIELDS.includes(name)) {
        throw new CrmApiError(400, "INVALID_FIELD_FOR_INSERT_UPDATE", `Unable to create/update fields: ${name}.`);
      }
      if (value !== null && typeof value === "object") {
        throw new CrmApiError(400, "JSON_PARSER_ERROR", `Cannot deserialize value of field ${name}`);
      }
      result[name] = value;
    }
    return result;
  }

  describe(type: SObjectName): CrmFieldDescription[] {
    const records = [...this.table(type).values()];
    return [...this.fieldNames(type)].map((name) => describeField(type, name, records));
  }
}

function conditionFields(condition: Condition | null): string[] {
  if (!condition) return [];
  switch (condition.kind) {
    case "and":
    case "or":
      return [...conditionFields(condition.left), ...conditionFields(condition.right)];
    case "not":
      return conditionFields(condition.condition);
    default:
      return [condition.field];
  }
}

/** Case numbers and activity names are auto-numbers in the CRM. */
function autoNumber(type: SObjectName, serial: number): Record<string, unknown> {
  if (type === "Case") return { CaseNumber: String(10_250 + serial).padStart(8, "0"), IsClosed: false };
  const prefixes: Partial<Record<SObjectName, string>> = {
    COE_Permit__c: "COE",
    Permit_Applications__c: "PA",
    Zoning_Inquiry__c: "ZI",
    LPI_Application__c: "LPI",
  };
  const prefix = prefixes[type];
  return prefix ? { Name: `${prefix}-${new Date().getUTCFullYear()}-${String(serial).padStart(5, "0")}` } : {};
}

function describeField(type: SObjectName, name: string, records: SObjectRecord[]): CrmFieldDescription {
  const sample = records.map((record) => record[name]).find((value) => value !== null && value !== undefined);
  const statusField = (ACTIVITY_OBJECTS as Record<string, { status: string } | undefined>)[type]?.status;
  const isReference = name !== "Id" && typeof sample === "string" && ID_PATTERN.test(sample) && /(__c|Id)$/.test(name);
  const referenceType = isReference
    ? (Object.keys(KEY_PREFIX) as SObjectName[]).find((key) => KEY_PREFIX[key] === (sample as string).slice(0, 3))
    : undefined;
  let fieldType = "string";
  if (name === "Id") fieldType = "id";
  else if (name === statusField) fieldType = "picklist";
  else if (isReference) fieldType = "reference";
  else if (typeof sample === "boolean") fieldType = "boolean";
  else if (typeof sample === "number")
    fieldType = name.includes("Amount") || name.includes("Fee") ? "currency" : "double";
  else if (typeof sample === "string" && /^\d{4}-\d{2}-\d{2}T/.test(sample)) fieldType = "datetime";
  else if (typeof sample === "string" && /^\d{4}-\d{2}-\d{2}$/.test(sample)) fieldType = "date";
  else if (AUDIT_FIELDS.includes(name)) fieldType = "datetime";
  const custom = name.endsWith("__c");
  const system = name === "Id" || AUDIT_FIELDS.includes(name);
  const statuses = name === statusField ? ((STATUS_PATHS as Record<string, readonly string[]>)[type] ?? []) : [];
  return {
    name,
    label: name.replace(/__c$/, "").replace(/_/g, " ").trim(),
    type: fieldType,
    nillable: !system && fieldType !== "boolean",
    createable: !system,
    updateable: !system,
    custom,
    referenceTo: referenceType ? [referenceType] : [],
    relationshipName: isReference ? (custom ? `${name.slice(0, -3)}__r` : name.slice(0, -2)) : null,
    picklistValues: statuses.map((value, index) => ({ value, label: value, active: true, defaultValue: index === 0 })),
  };
}
