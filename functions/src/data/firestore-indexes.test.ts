import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { SORT_FIELD_OF } from "../contract/admin-users";

/**
 * Real Firestore answers a query that filters or orders on more than one field only from a
 * composite index declared in firestore.indexes.json (the emulator needs none, so a missing one
 * shows first in production). This reads every query chain in functions/src (`xCollection()` then
 * `.where()`/`.orderBy()`, through local variables and `? :`), works out the index each needs by
 * Firestore's rules, and checks the file declares exactly those.
 */

const SOURCE = join(__dirname, "..");
const INDEXES_FILE = join(__dirname, "..", "..", "..", "firestore.indexes.json");

/** Field names passed as variables, and every value each can hold. */
const FIELD_VARIABLES: Record<string, string[]> = {
  // data/users.ts searchUsers: the column's sort field.
  sortField: Object.values(SORT_FIELD_OF),
  // data/users.ts usersWhere: the staff console's exact lookups (PersonLookupField).
  field: ["sortPhoneNumber", "textPhone", "SalesforceId"],
};

type Direction = "ASCENDING" | "DESCENDING";
interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: "CONTAINS";
}
interface Index {
  collectionGroup: string;
  queryScope: string;
  fields: IndexField[];
}

interface Step {
  method: string;
  args: readonly ts.Expression[];
}
interface Chain {
  file: string;
  collection: string;
  steps: Step[];
}

