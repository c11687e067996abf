import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import { OPEN311_SEEDED_DEMO_KEY } from "../../functions/src/contract/open311-keys.ts";
import { stackCrm } from "../kit/identity.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 30: another app's Open311 client against the portal. The client is codeforamerica's npm
 * `open311` (node-open311 0.0.12, as published), in its default JSON format: its two XML readers
 * cannot be installed offline and stand in as tests/vendor/open311-xml-readers, which fail if called.
 */

type Callback<T> = (error: unknown, data: T) => void;
type Service = { service_code: string; service_name: string };
type Definition = { service_code: string; attributes: { code: string; datatype: string }[] };
type Filed = { service_request_id?: string; token?: string };
type Request = { service_request_id: string; service_code: string; status: string; requested_datetime: Date };
interface Open311Client {
  serviceList(callback: Callback<Service[]>): void;
  serviceDefinition(code: string, callback: Callback<Definition>): void;
  submitRequest(data: Record<string, unknown>, callback: Callback<Filed[]>): void;
  serviceRequests(idOrParams: string | Record<string, string>, callback: Callback<Request[]>): void;
}
const Open311 = createRequire(import.meta.url)("open311") as new (options: Record<string, string>) => Open311Client;

/** The client answers Node-style callbacks; its error is `true` or a status code, its data the message. */
const answer = <T>(call: (callback: Callback<T>) => void) =>
  new Promise<T>((resolve, reject) =>
    call((error, data) => (error ? reject(new Error(`open311 client: ${String(data)}`)) : resolve(data))),
  );

describe("the npm open311 client", () => {
  it("lists the services, reads a definition, files a request and reads it back", async () => {
    const client = new Open311({ endpoint: `${stackInfo().portalUrl}/open311/v2/`, apiKey: OPEN311_SEEDED_DEMO_KEY });

    const services = await answer<Service[]>((done) => client.serviceList(done));
    expect(services.map((service) => service.service_code)).toContain("missedCollection");
    const definition = await answer<Definition>((done) => client.serviceDefinition("missedCollection", done));
    expect(definition.attributes).toContainEqual(
      expect.objectContaining({ code: "collectionType", datatype: "multivaluelist" }),
    );

    const description = `Filed by the npm open311 client (${randomUUID()})`;
    const [filed] = await answer<Filed[]>((done) =>
      client.submitRequest(
        {
          service_code: "missedCollection",
          lat: "42.0372",
          long: "-88.2812",
          email: `client.${randomUUID().slice(0, 8)}@example.org`,
          description,
          attributes: { collectionType: "REFUSE" },
        },
        done,
      ),
    );
    const id = filed?.service_request_id as string;
    expect(id).toMatch(/^\d{8}$/);
    const [stored] = await stackCrm().query<{ Description: string; Report_Category__c: string }>(
      soql`SELECT Description, Report_Category__c FROM Case WHERE CaseNumber = ${id}`,
    );
    expect(stored?.Description).toContain(description);
    expect(stored?.Report_Category__c).toBe("REFUSE");

    const [back] = await answer<Request[]>((done) => client.serviceRequests(id, done));
    expect(back).toMatchObject({ service_request_id: id, service_code: "missedCollection", status: "open" });
    expect(back?.requested_datetime).toBeInstanceOf(Date);
    const listed = await answer<Request[]>((done) =>
      client.serviceRequests({ service_code: "missedCollection" }, done),
    );
    expect(listed.map((request) => request.service_request_id)).toContain(id);
  });
});
