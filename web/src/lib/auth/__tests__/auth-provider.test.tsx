import { act, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { testUser } from "@/testing/fake-auth";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { AuthProvider } from "../auth-provider";
import { signInStage, useAuth } from "../auth-state";
import { notifyFirebaseAuthStarted } from "../session-hint";
import { nullWhenSignedOut } from "../signed-out-answer";

type FakeUser = {
  emailVerified: boolean;
  getIdToken: () => Promise<string>;
  getIdTokenResult: () => Promise<{ claims: Record<string, unknown> }>;
};
const firebase = vi.hoisted(() => ({ currentUser: null as FakeUser | null }));

// Like the real getFirebaseAuth, the fake registers the API client's token source.
vi.mock("../firebase-auth", async () => {
  const { setIdTokenSource } = await import("@/lib/api-client");
  return {
    getFirebaseAuth: () => {
      setIdTokenSource(async () => (firebase.currentUser ? firebase.currentUser.getIdToken() : null));
      return firebase;
    },
  };
});
vi.mock("firebase/auth", () => ({
  onAuthStateChanged: (_auth: unknown, callback: (user: FakeUser | null) => void) => {
    queueMicrotask(() => callback(firebase.currentUser));
    return () => undefined;
  },
  signOut: async () => undefined,
}));

const fakeUser = (claims: Record<string, unknown>, emailVerified = true): FakeUser => ({
  emailVerified,
  getIdToken: async () => "token-abc",
  getIdTokenResult: async () => ({ claims }),
});

function Probe() {
  const auth = useAuth();
  return (
    <p>
      {auth.initializationState}|{signInStage(auth)}|admin:{String(auth.isAdmin)}|org:{auth.selectedOrganization}
    </p>
  );
}

const renderProvider = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );

/** The probe hands out selectOrganization, so a test can switch as the header would. */
let select: (organizationId: string) => void = () => undefined;
function OrganizationProbe() {
  const auth = useAuth();
  select = auth.selectOrganization;
  const info = auth.selectedOrganizationInfo;
  return (
    <p>
      {signInStage(auth)}|org:{auth.selectedOrganization}|info:{info ? `${info.Id}/${info.SalesforceId}` : "none"}
    </p>
  );
}

