import { describe, expect, it } from "vitest";
import { readMobileBoxLink } from "../mobile-box-link";

const fileBox = { apiUrl: "https://api.box.com/2.0", uploadUrl: "https://upload.box.com/api/2.0" };
const read = (query: string) => readMobileBoxLink(new URLSearchParams(query), fileBox);

describe("readMobileBoxLink", () => {
  it("needs folderId and boxToken plus sfId or utilityAccount", () => {
    expect(read("folderId=1&boxToken=t")).toBeNull();
    expect(read("folderId=1&sfId=500A")).toBeNull();
    expect(read("boxToken=t&utilityAccount=1-2")).toBeNull();
    expect(read("folderId=&boxToken=t&sfId=500A")).toBeNull();
  });

  it("a record's folder is writable unless readonly=true, and uses the configured file-box URLs", () => {
    expect(read("folderId=1&boxToken=t&sfId=500A")).toEqual({
      folder: { folderId: "1", accessToken: "t", ...fileBox, readOnly: false },
      utilityAccount: null,
    });
    expect(read("folderId=1&boxToken=t&sfId=500A&readonly=true")?.folder.readOnly).toBe(true);
    expect(read("folderId=1&boxToken=t&sfId=500A&readonly=false")?.folder.readOnly).toBe(false);
  });

  it("a utility account's folder is read-only whatever the link says", () => {
    const link = read("folderId=2&boxToken=t&utilityAccount=1001-2002&readonly=false");
    expect(link?.folder.readOnly).toBe(true);
    expect(link?.utilityAccount).toBe("1001-2002");
  });
});
