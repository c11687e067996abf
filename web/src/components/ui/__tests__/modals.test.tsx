import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ModalProvider, reloadKeepingOpenMessage, useModals, type WarningOptions } from "../modals";

let lastWarningAnswer: boolean | undefined;

function Triggers({ warning }: { warning: WarningOptions }) {
  const modals = useModals();
  return (
    <>
      <button type="button" onClick={() => modals.showError()}>
        fail
      </button>
      <button type="button" onClick={() => modals.showSuccess()}>
        save
      </button>
      <button
        type="button"
        onClick={async () => {
          lastWarningAnswer = await modals.showWarning(warning);
        }}
      >
        delete
      </button>
    </>
  );
}

const warning: WarningOptions = { title: "Delete account?", body: "This cannot be undone.", confirmLabel: "Delete" };

function setup() {
  lastWarningAnswer = undefined;
  render(
    <ModalProvider>
      <Triggers warning={warning} />
    </ModalProvider>,
  );
}

describe("modals (spec 1 §8)", () => {
  it("error modal: 'Oops', generic body, Close returns focus", async () => {
    setup();
    const trigger = screen.getByRole("button", { name: "fail" });
    await userEvent.click(trigger);
    const dialog = screen.getByRole("dialog", { name: "Oops" });
    expect(dialog.textContent).toContain("Something went wrong. Please try again later.");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("success modal: 'Success', changes saved, Okay", async () => {
    setup();
    await userEvent.click(screen.getByRole("button", { name: "save" }));
    const dialog = screen.getByRole("dialog", { name: "Success" });
    expect(dialog.textContent).toContain("Your changes have been saved.");
    await userEvent.click(screen.getByRole("button", { name: "Okay" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("warning modal: two buttons, resolves with the choice", async () => {
    setup();
    await userEvent.click(screen.getByRole("button", { name: "delete" }));
    expect(screen.getByRole("dialog", { name: "Delete account?" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(lastWarningAnswer).toBe(true);

    await userEvent.click(screen.getByRole("button", { name: "delete" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(lastWarningAnswer).toBe(false);
  });

  it("Escape (the dialog's cancel event) closes it", async () => {
    setup();
    await userEvent.click(screen.getByRole("button", { name: "delete" }));
    const dialog = screen.getByRole("dialog");
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    await screen.findByRole("button", { name: "delete" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(lastWarningAnswer).toBe(false);
  });
});

function ShowCaseNumber() {
  const modals = useModals();
  return (
    <button type="button" onClick={() => modals.showSuccess("Your case number is LPI-2026-00017.")}>
      create
    </button>
  );
}

describe("a reload the app makes itself", () => {
  it("carries an open message over to the new document, once", async () => {
    const first = render(
      <ModalProvider>
        <ShowCaseNumber />
      </ModalProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "create" }));
    reloadKeepingOpenMessage(); // jsdom does not navigate; the next provider plays the new document
    first.unmount();

    const second = render(
      <ModalProvider>
        <ShowCaseNumber />
      </ModalProvider>,
    );
    expect(screen.getByRole("dialog").textContent).toContain("Your case number is LPI-2026-00017.");
    second.unmount();

    render(
      <ModalProvider>
        <ShowCaseNumber />
      </ModalProvider>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closed before the new page has a heading, gives focus to the heading when it comes", async () => {
    const first = render(
      <ModalProvider>
        <ShowCaseNumber />
      </ModalProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "create" }));
    reloadKeepingOpenMessage();
    first.unmount();
    render(<ModalProvider>{null}</ModalProvider>);
    await userEvent.click(screen.getByRole("button", { name: "Okay" }));
    expect(document.activeElement).toBe(document.body);

    const heading = document.createElement("h1");
    heading.textContent = "Pay late-payment interest";
    document.body.append(heading);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(heading);
    heading.remove();
  });
});
