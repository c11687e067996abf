import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import en from "@/locales/en.json";
import { AddressFields } from "../address-fields";
import { applyApiFieldErrors } from "../api-errors";
import { CheckboxField, CheckboxGroupField, RadioGroupField } from "../choice-fields";
import { FieldErrorSummary } from "../field-error-summary";
import { centsToDollars, dollarsToCents, MoneyField } from "../money-field";
import { PhoneField } from "../phone-field";
import { TextField } from "../text-field";

describe("TextField", () => {
  it("ties its hint and translated error to the input and marks it required in the label", () => {
    render(<TextField id="city" label="City" hint="Where you live." required error={{ message: "Required" }} />);
    const input = screen.getByLabelText(`City (${en.Form.Required})`);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("city-hint city-error");
    expect(document.getElementById("city-hint")?.textContent).toBe("Where you live.");
    expect(document.getElementById("city-error")?.textContent).toBe(en.ErrorValidation.Required);
  });

  it("reads an unknown reason as 'Invalid', and shows a sentence given as text as it is", () => {
    const { rerender } = render(<TextField id="a" label="A" error={{ message: "no.such.reason" }} />);
    expect(document.getElementById("a-error")?.textContent).toBe(en.ErrorValidation.Invalid);
    rerender(<TextField id="a" label="A" error="Already taken." />);
    expect(document.getElementById("a-error")?.textContent).toBe("Already taken.");
  });

  it("keeps the ids a caller adds to aria-describedby", () => {
    render(<TextField id="q" label="Search" hint="3 letters" aria-describedby="q-status" />);
    expect(screen.getByLabelText("Search").getAttribute("aria-describedby")).toBe("q-hint q-status");
  });
});

function PhoneForm({ onValue }: { onValue: (value: string) => void }) {
  const form = useForm({ defaultValues: { phone: "" } });
  return (
    <form onSubmit={form.handleSubmit((values) => onValue(values.phone))}>
      <PhoneField id="phone" label="Phone" {...form.register("phone")} />
      <button type="submit">Send</button>
    </form>
  );
}

describe("PhoneField", () => {
  it("masks what is typed as (999) 999-9999 and the form gets the masked value", async () => {
    const onValue = vi.fn();
    render(<PhoneForm onValue={onValue} />);
    await userEvent.type(screen.getByLabelText("Phone"), "18475550142");
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("(847) 555-0142");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onValue).toHaveBeenCalledWith("(847) 555-0142");
  });
});

function MoneyForm({ onValue }: { onValue: (value: number | null) => void }) {
  const form = useForm<{ amount: number | null }>({ defaultValues: { amount: 1999 } });
  return (
    <form onSubmit={form.handleSubmit((values) => onValue(values.amount))}>
      <Controller
        control={form.control}
        name="amount"
        render={({ field }) => (
          <MoneyField id="amount" label="Amount" value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
        )}
      />
      <button type="submit">Pay</button>
    </form>
  );
}

describe("money", () => {
  it.each([
    ["", null],
    ["12", 1200],
    ["12.5", 1250],
    ["$1,250.05", 125005],
    [".75", 75],
    ["0.10", 10],
  ])("reads %j as %j cents", (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each(["12.345", "abc", "1.2.3", "-5"])("reads %j as not an amount", (text) => {
    expect(dollarsToCents(text)).toBeNaN();
  });

  it("shows cents as dollars", () => {
    expect(centsToDollars(125005)).toBe("1250.05");
    expect(centsToDollars(7)).toBe("0.07");
    expect(centsToDollars(null)).toBe("");
  });

  it("gives the form integer cents and tidies the text when left", async () => {
    const onValue = vi.fn();
    render(<MoneyForm onValue={onValue} />);
    const input = screen.getByLabelText("Amount") as HTMLInputElement;
    expect(input.value).toBe("19.99");
    await userEvent.clear(input);
    await userEvent.type(input, "40.5");
    expect(input.value).toBe("40.5");
    await userEvent.tab();
    expect(input.value).toBe("40.50");
    await userEvent.click(screen.getByRole("button", { name: "Pay" }));
    expect(onValue).toHaveBeenCalledWith(4050);
  });
});

type Places = { places: { address1: string; address2: string; city: string; state: string; zip: string }[] };

function PlacesForm({ onValue }: { onValue: (values: Places) => void }) {
  const form = useForm<Places>({
    defaultValues: { places: [{ address1: "", address2: "", city: "", state: "", zip: "" }] },
  });
  return (
    <form
      onSubmit={form.handleSubmit((values) => {
        if (!values.places[0]?.address1) {
          form.setError("places.0.address1", { message: "Required" });
          return;
        }
        onValue(values);
      })}
    >
      <FieldErrorSummary
        errors={form.formState.errors}
        fields={[{ name: "places.0.address1", id: "place-0-address1", label: "Street" }]}
        submitCount={form.formState.submitCount}
      />
      <AddressFields
        idPrefix="place-0"
        namePrefix="places.0"
        register={form.register}
        errors={form.formState.errors}
        required
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe("AddressFields", () => {
  it("registers its parts under the name prefix, limits the ZIP and shows nested errors", async () => {
    const onValue = vi.fn();
    render(<PlacesForm onValue={onValue} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const street = screen.getByLabelText(`${en.Form.Address.address1} (${en.Form.Required})`);
    expect(street.id).toBe("place-0-address1");
    expect(street.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("link", { name: `Street: ${en.ErrorValidation.Required}` })).toBeTruthy();
    // The unit is never required.
    expect(screen.getByLabelText(en.Form.Address.address2)).toBeTruthy();

    await userEvent.type(street, "412 Highland Ave");
    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.Form.Address.city}`)), "Elgin");
    await userEvent.selectOptions(screen.getByLabelText(new RegExp(`^${en.Form.Address.state}`)), "IL");
    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.Form.Address.zip}`)), "60123-9999");
    expect((screen.getByLabelText(new RegExp(`^${en.Form.Address.zip}`)) as HTMLInputElement).value).toBe("60123");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onValue).toHaveBeenCalledWith({
      places: [{ address1: "412 Highland Ave", address2: "", city: "Elgin", state: "IL", zip: "60123" }],
    });
  });
});

