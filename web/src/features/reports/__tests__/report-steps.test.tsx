import { REPORT_PHOTOS_MAX_BYTES, REPORT_TYPES, reportSteps } from "@contract/reports";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import en from "@/locales/en.json";
import { ReportPage } from "../components/report-page";
import { photosProblem } from "../components/report-steps";

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

  it("an unknown type says 'report type not found'", () => {
    render(<ReportPage item="Spaceship" activityId={null} />);
    expect(screen.getByRole("alert").textContent).toBe(en.Report.TypeNotFound);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(en.Pages.Report);
  });
});
