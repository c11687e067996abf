import type { PaymentResult } from "@contract/payment";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/react-query";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { useReceipt } from "../api/get-receipt";
import { newIdempotencyKey, useSubmitPayment } from "../api/submit-payment";

const RESULT: PaymentResult = {
  paymentId: "a".repeat(40),
  authNetTransId: "60000000001",
  navilineRoutingIds: ["R-1"],
  amountCents: 5000,
  paymentType: "UTILITY",
  accountNumber: "1001-2001",
  maskedCardNumber: "XXXX1111",
  cardType: "Visa",
  paidAt: "2026-11-28T15:00:00.000Z",
  postedToAccount: true,
};

describe("paying opens the confirmation without asking for the receipt again", () => {
  it("the POST's answer seeds the receipt query: one POST, no GET of the receipt", async () => {
    const fetchMock = fakeFetch(({ url, init }) => {
      const path = new URL(url, "http://portal.test").pathname;
      if (path === "/api/payment" && init.method === "POST") return json(RESULT);
      if (path === `/api/payment/receipt/${RESULT.paymentId}`) return json(RESULT);
      return undefined;
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

    const submit = renderHook(() => useSubmitPayment(), { wrapper });
    await submit.result.current.mutateAsync({
      idempotencyKey: newIdempotencyKey(),
      endpoint: "/payment",
      input: {
        paymentType: "UTILITY",
        nonce: "eyJub25jZSI6InQifQ",
        amountCents: 5000,
        navilineCustomerId: "1001",
        navilineLocationId: "2001",
      },
    });

    // What the confirmation page (/payment?receipt=) calls.
    const receipt = renderHook(() => useReceipt(RESULT.paymentId), { wrapper });
    await waitFor(() => expect(receipt.result.current.data).toEqual(RESULT));
    expect(receipt.result.current.isFetching).toBe(false);
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://portal.test").pathname);
    expect(paths).toEqual(["/api/payment"]);
  });
});
