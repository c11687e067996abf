import { zodResolver } from "@hookform/resolvers/zod";
import { render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import en from "@/locales/en.json";
import { RadioGroupField } from "../choice-fields";
import { FieldErrorSummary } from "../field-error-summary";
import { formFields } from "../form-fields";
import { TextField } from "../text-field";

const ZVisit = z.object({ name: z.string().min(1, "Required"), when: z.enum(["am", "pm"], { message: "Required" }) });
type Visit = z.infer<typeof ZVisit>;

function VisitForm({ onValue }: { onValue: (value: Visit) => void }) {
  const form = useForm<Visit>({ resolver: zodResolver(ZVisit), shouldFocusError: false, defaultValues: { name: "" } });
  const fields = formFields(form, {
    name: { id: "visit-name", label: "Name", hint: "As on your bill." },
    when: { id: "visit-when", summaryId: "visit-when-am", label: "When" },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValue)}>
      <FieldErrorSummary
        errors={form.formState.errors}
        fields={fields.summary}
        submitCount={form.formState.submitCount}
      />
      <TextField {...fields.input("name")} required />
      <RadioGroupField
        {...fields.choice("when")}
        options={[
          { value: "am", label: "Morning" },
          { value: "pm", label: "Afternoon" },
        ]}
      />
      <button type="submit">Book</button>
    </form>
  );
}

describe("formFields", () => {
  it("gives the summary and each control the same id, label and error, in the table's order", async () => {
    render(<VisitForm onValue={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Book" }));
    const links = screen.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      [`Name: ${en.ErrorValidation.Required}`, "#visit-name"],
      [`When: ${en.ErrorValidation.Required}`, "#visit-when-am"],
    ]);
    const name = screen.getByLabelText(`Name (${en.Form.Required})`);
    expect(name.id).toBe("visit-name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("visit-name-hint visit-name-error");
    const when = screen.getByRole("group", { name: "When" });
    expect(when.id).toBe("visit-when");
    expect(document.getElementById("visit-when-error")?.textContent).toBe(en.ErrorValidation.Required);
    expect(screen.getByLabelText("Morning").id).toBe("visit-when-am");
  });

  it("registers each control under its name", async () => {
    const onValue = vi.fn();
    render(<VisitForm onValue={onValue} />);
    await userEvent.type(screen.getByLabelText(`Name (${en.Form.Required})`), "Maria");
    await userEvent.click(screen.getByLabelText("Afternoon"));
    await userEvent.click(screen.getByRole("button", { name: "Book" }));
    expect(onValue).toHaveBeenCalledWith({ name: "Maria", when: "pm" }, expect.anything());
  });

  it("passes the registration's options on: a number field's value is a number", async () => {
    const { result } = renderHook(() => useForm<{ count: number }>());
    const fields = formFields(result.current, { count: { id: "count", label: "Count" } });
    render(<TextField type="number" {...fields.input("count", { valueAsNumber: true })} />);
    await userEvent.type(screen.getByLabelText("Count"), "12");
    expect(result.current.getValues("count")).toBe(12);
  });
});
