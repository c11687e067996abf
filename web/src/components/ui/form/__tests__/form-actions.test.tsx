import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FormActions, SubmitButton } from "../form-actions";

describe("FormActions", () => {
  it("puts the primary action first; one without onClick submits the form, the others only run theirs", async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onCancel = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <FormActions
          className="account-form__actions"
          actions={[
            { label: "Save", disabled: false },
            { label: "Cancel", onClick: onCancel },
          ]}
        />
      </form>,
    );
    const [save, cancel] = screen.getAllByRole("button");
    expect(save?.textContent).toBe("Save");
    expect(save?.getAttribute("type")).toBe("submit");
    expect(save?.className).toBe("button button--primary");
    expect(cancel?.getAttribute("type")).toBe("button");
    expect(cancel?.className).toBe("button button--secondary");
    expect(save?.parentElement?.className).toBe("account-form__actions");

    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("keeps a look it is given, and disables an action while its work is pending", () => {
    render(
      <FormActions
        className="form-actions"
        actions={[
          { label: "Change", onClick: () => undefined, look: "secondary" },
          { label: "Remove", onClick: () => undefined, disabled: true, look: "plain" },
        ]}
      />,
    );
    expect(screen.getByRole("button", { name: "Change" }).className).toBe("button button--secondary");
    const remove = screen.getByRole("button", { name: "Remove" }) as HTMLButtonElement;
    expect(remove.className).toBe("button");
    expect(remove.disabled).toBe(true);
  });
});

describe("SubmitButton", () => {
  it("is the form's primary submit button, disabled while pending", () => {
    const { rerender } = render(<SubmitButton pending={false}>Send</SubmitButton>);
    const button = screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(button.type).toBe("submit");
    expect(button.className).toBe("button button--primary");
    expect(button.disabled).toBe(false);
    rerender(<SubmitButton pending>Send</SubmitButton>);
    expect(button.disabled).toBe(true);
  });
});
