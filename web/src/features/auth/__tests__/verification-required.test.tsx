import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeAuthProvider, fakeAuth } from "@/testing/fake-auth";
import { VerificationRequiredPanel } from "../components/verification-required-panel";

const sent = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/auth/firebase-auth", () => ({ getFirebaseAuth: () => ({ currentUser: { emailVerified: false } }) }));
vi.mock("firebase/auth", () => ({
  sendEmailVerification: async () => {
    sent.count++;
  },
}));

describe("/account/verificationRequired resend countdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.count = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("disables the resend button for 60 seconds and announces the wait and its end politely", async () => {
    render(
      <FakeAuthProvider value={fakeAuth("unverified")}>
        <VerificationRequiredPanel />
      </FakeAuthProvider>,
    );
    const live = document.querySelector("[aria-live=polite]") as HTMLElement;
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Resend verification email" }));
    });
    expect(sent.count).toBe(1);
    expect((screen.getByRole("button", { name: "Resend in 60 seconds" }) as HTMLButtonElement).disabled).toBe(true);
    expect(live.textContent).toBe("You can ask for another email in 60 seconds.");

    for (let second = 0; second < 59; second++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect((screen.getByRole("button", { name: "Resend in 1 second" }) as HTMLButtonElement).disabled).toBe(true);
    // The live region is not updated every second.
    expect(live.textContent).toBe("You can ask for another email in 60 seconds.");

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect((screen.getByRole("button", { name: "Resend verification email" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(live.textContent).toBe("You can ask for another verification email now.");
  });
});
