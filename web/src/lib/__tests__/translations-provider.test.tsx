import { act, render, screen } from "@testing-library/react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { TranslationsProvider } from "@/lib/translations-provider";

const ServiceName = memo(function ServiceName() {
  const { t } = useTranslation();
  return <p>{t("Activity.Item.late-arrival", { defaultValue: "Borrow a garden plot" })}</p>;
});

describe("TranslationsProvider", () => {
  it("re-renders texts already on screen when the server's texts for the current language arrive", async () => {
    await i18n.changeLanguage("es");
    render(
      <TranslationsProvider>
        <ServiceName />
      </TranslationsProvider>,
    );
    expect(screen.getByText("Borrow a garden plot")).toBeTruthy();
    act(() => {
      i18n.addResourceBundle("es", "translation", { Activity: { Item: { "late-arrival": "Huerto" } } }, true, true);
    });
    expect(screen.getByText("Huerto")).toBeTruthy();
  });
});
