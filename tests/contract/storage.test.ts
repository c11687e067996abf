import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { SANDBOX_BUCKET, storageSandbox } from "../../emulators/src/sandboxes/storage/index.ts";
import { storageCallBudgetMs, storageConfigFromEnv } from "../../functions/src/connectors/storage/config";
import { withStorage } from "../../functions/src/connectors/storage/errors";
import { portalBucket } from "../../functions/src/connectors/storage/storage-client";
import { ConnectorError } from "../../functions/src/platform/connector-error";
import { useSandbox } from "../kit/sandbox.ts";

const bucket = () => portalBucket();

async function expectStorageError(work: Promise<unknown>, kind: ConnectorError["kind"]) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  expect((error as ConnectorError).kind).toBe(kind);
  expect((error as ConnectorError).system).toBe("storage");
}

const running = useSandbox(storageSandbox, { STORAGE_TIMEOUT_MS: "2000", STORAGE_MAX_RETRIES: "1" });

describe("uploads and downloads through @google-cloud/storage", () => {
  it("saves without a resumable session (multipart) and downloads the same bytes", async () => {
    const bytes = randomBytes(70_000);
    const file = bucket().file("reports/case-1/photo 1.jpg");
    await file.save(bytes, { resumable: false, contentType: "image/jpeg", metadata: { metadata: { caseId: "1" } } });
    const [downloaded] = await file.download();
    expect(downloaded.equals(bytes)).toBe(true);
    const [metadata] = await file.getMetadata();
    expect(metadata).toMatchObject({
      name: "reports/case-1/photo 1.jpg",
      bucket: SANDBOX_BUCKET,
      contentType: "image/jpeg",
      size: "70000",
      metadata: { caseId: "1" },
    });
    const counters = await running.control.counters();
    expect(counters.byRoute["POST /upload/storage/v1/b/demo-city-portal.appspot.com/o"]).toBe(1);
  });

  it("saves through a resumable session and downloads it with hash validation", async () => {
    const bytes = randomBytes(300_000);
    const file = bucket().file("pictures/user-1.png");
    await file.save(bytes, { resumable: true, contentType: "image/png" });
    const [downloaded] = await file.download({ validation: "crc32c" });
    expect(downloaded.equals(bytes)).toBe(true);
    const routes = Object.keys((await running.control.counters()).byRoute);
    expect(routes.filter((route) => route.startsWith("PUT /upload/storage/v1"))).toHaveLength(1);
  });

  it("uploads a stream with createWriteStream in several resumable chunks", async () => {
    const bytes = randomBytes(600_000);
    const file = bucket().file("uploads/big.bin");
    await pipeline(
      Readable.from([bytes.subarray(0, 250_000), bytes.subarray(250_000)]),
      file.createWriteStream({ resumable: true, chunkSize: 256 * 1024, contentType: "application/octet-stream" }),
    );
    const [downloaded] = await file.download({ validation: "md5" });
    expect(downloaded.equals(bytes)).toBe(true);
    const counters = await running.control.counters();
    const puts = Object.entries(counters.byRoute).find(([route]) => route.startsWith("PUT /upload"));
    expect(puts?.[1]).toBe(3);
  });

  it("serves media at the JSON API's download paths too (mediaLink, /storage/v1 with alt=media)", async () => {
    const file = bucket().file("links/a b.txt");
    await file.save("linked bytes", { resumable: false, contentType: "text/plain" });
    const [metadata] = await file.getMetadata();
    const viaMediaLink = await fetch(String(metadata.mediaLink));
    expect(new URL(String(metadata.mediaLink)).pathname).toMatch(/^\/download\/storage\/v1\/b\//);
    expect(await viaMediaLink.text()).toBe("linked bytes");
    const viaAltMedia = await fetch(
      `${running.sandbox.url}/storage/v1/b/${SANDBOX_BUCKET}/o/${encodeURIComponent("links/a b.txt")}?alt=media`,
    );
    expect(viaAltMedia.headers.get("content-type")).toContain("text/plain");
    expect(await viaAltMedia.text()).toBe("linked bytes");
  });

  it("replaces an object written twice", async () => {
    const file = bucket().file("replace/me.txt");
    await file.save("first", { resumable: false });
    await file.save("second", { resumable: false });
    expect((await file.download())[0].toString()).toBe("second");
  });
});

describe("listing and deleting", () => {
  it("lists by prefix across pages", async () => {
    for (let index = 0; index < 5; index++) {
      await bucket().file(`listing/item-${index}.txt`).save(`item ${index}`, { resumable: false });
    }
    await bucket().file("elsewhere/x.txt").save("x", { resumable: false });
    const [all] = await bucket().getFiles({ prefix: "listing/" });
    expect(all.map((file) => file.name)).toEqual([0, 1, 2, 3, 4].map((index) => `listing/item-${index}.txt`));
    const [firstPage, nextQuery] = await bucket().getFiles({ prefix: "listing/", maxResults: 2, autoPaginate: false });
    expect(firstPage.map((file) => file.name)).toEqual(["listing/item-0.txt", "listing/item-1.txt"]);
    expect(nextQuery).toMatchObject({ pageToken: expect.any(String) });
    const [secondPage] = await bucket().getFiles({ ...(nextQuery as object), autoPaginate: false });
    expect(secondPage.map((file) => file.name)).toEqual(["listing/item-2.txt", "listing/item-3.txt"]);
  });

  it("deletes, after which the file is gone and reads are not_found", async () => {
    const file = bucket().file("delete/me.txt");
    await file.save("bye", { resumable: false });
    await file.delete();
    expect((await file.exists())[0]).toBe(false);
    await expectStorageError(
      withStorage(() => file.download()),
      "not_found",
    );
    await expectStorageError(
      withStorage(() => file.delete()),
      "not_found",
    );
  });
});

describe("faults and counters", () => {
  it("gives up on a slow store within the client's call budget (timeout per attempt, one retry): unavailable", async () => {
    await bucket().file("slow.txt").save("slow", { resumable: false });
    await running.control.reset();
    await running.control.setFaults({ latencyMs: 5000 });
    process.env.STORAGE_TIMEOUT_MS = "300";
    const budget = storageCallBudgetMs(storageConfigFromEnv());
    const started = Date.now();
    try {
      await expectStorageError(
        withStorage(() => bucket().file("slow.txt").getMetadata()),
        "unavailable",
      );
    } finally {
      process.env.STORAGE_TIMEOUT_MS = "2000";
    }
    expect(Date.now() - started).toBeLessThan(budget + 200);
    expect((await running.control.counters()).total).toBe(2);
  });

  it("maps the store's own failures (failureRate 1) to unavailable after its retry", async () => {
    await running.control.setFaults({ failureRate: 1 });
    await expectStorageError(
      withStorage(() => bucket().file("any.txt").getMetadata()),
      "unavailable",
    );
    expect((await running.control.counters()).total).toBe(2);
  });

  it("maps a host that drops connections (down) to unavailable", async () => {
    await running.control.setFaults({ down: true });
    await expectStorageError(
      withStorage(() => bucket().getFiles()),
      "unavailable",
    );
  });

  it("counts requests per route", async () => {
    await bucket().file("count.txt").save("1", { resumable: false });
    await bucket().file("count.txt").getMetadata();
    await bucket().file("count.txt").download();
    const counters = await running.control.counters();
    expect(counters.total).toBe(3);
    expect(counters.byRoute["GET /b/demo-city-portal.appspot.com/o/count.txt"]).toBe(2);
  });
});
