import type { Activity } from "@contract/activity";
import { REPORT_PHOTOS_MAX_BYTES, REPORT_TYPES, reportSteps } from "@contract/reports";
import { screen, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { ReportPage } from "../components/report-page";
import { photosProblem } from "../components/report-steps";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The report page as the router shows it, with the app's providers and a signed-in resident. */
function renderPage(item: string, activityId: string | null) {
  const router = createMemoryRouter(
    [{ path: "/report", element: <ReportPage item={item} activityId={activityId} /> }],
    {
      initialEntries: ["/report"],
    },
  );
  return renderWithAppProviders(fakeAuth("onboarded"), router);
}

const gasService = {
  Id: "svc-report-gas",
  Item: "Gas Smell",
  Type: "CUSTOM_FORM",
  Action: "REPORT",
  Published: true,
  Deleted: false,
  Stopper: {
    en: "Leave now and call Nicor Gas at 1-888-642-6748. In danger? Call 911.",
    es: "Salga ahora y llame a Nicor Gas al 1-888-642-6748. ¿En peligro? Llame al 911.",
  },
} as unknown as Activity;

const file = (bytes: number, type = "image/jpeg") => new File([new Uint8Array(bytes)], "p.jpg", { type });

describe("report photos and types", () => {
  it("accepts up to 10 images of 10485760 bytes together, and names what is wrong otherwise", () => {
    expect(REPORT_PHOTOS_MAX_BYTES).toBe(10_485_760);
    expect(photosProblem([file(10), file(REPORT_PHOTOS_MAX_BYTES - 10)])).toBeNull();
    expect(photosProblem([file(10), file(REPORT_PHOTOS_MAX_BYTES)])).toBe("TooLarge");
    expect(photosProblem(Array.from({ length: 10 }, () => file(1)))).toBeNull();
    expect(photosProblem(Array.from({ length: 11 }, () => file(1)))).toBe("TooMany");
    expect(photosProblem([file(1, "application/pdf")])).toBe("NotAnImage");
  });

  it("every report type but dead animal has the photo step (spec 3 §3, §5: only dead animal takes no images)", () => {
    const withoutPhotos = REPORT_TYPES.filter((type) => !reportSteps(type).includes("images"));
    expect(withoutPhotos).toEqual(["deadAnimal"]);
    expect(reportSteps("appFeedback")).toEqual(["description", "images", "rating"]);
    expect(reportSteps("abandonedVehicle")).toEqual(["address", "description", "images"]);
  });

  it("an unknown type says 'report type not found'", async () => {
    fakeFetch((request) => (request.url.includes("/api/activities") ? json([]) : undefined));
    renderPage("Spaceship", null);
    expect((await screen.findByText(en.Report.TypeNotFound)).getAttribute("role")).toBe("alert");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(en.Pages.Report);
  });

  it("a stopped type shows the admin's notice, its numbers as call links, instead of the form (issue 33)", async () => {
    fakeFetch((request) => (request.url.includes("/api/activities") ? json([gasService]) : undefined));
    renderPage("Gas Smell", "svc-report-gas");
    const region = await screen.findByRole("region", { name: en.Report.Stopper.Heading });
    expect(within(region).getByRole("link", { name: "1-888-642-6748" }).getAttribute("href")).toBe("tel:18886426748");
    expect(within(region).getByRole("link", { name: "911" }).getAttribute("href")).toBe("tel:911");
    expect(region.textContent).toContain(en.Report.Stopper.NotFiled);
    expect(screen.queryByRole("button", { name: en.Report.Next })).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(en.Report.Titles.gasLeak);
  });

  it("in Spanish the notice is the Spanish text", async () => {
    await i18n.changeLanguage("es");
    fakeFetch((request) => (request.url.includes("/api/activities") ? json([gasService]) : undefined));
    renderPage("gasLeak", null);
    const region = await screen.findByRole("region", { name: es.Report.Stopper.Heading });
    expect(region.textContent).toContain("Salga ahora y llame a Nicor Gas al 1-888-642-6748.");
  });
});
