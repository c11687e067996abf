import { zodResolver } from "@hookform/resolvers/zod";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { TRANSLATED_ERROR } from "../field";
import { FieldErrorSummary } from "../field-error-summary";
import { formFields } from "../form-fields";
import { errorNames, SERVER_ERROR, useFormSteps } from "../form-steps";
import { SelectField } from "../select-field";
import { TextField } from "../text-field";

/** A size is asked for big parcels only: its check depends on another field. */
const ZParcel = z
  .object({ kind: z.string(), size: z.string(), note: z.string().min(1, "Required"), code: z.string() })
  .superRefine((parcel, ctx) => {
    if (parcel.kind === "big" && !parcel.size) ctx.addIssue({ code: "custom", path: ["size"], message: "Required" });
  });
type Parcel = z.infer<typeof ZParcel>;

const STEPS: (keyof Parcel)[][] = [
  ["kind", "size"],
  ["note", "code"],
];

function ParcelForm({
  onSend,
  formRef,
}: {
  onSend: (value: Parcel) => void;
  formRef?: { current?: UseFormReturn<Parcel> };
}) {
  const form = useForm<Parcel>({
    resolver: zodResolver(ZParcel),
    shouldFocusError: false,
    defaultValues: { kind: "big", size: "", note: "", code: "" },
  });
  if (formRef) formRef.current = form;
  const steps = useFormSteps(form);
  const [index, setIndex] = useState(0);
  const fields = formFields(form, {
    kind: { id: "parcel-kind", label: "Kind" },
    size: { id: "parcel-size", label: "Size" },
    note: { id: "parcel-note", label: "Note" },
    code: { id: "parcel-code", label: "Code" },
  });
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!(await steps.check(STEPS[index] ?? []))) return;
        if (index === 0) setIndex(1);
        else onSend(form.getValues());
      }}
    >
      <FieldErrorSummary errors={form.formState.errors} fields={fields.summary} submitCount={steps.submitCount} />
      {index === 0 ? (
        <>
          <SelectField
            {...fields.input("kind")}
            options={[
              { value: "big", label: "Big" },
              { value: "small", label: "Small" },
            ]}
          />
          <TextField {...fields.input("size")} />
        </>
      ) : (
        <>
          <TextField {...fields.input("note")} required />
          <TextField {...fields.input("code")} />
          <button
            type="button"
            onClick={() => {
              form.setError("code", { type: SERVER_ERROR, message: "Report.PhotoProblems.TooLarge" });
              steps.failed();
            }}
          >
            Refuse
          </button>
        </>
      )}
      <button type="submit">Next</button>
    </form>
  );
}

const summaryLinks = () =>
  screen.queryAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")] as const);
const summary = () => document.querySelector(".error-summary");
const next = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));
const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sizeRequired = [`Size: ${en.ErrorValidation.Required}`, "#parcel-size"] as const;

describe("useFormSteps", () => {
  it("checks only the current step's fields and focuses the summary", async () => {
    render(<ParcelForm onSend={vi.fn()} />);
    next();
    // The next step's note is empty too, but not this step's business.
    await vi.waitFor(() => expect(summaryLinks()).toEqual([sizeRequired]));
    await vi.waitFor(() => expect(document.activeElement).toBe(summary()));
    expect(screen.getByLabelText("Size").getAttribute("aria-invalid")).toBe("true");
    change("Size", "4");
    await vi.waitFor(() => expect(summary()).toBeNull());
    next();
    await screen.findByLabelText(`Note (${en.Form.Required})`);
    expect(summary()).toBeNull();
  });

  it("lets an error go once its field is right, even by another field's change; a field that turns wrong waits for the next try", async () => {
    render(<ParcelForm onSend={vi.fn()} />);
    next();
    await vi.waitFor(() => expect(summaryLinks()).toEqual([sizeRequired]));
    // The size stops being asked for: its error goes, without another try.
    change("Kind", "small");
    await vi.waitFor(() => expect(summary()).toBeNull());
    expect(screen.getByLabelText("Size").getAttribute("aria-invalid")).toBeNull();
    // Wrong again: a change checks only the fields that show an error, so nothing is shown...
    change("Kind", "big");
    change("Size", "");
    // The checks run on promises: once a timer fires, any check a change started has ended.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(summary()).toBeNull();
    // ...until the next try.
    next();
    await vi.waitFor(() => expect(summaryLinks()).toEqual([sizeRequired]));
  });

  it("lists a server's reason, given as a translation key, beside the schema's errors; it stays through other changes and goes when its field changes", async () => {
    const onSend = vi.fn();
    render(<ParcelForm onSend={onSend} />);
    change("Kind", "small");
    next();
    await screen.findByLabelText(`Note (${en.Form.Required})`);
    next();
    await vi.waitFor(() => expect(summaryLinks()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Refuse" }));
    await vi.waitFor(() =>
      expect(summaryLinks()).toEqual([
        [`Note: ${en.ErrorValidation.Required}`, "#parcel-note"],
        [`Code: ${en.Report.PhotoProblems.TooLarge}`, "#parcel-code"],
      ]),
    );
    expect(document.getElementById("parcel-code-error")?.textContent).toBe(en.Report.PhotoProblems.TooLarge);
    // The summary takes focus again for the refusal.
    await vi.waitFor(() => expect(document.activeElement).toBe(summary()));

    change(`Note (${en.Form.Required})`, "Fragile");
    await vi.waitFor(() =>
      expect(summaryLinks()).toEqual([[`Code: ${en.Report.PhotoProblems.TooLarge}`, "#parcel-code"]]),
    );
    change("Code", "7");
    await vi.waitFor(() => expect(summary()).toBeNull());
    next();
    await vi.waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({ kind: "small", size: "", note: "Fragile", code: "7" }),
    );
  });

  it("names nested errors by their dotted path", () => {
    expect(
      errorNames({
        details: { container: { type: "custom", message: "Required" }, type: { type: "server", message: "Invalid" } },
        photos: { type: "server", message: "Report.PhotoProblems.TooLarge" },
      }),
    ).toEqual(["details.container", "details.type", "photos"]);
  });
});

describe("an error's text", () => {
  it("translates a reason, a whole key (in the current language), or shows a translated sentence as it is", async () => {
    const formRef: { current?: UseFormReturn<Parcel> } = {};
    render(<ParcelForm onSend={vi.fn()} formRef={formRef} />);
    const show = (message: string, type = "custom") => act(() => formRef.current?.setError("size", { type, message }));
    const shown = () => document.getElementById("parcel-size-error")?.textContent;
    show("Required");
    expect(shown()).toBe(en.ErrorValidation.Required);
    show("Report.AddressProblems.OutsideCity", SERVER_ERROR);
    expect(shown()).toBe(en.Report.AddressProblems.OutsideCity);
    show("Ya existe un paquete con ese número.", TRANSLATED_ERROR);
    expect(shown()).toBe("Ya existe un paquete con ese número.");
    // A key of a group of texts, or an unknown code, is not shown as it is.
    show("Report.AddressProblems");
    expect(shown()).toBe(en.ErrorValidation.Invalid);
    show("NoSuchReason");
    expect(shown()).toBe(en.ErrorValidation.Invalid);
    show("Report.AddressProblems.OutsideCity", SERVER_ERROR);
    await act(() => i18n.changeLanguage("es"));
    expect(shown()).toBe(es.Report.AddressProblems.OutsideCity);
    await act(() => i18n.changeLanguage("en"));
  });
});
