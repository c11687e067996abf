import type { PersonPayment, RefundResult } from "@contract/refunds";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { MyRefunds } from "../components/my-refunds";
import { RefundForm } from "../components/refund-form";

afterEach(() => vi.unstubAllGlobals());

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

const PAYMENT: PersonPayment = {
  paymentId: "a".repeat(40),
  chargedAt: "2026-11-28T15:00:00.000Z",
  paymentType: "UTILITY",
  accountNumber: "100000001-200000001",
  codeGroup: "UTILITY",
  amountCents: 1500,
  refundedCents: 0,
  maskedCardNumber: "XXXX1111",
  refundable: true,
};

describe("the resident's refunds", () => {
  it("dates a refund in Chicago: 04:37 UTC on the 29th is 10:37 PM on the 28th", async () => {
    fakeFetch(({ url }) =>
      url.startsWith("/api/payment/refunds")
        ? json([
            {
              refundId: "r1",
              paymentId: PAYMENT.paymentId,
              refundedAt: "2026-11-29T04:37:00.000Z",
              paymentType: "UTILITY",
              accountNumber: PAYMENT.accountNumber,
              amountCents: 500,
            },
          ])
        : undefined,
    );
    render(wrap(<MyRefunds organizationId="personal" />));
    const row = (await screen.findByRole("rowheader", { name: "11/28/2026" })).closest("tr");
    expect(row?.textContent).toContain("$5.00");
    expect(row?.textContent).toContain(`Utility bill ${PAYMENT.accountNumber}`);
  });
});

describe("the admin's refund form", () => {
  it("on a stale figure (412) shows the current one in the error summary, keeps the input, and refunds only on the server's yes", async () => {
    const posts: { body: Record<string, unknown>; key: string | null }[] = [];
    const refunded: RefundResult = {
      refundId: "r".repeat(40),
      paymentId: PAYMENT.paymentId,
      personUid: "u1",
      amountCents: 500,
      refundAmountAvailable: 500,
      refundedAt: "2026-11-28T16:00:00.000Z",
    };
    fakeFetch(({ url, init }) => {
      if (!url.startsWith(`/api/payment/${PAYMENT.paymentId}/refunds`)) return undefined;
      if (init.method !== "POST") {
        return json({ paymentId: PAYMENT.paymentId, amountCents: 1500, refundAmountAvailable: 1500, refunds: [] });
      }
      posts.push({
        body: JSON.parse(String(init.body)),
        key: new Headers(init.headers).get("Idempotency-Key"),
      });
      // Another admin refunded $5.00 meanwhile: the first send is stale.
      return posts.length === 1
        ? json(
            {
              error: {
                code: "precondition_failed",
                message: "The amount still refundable has changed.",
                fields: { refundAmountAvailable: "1000" },
              },
            },
            412,
          )
        : json(refunded);
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(wrap(<RefundForm payment={PAYMENT} id="refund-test" onDone={onDone} onCancel={() => undefined} />));

    await screen.findByText("Left to refund: $15.00.");
    const amount = screen.getByLabelText(/Amount to refund/);
    expect((amount as HTMLInputElement).value).toBe("15.00");
    await user.clear(amount);
    await user.type(amount, "5");
    await user.type(screen.getByLabelText(/Reason for the refund/), "Charged twice");
    await user.click(screen.getByRole("button", { name: "Refund" }));

    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("it is now $10.00");
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByText("Left to refund: $10.00.")).toBeTruthy();
    expect((screen.getByLabelText(/Amount to refund/) as HTMLInputElement).value).toBe("5.00");
    expect(screen.getByLabelText(/Reason for the refund/)).toHaveProperty("value", "Charged twice");
    expect(onDone).not.toHaveBeenCalled();
    expect(posts[0]?.body).toEqual({ amountCents: 500, refundAmountAvailable: 1500, reason: "Charged twice" });

    // Sent again: the figure now shown, under a new key (another body), and done only on the 200.
    await user.click(screen.getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(refunded));
    expect(posts[1]?.body).toEqual({ amountCents: 500, refundAmountAvailable: 1000, reason: "Charged twice" });
    expect(posts[1]?.key).toBeTruthy();
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
  });

  it("refuses more than is left before sending anything", async () => {
    const fetchMock = fakeFetch(({ url, init }) =>
      url.startsWith(`/api/payment/${PAYMENT.paymentId}/refunds`) && init.method !== "POST"
        ? json({ paymentId: PAYMENT.paymentId, amountCents: 1500, refundAmountAvailable: 1500, refunds: [] })
        : undefined,
    );
    const user = userEvent.setup();
    render(wrap(<RefundForm payment={PAYMENT} id="refund-test" onDone={() => undefined} onCancel={() => undefined} />));
    await screen.findByText("Left to refund: $15.00.");
    const amount = screen.getByLabelText(/Amount to refund/);
    await user.clear(amount);
    await user.type(amount, "15.01");
    await user.type(screen.getByLabelText(/Reason for the refund/), "Too much");
    await user.click(screen.getByRole("button", { name: "Refund" }));
    expect((await screen.findByRole("alert")).textContent).toContain("That is more than is left to refund.");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });
});
