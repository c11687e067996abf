import { describe, expect, it } from "vitest";
import { writtenIn } from "./text-language";

describe("writtenIn", () => {
  it("tells the CRM's English staff texts from Spanish ones", () => {
    expect(writtenIn("Please send a photo of the damaged sidewalk panel so the crew can size the repair.")).toBe("en");
    expect(writtenIn("A crew will size the repair once the photo arrives.")).toBe("en");
    expect(writtenIn("Light burned out on the pole in front of the house. (138 HIGHLAND AVE)")).toBe("en");
    expect(writtenIn("Envíe una foto del panel de la acera dañado.")).toBe("es");
    expect(writtenIn("La luz del poste frente a la casa está apagada.")).toBe("es");
  });

  it("says nothing of an empty text, a word or two (a picklist value the page translates)", () => {
    expect(writtenIn(null)).toBeUndefined();
    expect(writtenIn("")).toBeUndefined();
    expect(writtenIn("Open")).toBeUndefined();
    expect(writtenIn("On Hold")).toBeUndefined();
  });
});
