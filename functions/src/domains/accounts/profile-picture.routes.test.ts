import { describe, expect, it } from "vitest";
import { PROFILE_PICTURE_MAX_BYTES } from "../../contract/account-forms";
import { ApiError } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import type { AnyRoute } from "../../platform/http/route";
import { profilePictureRoutes } from "./profile-picture.routes";

const upload = profilePictureRoutes.find((route) => route.method === "PUT") as AnyRoute | undefined;
const caller = { uid: "u1", email: "u1@example.com", emailVerified: true, admin: false, salesforceId: "003x" };

/** A request whose body must never be touched: any read fails the test. */
function untouchableRequest(headers: Record<string, string>) {
  const refuse = () => {
    throw new Error("the body was read");
  };
  return {
    headers,
    header: (name: string) => headers[name.toLowerCase()],
    pipe: refuse,
    on: refuse,
    once: refuse,
    read: refuse,
    get rawBody(): Buffer {
      throw new Error("the body was read");
    },
  };
}

/** Runs the upload handler on an untouchable request with these headers; what it threw (or returned). */
function uploadError(headers: Record<string, string>): Promise<unknown> {
  const run = upload?.handler({
    params: {},
    query: {},
    body: undefined,
    user: caller as unknown as Principal,
    requestId: "r",
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    req: untouchableRequest(headers) as never,
    res: {} as never,
  });
  return Promise.resolve(run).catch((cause: unknown) => cause);
}

describe("PUT /api/users/image", () => {
  it("is a raw-body route, so the dispatcher leaves the stream to it", () => {
    expect(upload?.bodyKind).toBe("raw");
  });

  it.each([
    [PROFILE_PICTURE_MAX_BYTES * 2, 413],
    [PROFILE_PICTURE_MAX_BYTES + 65 * 1024 + 1, 413],
  ])("refuses a declared length of %i with %i before reading the body", async (length, status) => {
    const error = await uploadError({
      "content-length": String(length),
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
  });

  it("refuses a body that is not multipart with 400, before reading it", async () => {
    const error = await uploadError({ "content-length": "10", "content-type": "application/json" });
    expect((error as ApiError).status).toBe(400);
  });
});