describe("AuthProvider (spec 1 §3, §4)", () => {
  beforeEach(() => {
    firebase.currentUser = null;
    // Most cases are a browser that had a session, so the provider starts Firebase at once.
    window.localStorage.setItem("portal.hasSession", "1");
  });

  it("waits for Firebase before deciding when this browser had a session, and forgets it on sign-out", async () => {
    window.localStorage.setItem("portal.hasSession", "1");
    fakeFetch();
    renderProvider();
    expect(screen.getByText(/^not_initialized\|anonymous/)).toBeTruthy();
    await screen.findByText("initialized|anonymous|admin:false|org:personal");
    expect(window.localStorage.getItem("portal.hasSession")).toBeNull();
  });

  it("is anonymous at once for a browser that never had a session, and follows Firebase once a page starts it", async () => {
    window.localStorage.removeItem("portal.hasSession");
    firebase.currentUser = fakeUser({});
    const fetchMock = fakeFetch(() => json(testUser));
    renderProvider();
    expect(screen.getByText("initialized|anonymous|admin:false|org:personal")).toBeTruthy();
    // Nothing loads Firebase for a visitor who only reads (issue 12), not even once the page is
    // idle (the provider used to start it then: after 200 ms where requestIdleCallback is missing).
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(screen.getByText("initialized|anonymous|admin:false|org:personal")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // The login form (or sign-up, SSO) starts Firebase Auth: the shell follows at once.
    act(() => notifyFirebaseAuthStarted());
    await screen.findByText("initialized|onboarded|admin:false|org:personal");
    expect(window.localStorage.getItem("portal.hasSession")).toBe("1");
  });

  it("is anonymous when Firebase has nobody, without calling the API", async () => {
    const fetchMock = fakeFetch();
    renderProvider();
    await screen.findByText("initialized|anonymous|admin:false|org:personal");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("loads the user from GET /api/auth with the bearer token and reads admin from the claim", async () => {
    firebase.currentUser = fakeUser({ admin: true });
    const fetchMock = fakeFetch(({ url }) => (url === "/api/auth" ? json({ ...testUser, Admin: false }) : undefined));
    renderProvider();
    await screen.findByText("initialized|onboarded|admin:true|org:personal");
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("Authorization")).toBe("Bearer token-abc");
  });

  it("never makes a user admin without the claim, whatever the user record says", async () => {
    firebase.currentUser = fakeUser({});
    fakeFetch(() => json({ ...testUser, Admin: true }));
    renderProvider();
    await screen.findByText("initialized|onboarded|admin:false|org:personal");
  });

  it("uses the identity provider's verified flag for the unverified stage", async () => {
    firebase.currentUser = fakeUser({}, false);
    fakeFetch(() => json({ ...testUser, SalesforceId: null }));
    renderProvider();
    await screen.findByText("initialized|unverified|admin:false|org:personal");
  });

  it("treats a 401 from /api/auth as signed out", async () => {
    firebase.currentUser = fakeUser({ admin: true });
    fakeFetch(() => json({ error: { code: "unauthenticated", message: "No token" } }, 401));
    renderProvider();
    await screen.findByText("initialized|anonymous|admin:false|org:personal");
  });

  it("reports an error state when /api/auth fails otherwise", async () => {
    firebase.currentUser = fakeUser({});
    fakeFetch(() => json({ error: { code: "internal", message: "Boom" } }, 500));
    renderProvider();
    await screen.findByText("error|anonymous|admin:false|org:personal");
  });

  describe("a billing call's 401 (spec 2 §8 X7)", () => {
    const refused = () => Promise.reject(new ApiError(401, "unauthenticated", "Session revoked"));
    const renderWithEnd = (onSessionEnded: () => void) =>
      render(
        <AuthProvider onSessionEnded={onSessionEnded}>
          <Probe />
        </AuthProvider>,
      );

    it("checks the session again with GET /api/auth: a 401 there is signed out, told before the state changes", async () => {
      firebase.currentUser = fakeUser({});
      let authAnswer = json(testUser);
      const fetchMock = fakeFetch(({ url }) => (url === "/api/auth" ? authAnswer : undefined));
      const stagesWhenEnded: string[] = [];
      const onSessionEnded = vi.fn(() => stagesWhenEnded.push(screen.getByText(/\|/).textContent ?? ""));
      renderWithEnd(onSessionEnded);
      await screen.findByText("initialized|onboarded|admin:false|org:personal");
      authAnswer = json({ error: { code: "unauthenticated", message: "Revoked" } }, 401);
      // Two calls refused together: one check.
      await act(async () => {
        expect(await Promise.all([nullWhenSignedOut(refused), nullWhenSignedOut(refused)])).toEqual([null, null]);
      });
      await screen.findByText("initialized|anonymous|admin:false|org:personal");
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(stagesWhenEnded).toEqual(["initialized|onboarded|admin:false|org:personal"]);
      expect(fetchMock.mock.calls.filter(([url]) => url === "/api/auth")).toHaveLength(2);
    });

    it("a sign-in the identity service no longer refreshes (revoked) is signed out too, not an error", async () => {
      const user = fakeUser({});
      firebase.currentUser = user;
      const fetchMock = fakeFetch(({ url }) => (url === "/api/auth" ? json(testUser) : undefined));
      const onSessionEnded = vi.fn();
      renderWithEnd(onSessionEnded);
      await screen.findByText("initialized|onboarded|admin:false|org:personal");
      user.getIdTokenResult = () =>
        Promise.reject(Object.assign(new Error("revoked"), { code: "auth/user-token-expired" }));
      await act(async () => {
        await nullWhenSignedOut(refused);
      });
      await screen.findByText("initialized|anonymous|admin:false|org:personal");
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls.filter(([url]) => url === "/api/auth")).toHaveLength(1);
    });

    it("a visitor's 401 checks nothing: only a sign-in the app holds can end", async () => {
      const fetchMock = fakeFetch();
      const onSessionEnded = vi.fn();
      renderWithEnd(onSessionEnded);
      await screen.findByText("initialized|anonymous|admin:false|org:personal");
      await act(async () => {
        await nullWhenSignedOut(refused);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(onSessionEnded).not.toHaveBeenCalled();
    });

    it("asks the call once more when GET /api/auth still knows the sign-in (a stale token), and changes nothing", async () => {
      firebase.currentUser = fakeUser({});
      const fetchMock = fakeFetch(({ url }) => (url === "/api/auth" ? json(testUser) : undefined));
      const onSessionEnded = vi.fn();
      renderWithEnd(onSessionEnded);
      await screen.findByText("initialized|onboarded|admin:false|org:personal");
      const call = vi
        .fn()
        .mockImplementationOnce(refused)
        .mockResolvedValueOnce({ bills: ["B1"] });
      let answer: unknown;
      await act(async () => {
        answer = await nullWhenSignedOut(call);
      });
      expect(answer).toEqual({ bills: ["B1"] });
      expect(call).toHaveBeenCalledTimes(2);
      // The check: a fresh token and GET /api/auth once more.
      expect(fetchMock.mock.calls.filter(([url]) => url === "/api/auth")).toHaveLength(2);
      expect(screen.getByText("initialized|onboarded|admin:false|org:personal")).toBeTruthy();
      expect(onSessionEnded).not.toHaveBeenCalled();
    });

    it("a call refused again after the check found the sign-in standing ends it: signed out, never a third try", async () => {
      firebase.currentUser = fakeUser({});
      const fetchMock = fakeFetch(({ url }) => (url === "/api/auth" ? json(testUser) : undefined));
      const stagesWhenEnded: string[] = [];
      const onSessionEnded = vi.fn(() => stagesWhenEnded.push(screen.getByText(/\|/).textContent ?? ""));
      renderWithEnd(onSessionEnded);
      await screen.findByText("initialized|onboarded|admin:false|org:personal");
      // Two calls refused together, and again: one check, one sign-out.
      const calls = [vi.fn(refused), vi.fn(refused)];
      await act(async () => {
        expect(await Promise.all(calls.map((call) => nullWhenSignedOut(call)))).toEqual([null, null]);
      });
      await screen.findByText("initialized|anonymous|admin:false|org:personal");
      for (const call of calls) expect(call).toHaveBeenCalledTimes(2);
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(stagesWhenEnded).toEqual(["initialized|onboarded|admin:false|org:personal"]);
      expect(fetchMock.mock.calls.filter(([url]) => url === "/api/auth")).toHaveLength(2);
    });
  });

  it("remembers the selected organization", async () => {
    window.localStorage.setItem("selectedOrganization", "org-7");
    fakeFetch();
    renderProvider();
    await waitFor(() => expect(screen.getByText(/org:org-7/)).toBeTruthy());
  });

  describe("the organization acted for (spec 1 §3 selectedOrganizationInfo)", () => {
    const bakery = { Id: "001000000000001AAA", SalesforceId: "001000000000001AAA", Name: "Bakery", Role: "member" };
    const renderOrganizationProbe = () =>
      render(
        <AuthProvider>
          <OrganizationProbe />
        </AuthProvider>,
      );

    it("keeps a remembered organization the user may act for, with its Id and SalesforceId", async () => {
      window.localStorage.setItem("selectedOrganization", bakery.Id);
      firebase.currentUser = fakeUser({});
      fakeFetch(() => json({ ...testUser, organizations: [bakery] }));
      renderOrganizationProbe();
      await screen.findByText(`onboarded|org:${bakery.Id}|info:${bakery.Id}/${bakery.SalesforceId}`);
    });

    it("falls back to personal, and remembers that, when the remembered organization is not the user's", async () => {
      window.localStorage.setItem("selectedOrganization", "001000000000009AAA");
      firebase.currentUser = fakeUser({});
      fakeFetch(() => json({ ...testUser, organizations: [bakery] }));
      renderOrganizationProbe();
      await screen.findByText("onboarded|org:personal|info:none");
      expect(window.localStorage.getItem("selectedOrganization")).toBe("personal");
    });

    it("switches to one of the user's organizations and back; any other id means personal", async () => {
      window.localStorage.setItem("selectedOrganization", "personal");
      firebase.currentUser = fakeUser({});
      fakeFetch(() => json({ ...testUser, organizations: [bakery] }));
      renderOrganizationProbe();
      await screen.findByText("onboarded|org:personal|info:none");
      act(() => select(bakery.Id));
      await screen.findByText(`onboarded|org:${bakery.Id}|info:${bakery.Id}/${bakery.SalesforceId}`);
      expect(window.localStorage.getItem("selectedOrganization")).toBe(bakery.Id);
      act(() => select("001000000000009AAA"));
      await screen.findByText("onboarded|org:personal|info:none");
      expect(window.localStorage.getItem("selectedOrganization")).toBe("personal");
    });
  });
});
