import { describe, expect, it } from "vitest";
import { sniffImageType } from "./image-type";

describe("sniffImageType", () => {
  it.each([
    ["PNG", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "image/png"],
    ["JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), "image/jpeg"],
    ["GIF", Buffer.from("GIF89a....", "latin1"), "image/gif"],
    ["WebP", Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ", "latin1"), "image/webp"],
  ])("recognises %s by its first bytes", (_name, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it.each([
    ["SVG (can carry script)", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["HTML", Buffer.from("<!doctype html><p>hi</p>")],
    ["a text file named .png", Buffer.from("hello")],
    ["an empty file", Buffer.alloc(0)],
  ])("refuses %s", (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});
