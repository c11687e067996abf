/**
 * The SOQL subset the portal uses, parsed into a small tree:
 * SELECT fields (a.b relationship paths, COUNT(), COUNT(field)) FROM object
 * [WHERE conditions with = != <> < > <= >= LIKE IN NOT IN, AND/OR/NOT and parentheses]
 * [ORDER BY field [ASC|DESC] [NULLS FIRST|LAST], ...] [LIMIT n] [OFFSET n].
 */
export type Literal =
  | { kind: "string"; value: string }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "null" }
  /** Dates and datetimes keep their epoch ms; SOQL literals are unquoted (2026-11-01, 2026-11-01T00:00:00Z). */
  | { kind: "date"; value: number; text: string };

export type Comparison = "=" | "!=" | "<" | ">" | "<=" | ">=" | "LIKE";

export type Condition =
  | { kind: "and" | "or"; left: Condition; right: Condition }
  | { kind: "not"; condition: Condition }
  | { kind: "compare"; field: string; operator: Comparison; value: Literal }
  | { kind: "in"; field: string; negated: boolean; values: Literal[] };

export type SelectItem =
  | { kind: "field"; path: string }
  | { kind: "count"; field: string | null; alias: string | null };

export interface OrderItem {
  field: string;
  descending: boolean;
  nullsLast: boolean;
}

export interface SoqlQuery {
  select: SelectItem[];
  from: string;
  where: Condition | null;
  orderBy: OrderItem[];
  limit: number | null;
  offset: number | null;
}

/** Raised for anything outside the subset; the sandbox answers it as MALFORMED_QUERY. */
export class SoqlSyntaxError extends Error {}

