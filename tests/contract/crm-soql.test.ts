import { describe, expect, it } from "vitest";
import { fieldAccess, type SObjectRecord, selectRecords } from "../../emulators/src/sandboxes/crm/soql-evaluate.ts";
import { parseSoql, SoqlSyntaxError } from "../../emulators/src/sandboxes/crm/soql-parser.ts";
import { soql, soqlName } from "../../functions/src/connectors/crm/soql";

// A tiny world: people with an optional manager (lookup Manager__c, read as Manager__r.Name).
const people: SObjectRecord[] = [
  { Id: "a00000000000001AAA", Name: "Ada", Age__c: 36, Active__c: true, Manager__c: null, Joined__c: "2024-01-10" },
  {
    Id: "a00000000000002AAA",
    Name: "bob",
    Age__c: 41,
    Active__c: false,
    Manager__c: "a00000000000001AAA",
    Joined__c: "2025-06-01",
  },
  {
    Id: "a00000000000003AAA",
    Name: "Cy O'Hara",
    Age__c: null,
    Active__c: true,
    Manager__c: "a00000000000001AAA",
    Joined__c: null,
  },
  {
    Id: "a00000000000004AAA",
    Name: "Dee",
    Age__c: 29,
    Active__c: true,
    Manager__c: "a00000000000002AAA",
    Joined__c: "2026-02-15",
  },
];
const fields = new Set(Object.keys(people[0] as SObjectRecord));
const access = fieldAccess(fields, (id) => {
  const record = people.find((person) => person.Id === id);
  return record ? { type: "Person__c", record } : undefined;
});
const names = (text: string) => selectRecords(parseSoql(text), people, access).map((person) => person.Name);

describe("SOQL subset", () => {
  it("compares with = (case-insensitive), !=, <, >, <=, >= and null", () => {
    expect(names("SELECT Name FROM Person__c WHERE Name = 'BOB'")).toEqual(["bob"]);
    expect(names("SELECT Name FROM Person__c WHERE Name != 'Ada' AND Age__c != null")).toEqual(["bob", "Dee"]);
    expect(names("SELECT Name FROM Person__c WHERE Age__c < 36")).toEqual(["Dee"]);
    expect(names("SELECT Name FROM Person__c WHERE Age__c > 36")).toEqual(["bob"]);
    expect(names("SELECT Name FROM Person__c WHERE Age__c <= 36")).toEqual(["Ada", "Dee"]);
    expect(names("SELECT Name FROM Person__c WHERE Age__c >= 36")).toEqual(["Ada", "bob"]);
    expect(names("SELECT Name FROM Person__c WHERE Age__c = null")).toEqual(["Cy O'Hara"]);
  });

  it("handles LIKE, IN, NOT IN, booleans, dates and escaped quotes", () => {
    expect(names("SELECT Name FROM Person__c WHERE Name LIKE '%o%'")).toEqual(["bob", "Cy O'Hara"]);
    expect(names("SELECT Name FROM Person__c WHERE Name IN ('ada', 'Dee')")).toEqual(["Ada", "Dee"]);
    expect(names("SELECT Name FROM Person__c WHERE Age__c NOT IN (36, 41)")).toEqual(["Dee"]);
    expect(names("SELECT Name FROM Person__c WHERE Active__c = false")).toEqual(["bob"]);
    expect(names("SELECT Name FROM Person__c WHERE Joined__c >= 2025-01-01")).toEqual(["bob", "Dee"]);
    expect(names("SELECT Name FROM Person__c WHERE Name = 'Cy O\\'Hara'")).toEqual(["Cy O'Hara"]);
  });

  it("combines AND, OR and NOT with parentheses (AND binds tighter)", () => {
    expect(names("SELECT Name FROM Person__c WHERE Name = 'Ada' OR Active__c = true AND Age__c > 30")).toEqual(["Ada"]);
    expect(names("SELECT Name FROM Person__c WHERE (Name = 'Ada' OR Active__c = true) AND NOT Age__c = 36")).toEqual([
      "Cy O'Hara",
      "Dee",
    ]);
  });

  it("follows relationship paths", () => {
    expect(names("SELECT Name FROM Person__c WHERE Manager__r.Name = 'Ada'")).toEqual(["bob", "Cy O'Hara"]);
  });

  it("orders with ASC/DESC and NULLS FIRST/LAST, then applies OFFSET and LIMIT", () => {
    expect(names("SELECT Name FROM Person__c ORDER BY Age__c")).toEqual(["Cy O'Hara", "Dee", "Ada", "bob"]);
    expect(names("SELECT Name FROM Person__c ORDER BY Age__c DESC")).toEqual(["bob", "Ada", "Dee", "Cy O'Hara"]);
    expect(names("SELECT Name FROM Person__c ORDER BY Age__c ASC NULLS LAST LIMIT 2 OFFSET 1")).toEqual(["Ada", "bob"]);
    expect(names("SELECT Name FROM Person__c ORDER BY Active__c DESC, Name DESC")).toEqual([
      "Dee",
      "Cy O'Hara",
      "Ada",
      "bob",
    ]);
  });

  it("parses COUNT() and COUNT(field) alias", () => {
    expect(parseSoql("SELECT COUNT() FROM Person__c").select).toEqual([{ kind: "count", field: null, alias: null }]);
    expect(parseSoql("SELECT COUNT(Id) total FROM Person__c").select).toEqual([
      { kind: "count", field: "Id", alias: "total" },
    ]);
  });

  it("refuses what is outside the subset", () => {
    expect(() => parseSoql("SELECT Name Person__c")).toThrow(SoqlSyntaxError);
    expect(() => parseSoql("SELECT Name FROM Person__c WHERE Name = 'open")).toThrow(SoqlSyntaxError);
    expect(() => parseSoql("SELECT Name FROM Person__c WHERE Name ~ 'x'")).toThrow(SoqlSyntaxError);
    expect(() => parseSoql("SELECT Name FROM Person__c LIMIT x")).toThrow(SoqlSyntaxError);
  });
});

describe("soql tag (adapter side)", () => {
  it("escapes interpolated values so input cannot change the query", () => {
    const hostile = "x' OR Name != '";
    const statement = soql`SELECT Name FROM Person__c WHERE Name = ${hostile}`;
    expect(statement.text).toBe("SELECT Name FROM Person__c WHERE Name = 'x\\' OR Name != \\''");
    expect(names(statement.text)).toEqual([]);
    expect(soql`SELECT Id FROM X WHERE A IN ${["a", "b"]} AND B = ${3} AND C = ${null}`.text).toBe(
      "SELECT Id FROM X WHERE A IN ('a', 'b') AND B = 3 AND C = null",
    );
    expect(() => soqlName("Name; DELETE")).toThrow();
    expect(soql`SELECT ${soqlName("Manager__r.Name")} FROM X`.text).toBe("SELECT Manager__r.Name FROM X");
  });
});
