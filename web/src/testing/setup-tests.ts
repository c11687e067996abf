import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import "../../public/runtime-config.js";
import { i18n, initI18n, loadTextArea } from "@/lib/i18n";
import { TEXT_AREAS, type TextArea } from "@/locales/areas";

// jsdom lacks layout and the modal dialog API; these stand-ins keep the real code paths running.
window.scrollTo = () => undefined;
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
}

beforeAll(async () => {
  Object.defineProperty(navigator, "language", { value: "en-US", configurable: true });
  await initI18n();
  // The areas' texts load with their pages' chunks in the app (route-table); the tests render their parts alone.
  for (const area of Object.keys(TEXT_AREAS) as TextArea[]) await loadTextArea(area);
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18n.changeLanguage("en");
});
