import { describe, expect, it } from "vitest";
import { formFeePaymentHref, readFormMessage } from "../form-messages";

const origin = "http://127.0.0.1:7105";

describe("readFormMessage", () => {
  it("reads height and success events from the forms origin", () => {
    expect(readFormMessage({ origin, data: { source: "city-forms", event: "height", height: 640 } }, origin)).toEqual({
      kind: "height",
      height: 640,
    });
    expect(
      readFormMessage(
        {
          origin,
          data: {
            source: "city-forms",
            event: "submitted",
            success: true,
            bpid: "12",
            portalSubmissionId: "s1",
            feeTotal: "75.00",
          },
        },
        origin,
      ),
    ).toEqual({ kind: "submitted", bpid: "12", portalSubmissionId: "s1", feeTotal: 75 });
  });

  it("ignores other origins, other senders and malformed events", () => {
    const height = { source: "city-forms", event: "height", height: 640 };
    expect(readFormMessage({ origin: "https://evil.example", data: height }, origin)).toBeNull();
    expect(readFormMessage({ origin, data: { ...height, source: "other" } }, origin)).toBeNull();
    expect(readFormMessage({ origin, data: { ...height, height: "a lot" } }, origin)).toBeNull();
    expect(readFormMessage({ origin, data: "height:640" }, origin)).toBeNull();
    expect(
      readFormMessage({ origin, data: { source: "city-forms", event: "submitted", success: false } }, origin),
    ).toBeNull();
  });
});

describe("formFeePaymentHref", () => {
  it("sends the payment code and submission to /payment with the form fee account, and no amount", () => {
    const id = "1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b";
    expect(formFeePaymentHref("ALARM", id)).toBe(
      `/payment?accountNumber=000000000-000000000&accountType=Form+Fee&paymentCode=ALARM&submissionId=${id}`,
    );
  });
});
