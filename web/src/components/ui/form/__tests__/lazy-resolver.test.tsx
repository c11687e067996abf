import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazyResolver } from "../lazy-resolver";

const ZName = z.object({ name: z.string().min(1, { error: "Required" }) });
type NameForm = z.infer<typeof ZName>;

function NameFormView({
  resolver,
  onValid,
}: {
  resolver: ReturnType<typeof lazyResolver<NameForm>>;
  onValid: (values: NameForm) => void;
}) {
  const form = useForm<NameForm>({ resolver, defaultValues: { name: "" } });
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <input aria-label="Name" {...form.register("name")} />
      <p role="alert">{form.formState.errors.name?.message}</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe("lazyResolver", () => {
  it("loads the schema once, on the first validation, and validates with it", async () => {
    const load = vi.fn(async () => zodResolver(ZName));
    const resolver = lazyResolver<NameForm>(load);
    const onValid = vi.fn();
    render(<NameFormView resolver={resolver} onValid={onValid} />);
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("Name"), "Ana");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: "Ana" }, expect.anything()));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shares one load between preload and validation, and loads again after a failed load", async () => {
    const schema = zodResolver(ZName);
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error("offline"));
    load.mockResolvedValue(schema);
    const resolver = lazyResolver<NameForm>(load);
    await expect(resolver.preload()).rejects.toThrow("offline");
    const first = resolver.preload();
    const second = resolver.preload();
    expect(await first).toBe(await second);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