type Token =
  | { type: "word"; text: string }
  | { type: "string"; text: string }
  | { type: "number"; text: string }
  | { type: "date"; text: string }
  | { type: "symbol"; text: string };

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2}))?/;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < source.length) {
    const rest = source.slice(position);
    const char = source[position] as string;
    if (/\s/.test(char)) {
      position++;
      continue;
    }
    if (char === "'") {
      let text = "";
      let index = position + 1;
      for (; index < source.length && source[index] !== "'"; index++) {
        if (source[index] === "\\") {
          index++;
          const escaped = source[index];
          if (escaped === undefined) break;
          text += { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" }[escaped] ?? escaped;
        } else {
          text += source[index];
        }
      }
      if (index >= source.length) throw new SoqlSyntaxError("unterminated string literal");
      tokens.push({ type: "string", text });
      position = index + 1;
      continue;
    }
    const date = DATE_PATTERN.exec(rest);
    if (date) {
      tokens.push({ type: "date", text: date[0] });
      position += date[0].length;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ type: "number", text: number[0] });
      position += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(rest);
    if (word) {
      tokens.push({ type: "word", text: word[0] });
      position += word[0].length;
      continue;
    }
    const symbol = /^(<=|>=|!=|<>|=|<|>|\(|\)|,)/.exec(rest);
    if (symbol) {
      tokens.push({ type: "symbol", text: symbol[0] });
      position += symbol[0].length;
      continue;
    }
    throw new SoqlSyntaxError(`unexpected character '${char}' at ${position}`);
  }
  return tokens;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private isKeyword(keyword: string, offset = 0): boolean {
    const token = this.tokens[this.index + offset];
    return token?.type === "word" && token.text.toUpperCase() === keyword;
  }

  private acceptKeyword(keyword: string): boolean {
    if (!this.isKeyword(keyword)) return false;
    this.index++;
    return true;
  }

  private expectKeyword(keyword: string): void {
    if (!this.acceptKeyword(keyword)) throw new SoqlSyntaxError(`expected ${keyword} near ${this.describe()}`);
  }

  private acceptSymbol(symbol: string): boolean {
    const token = this.peek();
    if (token?.type !== "symbol" || token.text !== symbol) return false;
    this.index++;
    return true;
  }

  private expectSymbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw new SoqlSyntaxError(`expected '${symbol}' near ${this.describe()}`);
  }

  private describe(): string {
    const token = this.peek();
    return token ? `'${token.text}'` : "end of query";
  }

  private identifier(): string {
    const token = this.peek();
    if (token?.type !== "word") throw new SoqlSyntaxError(`expected a field name near ${this.describe()}`);
    this.index++;
    return token.text;
  }

  parse(): SoqlQuery {
    this.expectKeyword("SELECT");
    const select = this.selectList();
    this.expectKeyword("FROM");
    const from = this.identifier();
    const where = this.acceptKeyword("WHERE") ? this.orCondition() : null;
    const orderBy: OrderItem[] = [];
    if (this.acceptKeyword("ORDER")) {
      this.expectKeyword("BY");
      do orderBy.push(this.orderItem());
      while (this.acceptSymbol(","));
    }
    const limit = this.acceptKeyword("LIMIT") ? this.integer() : null;
    const offset = this.acceptKeyword("OFFSET") ? this.integer() : null;
    if (this.peek()) throw new SoqlSyntaxError(`unexpected token ${this.describe()}`);
    return { select, from, where, orderBy, limit, offset };
  }

  private selectList(): SelectItem[] {
    const items: SelectItem[] = [];
    do {
      if (this.isKeyword("COUNT") && this.tokens[this.index + 1]?.text === "(") {
        this.index += 2;
        const field = this.acceptSymbol(")") ? null : this.identifier();
        if (field) this.expectSymbol(")");
        const next = this.peek();
        const alias = next?.type === "word" && !this.isKeyword("FROM") ? this.identifier() : null;
        items.push({ kind: "count", field, alias });
      } else {
        items.push({ kind: "field", path: this.identifier() });
      }
    } while (this.acceptSymbol(","));
    return items;
  }

  private orderItem(): OrderItem {
    const field = this.identifier();
    const descending = this.acceptKeyword("DESC");
    if (!descending) this.acceptKeyword("ASC");
    let nullsLast = descending;
    if (this.acceptKeyword("NULLS")) {
      if (this.acceptKeyword("LAST")) nullsLast = true;
      else {
        this.expectKeyword("FIRST");
        nullsLast = false;
      }
    }
    return { field, descending, nullsLast };
  }

  private integer(): number {
    const token = this.peek();
    if (token?.type !== "number" || !/^\d+$/.test(token.text)) throw new SoqlSyntaxError("expected a whole number");
    this.index++;
    return Number(token.text);
  }

  private orCondition(): Condition {
    let left = this.andCondition();
    while (this.acceptKeyword("OR")) left = { kind: "or", left, right: this.andCondition() };
    return left;
  }

  private andCondition(): Condition {
    let left = this.unaryCondition();
    while (this.acceptKeyword("AND")) left = { kind: "and", left, right: this.unaryCondition() };
    return left;
  }

  private unaryCondition(): Condition {
    if (this.acceptKeyword("NOT")) return { kind: "not", condition: this.unaryCondition() };
    if (this.acceptSymbol("(")) {
      const inner = this.orCondition();
      this.expectSymbol(")");
      return inner;
    }
    const field = this.identifier();
    if (this.acceptKeyword("IN")) return { kind: "in", field, negated: false, values: this.literalList() };
    if (this.isKeyword("NOT") && this.isKeyword("IN", 1)) {
      this.index += 2;
      return { kind: "in", field, negated: true, values: this.literalList() };
    }
    if (this.acceptKeyword("LIKE")) return { kind: "compare", field, operator: "LIKE", value: this.literal() };
    const token = this.peek();
    if (token?.type !== "symbol" || !["=", "!=", "<>", "<", ">", "<=", ">="].includes(token.text)) {
      throw new SoqlSyntaxError(`expected an operator near ${this.describe()}`);
    }
    this.index++;
    const operator = (token.text === "<>" ? "!=" : token.text) as Comparison;
    return { kind: "compare", field, operator, value: this.literal() };
  }

  private literalList(): Literal[] {
    this.expectSymbol("(");
    const values: Literal[] = [];
    do values.push(this.literal());
    while (this.acceptSymbol(","));
    this.expectSymbol(")");
    return values;
  }

  private literal(): Literal {
    const token = this.peek();
    if (!token) throw new SoqlSyntaxError("expected a value at end of query");
    this.index++;
    if (token.type === "string") return { kind: "string", value: token.text };
    if (token.type === "number") return { kind: "number", value: Number(token.text) };
    if (token.type === "date") return { kind: "date", value: parseSoqlDate(token.text), text: token.text };
    if (token.type === "word") {
      const upper = token.text.toUpperCase();
      if (upper === "NULL") return { kind: "null" };
      if (upper === "TRUE" || upper === "FALSE") return { kind: "boolean", value: upper === "TRUE" };
    }
    throw new SoqlSyntaxError(`unexpected value '${token.text}'`);
  }
}

/** Dates as the CRM writes them: 2026-11-01, 2026-11-01T15:00:00.000+0000, ...Z. */
export function parseSoqlDate(text: string): number {
  const normalized = text.length === 10 ? `${text}T00:00:00Z` : text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const value = Date.parse(normalized);
  if (Number.isNaN(value)) throw new SoqlSyntaxError(`invalid date '${text}'`);
  return value;
}

export function parseSoql(source: string): SoqlQuery {
  return new Parser(tokenize(source)).parse();
}