const QUERY_METHODS = new Set(["where", "orderBy"]);
const CHAIN_METHODS = new Set([
  "where",
  "orderBy",
  "limit",
  "limitToLast",
  "offset",
  "startAt",
  "startAfter",
  "endAt",
  "endBefore",
  "select",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const files = sourceFiles(SOURCE).map((path) => ({
  path: relative(SOURCE, path),
  source: ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true),
}));

/** `const usersCollection = typedCollection("users", …)` → usersCollection: users. */
const collectionOf = new Map<string, string>();
for (const { source } of files) {
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText() === "typedCollection"
    ) {
      const [name] = node.initializer.arguments;
      if (name && ts.isStringLiteral(name)) collectionOf.set(node.name.text, name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** The expressions a local variable is given (its initializer and assignments) in the same file. */
function valuesOf(source: ts.SourceFile, name: string): ts.Expression[] {
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      found.push(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every chain an expression can be: its root collection and its query steps, innermost first. */
function chainsOf(file: string, source: ts.SourceFile, expression: ts.Expression, depth = 0): Chain[] {
  if (depth > 8) return [];
  if (ts.isParenthesizedExpression(expression)) return chainsOf(file, source, expression.expression, depth);
  if (ts.isConditionalExpression(expression)) {
    return [
      ...chainsOf(file, source, expression.whenTrue, depth + 1),
      ...chainsOf(file, source, expression.whenFalse, depth + 1),
    ];
  }
  if (ts.isIdentifier(expression)) {
    return valuesOf(source, expression.text).flatMap((value) => chainsOf(file, source, value, depth + 1));
  }
  if (ts.isCallExpression(expression)) {
    const callee = expression.expression;
    if (ts.isIdentifier(callee) && collectionOf.has(callee.text)) {
      return [{ file, collection: collectionOf.get(callee.text) as string, steps: [] }];
    }
    if (ts.isPropertyAccessExpression(callee) && CHAIN_METHODS.has(callee.name.text)) {
      return chainsOf(file, source, callee.expression, depth + 1).map((chain) => ({
        ...chain,
        steps: [...chain.steps, { method: callee.name.text, args: expression.arguments }],
      }));
    }
  }
  return [];
}

/** The outermost where/orderBy call of each chain in the source. */
function queryChains(): Chain[] {
  const chains: Chain[] = [];
  for (const { path, source } of files) {
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        QUERY_METHODS.has(node.expression.name.text)
      ) {
        const outer = node.parent;
        const continued =
          ts.isPropertyAccessExpression(outer) &&
          QUERY_METHODS.has(outer.name.text) &&
          ts.isCallExpression(outer.parent) &&
          outer.parent.expression === outer;
        if (!continued) chains.push(...chainsOf(path, source, node));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return chains;
}

interface Shape {
  where: string;
  collection: string;
  equalities: string[];
  contains: string[];
  ranges: string[];
  orders: { field: string; direction: Direction }[];
}

/** The shapes a chain can take: a field passed as a variable, or a direction, can take several values. */
function shapesOf(chain: Chain): Shape[] {
  const where = `${chain.file}: ${chain.collection}${chain.steps.map((step) => `.${step.method}(…)`).join("")}`;
  // The value of each variable expression, the same wherever it appears (search.direction twice).
  const variables = new Map<string, string[]>();
  const fieldOf = (expression: ts.Expression | undefined): string | ts.Expression => {
    if (!expression) throw new Error(`${where}: a where/orderBy without a field`);
    if (ts.isStringLiteral(expression)) return expression.text;
    if (expression.getText() === "FieldPath.documentId()") return "__name__";
    const values = FIELD_VARIABLES[expression.getText()];
    if (!values) throw new Error(`${where}: the field ${expression.getText()} is a variable; list its values`);
    variables.set(expression.getText(), values);
    return expression;
  };
  const directionOf = (expression: ts.Expression | undefined): string | ts.Expression => {
    if (!expression) return "asc";
    if (ts.isStringLiteral(expression)) return expression.text;
    variables.set(expression.getText(), ["asc", "desc"]);
    return expression;
  };
  const parsed = chain.steps
    .filter((step) => QUERY_METHODS.has(step.method))
    .map((step) => {
      if (step.method === "orderBy") {
        return { kind: "order" as const, field: fieldOf(step.args[0]), value: directionOf(step.args[1]) };
      }
      const op = step.args[1];
      if (step.args.length !== 3 || !op || !ts.isStringLiteral(op)) {
        throw new Error(`${where}: a where() this test cannot read (a Filter object or a variable operator)`);
      }
      return { kind: "filter" as const, field: fieldOf(step.args[0]), value: op.text };
    });
  let assignments: Map<string, string>[] = [new Map()];
  for (const [text, values] of variables) {
    assignments = assignments.flatMap((assignment) => values.map((value) => new Map([...assignment, [text, value]])));
  }
  return assignments.map((assignment) => {
    const resolve = (value: string | ts.Expression) =>
      typeof value === "string" ? value : (assignment.get(value.getText()) as string);
    const shape: Shape = { where, collection: chain.collection, equalities: [], contains: [], ranges: [], orders: [] };
    for (const step of parsed) {
      const field = resolve(step.field);
      const value = resolve(step.value);
      if (step.kind === "order") {
        shape.orders.push({ field, direction: value === "desc" ? "DESCENDING" : "ASCENDING" });
      } else if (value === "==" || value === "in") shape.equalities.push(field);
      else if (value === "array-contains" || value === "array-contains-any") shape.contains.push(field);
      else shape.ranges.push(field);
    }
    return shape;
  });
}

/** A composite index: equality fields first (in any order), then the rest in this order. */
interface Needed {
  equalities: string[];
  rest: IndexField[];
}

/**
 * The composite index a shape needs, or null when single-field indexes serve it: one field only,
 * or equality filters alone (Firestore merges their single-field indexes). Otherwise the equality
 * fields, the array-contains field, then the order (an inequality field not ordered on comes first).
 */
function requiredIndex(shape: Shape): Needed | null {
  const orders = shape.orders.filter((order) => order.field !== "__name__");
  for (const field of shape.ranges) {
    if (!orders.some((order) => order.field === field)) orders.unshift({ field, direction: "ASCENDING" });
  }
  const fields = new Set([...shape.equalities, ...shape.contains, ...orders.map((order) => order.field)]);
  if (fields.size <= 1) return null;
  if (orders.length === 0 && shape.contains.length === 0) return null;
  return {
    equalities: [...new Set(shape.equalities)].sort(),
    rest: [
      ...shape.contains.map((fieldPath) => ({ fieldPath, arrayConfig: "CONTAINS" as const })),
      ...orders.map((order) => ({ fieldPath: order.field, order: order.direction })),
    ],
  };
}

function serves(index: Index, collection: string, needed: Needed): boolean {
  if (index.collectionGroup !== collection || index.queryScope !== "COLLECTION") return false;
  const count = needed.equalities.length;
  if (index.fields.length !== count + needed.rest.length) return false;
  const head = index.fields.slice(0, count);
  return (
    head.every((field) => field.order === "ASCENDING" && !field.arrayConfig) &&
    head
      .map((field) => field.fieldPath)
      .sort()
      .join("\n") === needed.equalities.join("\n") &&
    index.fields.slice(count).every((field, at) => {
      const want = needed.rest[at] as IndexField;
      return field.fieldPath === want.fieldPath && field.order === want.order && field.arrayConfig === want.arrayConfig;
    })
  );
}

const declared = (JSON.parse(readFileSync(INDEXES_FILE, "utf8")) as { indexes: Index[] }).indexes;
const shapes = queryChains().flatMap(shapesOf);
const composite = shapes.flatMap((shape) => {
  const needed = requiredIndex(shape);
  return needed ? [{ shape, needed }] : [];
});

describe("firestore.indexes.json", () => {
  it("reads the query chains of the data layer (the users search among them)", () => {
    expect(shapes.length).toBeGreaterThan(20);
    const search = composite.filter(({ shape }) => shape.collection === "users" && shape.contains[0] === "searchKeys");
    // Five columns, two directions.
    expect(search).toHaveLength(10);
  });

  it("declares a composite index for every query shape that needs one", () => {
    const missing = composite.filter(
      ({ shape, needed }) => !declared.some((index) => serves(index, shape.collection, needed)),
    );
    expect(missing.map(({ shape, needed }) => `${shape.where} needs ${JSON.stringify(needed)}`)).toEqual([]);
  });

  it("declares no index that no query uses", () => {
    const unused = declared.filter(
      (index) => !composite.some(({ shape, needed }) => serves(index, shape.collection, needed)),
    );
    expect(unused).toEqual([]);
  });
});
