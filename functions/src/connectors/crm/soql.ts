/**
 * SOQL built only through the `soql` tag: interpolated values are escaped literals, never raw
 * text, so a resident's input cannot change a query. Names (objects, fields) that come from
 * configuration go through `soqlName`, which accepts identifiers only.
 */
export interface SoqlStatement {
  readonly text: string;
}

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;

class SoqlName {
  constructor(readonly name: string) {}
}

export type SoqlValue = string | number | boolean | null | Date | SoqlName | readonly (string | number)[];

/** An object or field name for a query; throws unless it is a plain (dotted) identifier. */
export function soqlName(name: string): SoqlName {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a SOQL identifier: ${JSON.stringify(name)}`);
  return new SoqlName(name);
}

/** A string literal with SOQL's escapes (backslash, quotes, control characters). */
export function soqlString(value: string): string {
  const escaped = value.replace(/[\\'"\n\r\t\b\f]/g, (char) => {
    const names: Record<string, string> = { "\n": "n", "\r": "r", "\t": "t", "\b": "b", "\f": "f" };
    return `\\${names[char] ?? char}`;
  });
  return `'${escaped}'`;
}

export function soqlLiteral(value: SoqlValue): string {
  if (value instanceof SoqlName) return value.name;
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("SOQL numbers must be finite");
    return String(value);
  }
  // Datetime literals are unquoted ISO instants in UTC.
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    if (value.length === 0) throw new Error("SOQL IN lists cannot be empty");
    return `(${value.map((item) => soqlLiteral(item)).join(", ")})`;
  }
  return soqlString(value as string);
}

/** soql`SELECT Id FROM Contact WHERE Email = ${email}` */
export function soql(strings: TemplateStringsArray, ...values: SoqlValue[]): SoqlStatement {
  let text = strings[0] ?? "";
  values.forEach((value, index) => {
    text += soqlLiteral(value) + (strings[index + 1] ?? "");
  });
  return { text };
}
