import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { type Open311Answer, open311Errors, toOpen311Json, toOpen311Xml } from "./open311-format";

describe("Open311 answers", () => {
  it("writes a list as a JSON array and as XML items, lists grouped and nulls empty", () => {
    const answer: Open311Answer = {
      root: "service_definition",
      object: {
        service_code: "graffiti",
        attributes: [{ code: "offensive", required: true, order: 1, values: [{ key: "YES", name: "Yes & no <b>" }] }],
        description: null,
      },
    };
    expect(JSON.parse(toOpen311Json(answer))).toEqual(answer.object);
    const xml = toOpen311Xml(answer);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?><service_definition>')).toBe(true);
    expect(xml).toContain("<attributes><attribute><code>offensive</code><required>true</required><order>1</order>");
    expect(xml).toContain("<values><value><key>YES</key><name>Yes &amp; no &lt;b&gt;</name></value></values>");
    expect(xml).toContain("<description/>");
    const read = new XMLParser({ parseTagValue: false }).parse(xml);
    expect(read.service_definition.attributes.attribute.values.value.name).toBe("Yes & no <b>");
  });

  it("writes the standard's errors list", () => {
    const errors = open311Errors({ status: 403, message: "api_key is not valid." });
    expect(JSON.parse(toOpen311Json(errors))).toEqual([{ code: 403, description: "api_key is not valid." }]);
    expect(toOpen311Xml(errors)).toContain(
      "<errors><error><code>403</code><description>api_key is not valid.</description></error></errors>",
    );
    expect(toOpen311Xml({ root: "service_requests", item: "request", list: [] })).toContain("<service_requests/>");
  });
});
