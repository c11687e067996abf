import { describe, expect, it } from "vitest";
import { connectorAccessor, lazyConnectorAccessor } from "./accessor";

interface Greeter {
  greet(name: string): Promise<string>;
}

describe("connector accessors", () => {
  it("make one instance, on first use", () => {
    let made = 0;
    const accessor = connectorAccessor(() => ({ id: ++made }));
    expect(made).toBe(0);
    expect(accessor()).toBe(accessor());
    expect(made).toBe(1);
  });

  it("load a heavy adapter on the first method call only, once, and again after a failed load", async () => {
    let loads = 0;
    let failNext = true;
    const accessor = lazyConnectorAccessor<Greeter>(async () => {
      loads++;
      if (failNext) {
        failNext = false;
        throw new Error("module not found");
      }
      return { greet: async (name) => `hello ${name}` };
    });
    const greeter = accessor();
    expect(loads).toBe(0);
    await expect(greeter.greet("a")).rejects.toThrow("module not found");
    expect(await greeter.greet("b")).toBe("hello b");
    expect(await accessor().greet("c")).toBe("hello c");
    expect(loads).toBe(2);
  });
});
