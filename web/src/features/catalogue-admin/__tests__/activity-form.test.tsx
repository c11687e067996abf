import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import en from "@/locales/en.json";
import { ActivityForm, type ActivityFormValues, emptyFormValues } from "../components/activity-form";

function renderForm(onSubmit: (values: ActivityFormValues) => Promise<void>, popularServicesEnabled = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ActivityForm
        mode="create"
        defaultValues={emptyFormValues("FIND")}
        popularServicesEnabled={popularServicesEnabled}
        onSubmit={onSubmit}
      />
    </QueryClientProvider>,
  );
}

describe("ActivityForm", () => {
  it("an empty submit shows the error summary, focused, linking to each invalid field", async () => {
    const onSubmit = vi.fn(async (_values: ActivityFormValues) => undefined);
    renderForm(onSubmit);
    await userEvent.click(screen.getByRole("button", { name: en.ActivityAdmin.Create }));
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain(en.Util.FormContainsErrors);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const name = screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.item}`));
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBeTruthy();
    const link = screen.getByRole("link", { name: `${en.ActivityAdmin.Field.item}: ${en.ErrorValidation.Required}` });
    await userEvent.click(link);
    expect(document.activeElement).toBe(name);
    expect(
      screen.getByRole("link", { name: `${en.ActivityAdmin.Field.type}: ${en.ErrorValidation.Required}` }),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for the type's own fields and needs no description while popular services are on", async () => {
    const onSubmit = vi.fn(async (_values: ActivityFormValues) => undefined);
    renderForm(onSubmit, true);
    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.item}`)), "City jobs");
    await userEvent.selectOptions(
      screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.type}`)),
      "EXTERNAL_LINK",
    );
    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.externalLink}`)), "jobs");
    await userEvent.click(screen.getByRole("button", { name: en.ActivityAdmin.Create }));
    expect(
      await screen.findByRole("link", {
        name: `${en.ActivityAdmin.Field.externalLink}: ${en.ErrorValidation.Invalid}`,
      }),
    ).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.externalLink}`)));
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.externalLink}`)),
      "https://jobs.example.gov",
    );
    await userEvent.click(screen.getByRole("button", { name: en.ActivityAdmin.Create }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      item: "City jobs",
      type: "EXTERNAL_LINK",
      externalLink: "https://jobs.example.gov",
      description: null,
    });
  });

  it("puts the API's field errors on the fields", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, "bad_request", "Invalid body.", { "body.item": "Invalid" });
    });
    renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.item}`)), "Garden");
    await userEvent.selectOptions(screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.type}`)), "CONTENT");
    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.description}`)), "Plots.");
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${en.ActivityAdmin.Field.content}`)),
      "Plots open in April.",
    );
    await userEvent.click(screen.getByRole("button", { name: en.ActivityAdmin.Create }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(
      await screen.findByRole("link", { name: `${en.ActivityAdmin.Field.item}: ${en.ErrorValidation.Invalid}` }),
    ).toBeTruthy();
  });
});