function RadioForm() {
  const form = useForm<{ method: string }>({ defaultValues: { method: "" } });
  return (
    <RadioGroupField
      id="method"
      legend="How to pay"
      required
      error={{ message: "Required" }}
      options={[
        { value: "card", label: "Card" },
        { value: "bank", label: "Bank account" },
      ]}
      registration={form.register("method")}
    />
  );
}

function Tabs() {
  const [value, setValue] = useState("list");
  return (
    <>
      <RadioGroupField
        id="view"
        legend="View"
        options={[
          { value: "list", label: "List" },
          { value: "map", label: "Map" },
        ]}
        value={value}
        onValueChange={setValue}
      />
      <p>shown: {value}</p>
    </>
  );
}

function Permits({ onValue }: { onValue: (value: { permits: string[] }) => void }) {
  const form = useForm<{ permits: string[] }>({ defaultValues: { permits: [] } });
  return (
    <form onSubmit={form.handleSubmit(onValue)}>
      <CheckboxGroupField
        id="permits"
        legend="Permits"
        required
        error={{ message: "Required" }}
        options={[
          { value: "fence", label: "Fence" },
          { value: "deck", label: "Deck" },
        ]}
        registration={form.register("permits")}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe("choices", () => {
  it("a radio group ties its error to the group and registers each radio", async () => {
    render(<RadioForm />);
    const group = screen.getByRole("group");
    expect(group.querySelector("legend")?.textContent).toBe(`How to pay (${en.Form.Required})`);
    expect(group.getAttribute("aria-describedby")).toBe("method-error");
    await userEvent.click(screen.getByLabelText("Bank account"));
    expect((screen.getByLabelText("Bank account") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText("Card").getAttribute("aria-invalid")).toBe("true");
  });

  it("a radio group kept in state names its radios by the group and reports the choice; only the checkbox group's fieldset takes focus", async () => {
    render(<Tabs />);
    expect((screen.getByLabelText("List") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText("Map").getAttribute("name")).toBe("view");
    await userEvent.click(screen.getByLabelText("Map"));
    expect(screen.getByText("shown: map")).toBeTruthy();
    expect(screen.getByRole("group").hasAttribute("tabindex")).toBe(false);
  });

  it("a checkbox group gathers the ticked values, ties its error to the group and can take focus", async () => {
    const onValue = vi.fn();
    render(<Permits onValue={onValue} />);
    const group = screen.getByRole("group");
    expect(group.getAttribute("tabindex")).toBe("-1");
    expect(group.getAttribute("aria-describedby")).toBe("permits-error");
    expect(group.querySelector("legend")?.textContent).toBe(`Permits (${en.Form.Required})`);
    expect(screen.getByLabelText("Deck").getAttribute("type")).toBe("checkbox");
    await userEvent.click(screen.getByLabelText("Fence"));
    await userEvent.click(screen.getByLabelText("Deck"));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onValue.mock.calls[0]?.[0]).toEqual({ permits: ["fence", "deck"] });
  });

  it("a checkbox has its label after it and its error tied to it", () => {
    render(<CheckboxField id="terms" label="I agree" error={{ message: "Required" }} />);
    const box = screen.getByLabelText("I agree");
    expect(box.getAttribute("type")).toBe("checkbox");
    expect(box.getAttribute("aria-describedby")).toBe("terms-error");
  });
});

describe("applyApiFieldErrors", () => {
  it("puts a 400's body.* reasons on the named fields and says it did", () => {
    const setError = vi.fn();
    const refused = new ApiError(400, "bad_request", "Invalid body.", {
      "body.zip": "Invalid",
      "body.additionalProperties.0.city": "Required",
    });
    expect(applyApiFieldErrors(refused, setError)).toBe(true);
    expect(setError).toHaveBeenCalledWith("zip", { type: "server", message: "Invalid" }, { shouldFocus: false });
    expect(setError).toHaveBeenCalledWith(
      "additionalProperties.0.city",
      { type: "server", message: "Required" },
      { shouldFocus: false },
    );
  });

  it("keeps to the fields the form has, and leaves anything else to the caller", () => {
    const setError = vi.fn();
    const refused = new ApiError(400, "bad_request", "Invalid body.", { "body.other": "Invalid" });
    expect(applyApiFieldErrors(refused, setError, { only: ["zip"] })).toBe(false);
    expect(applyApiFieldErrors(new ApiError(503, "unavailable", "Down"), setError)).toBe(false);
    expect(applyApiFieldErrors(new Error("network"), setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
