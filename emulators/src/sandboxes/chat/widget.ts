/**
 * The stand-in chat widget: what a vendor's chat-assistant script does on a page, at a similar
 * cost (one script that adds a launcher button and a panel), written accessibly so the portal's
 * axe checks stay meaningful with it on the page. Like vendors' widgets it takes two settings from
 * the page: a container to render into (an element with `data-chat-assistant-slot`: the launcher
 * then sits in the page's flow instead of floating over it) and the language, read when it loads and
 * followed when the page changes `<html lang>` (the portal switches language without a reload).
 */
export const WIDGET_SCRIPT = `(function () {
  if (document.getElementById("city-chat-assistant")) return;
  var TEXTS = {
    es: { open: "Chatear con la ciudad", title: "Asistente de la ciudad", body: "Hola. Escriba su pregunta sobre los servicios de la ciudad y le responderemos en horario de oficina.", close: "Cerrar el chat" },
    en: { open: "Chat with the city", title: "City assistant", body: "Hello. Type your question about city services and we will answer during office hours.", close: "Close chat" }
  };
  var slot = document.querySelector("[data-chat-assistant-slot]");
  var root = document.createElement("div");
  root.id = "city-chat-assistant";
  root.style.cssText = slot ? "font:inherit" : "position:fixed;right:1rem;bottom:1rem;z-index:40;font:inherit";
  var panel = document.createElement("section");
  panel.id = "city-chat-assistant-panel";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-labelledby", "city-chat-assistant-title");
  panel.hidden = true;
  panel.style.cssText = "width:min(20rem,calc(100vw - 2rem));margin-bottom:0.5rem;padding:1rem;background:#fff;color:#1b1f24;border:1px solid #5b6570;border-radius:6px;box-shadow:0 4px 16px rgb(0 0 0 / 0.2)";
  var title = document.createElement("h2");
  title.id = "city-chat-assistant-title";

  title.style.cssText = "margin:0 0 0.5rem;font-size:1.125rem";
  var body = document.createElement("p");
  var close = document.createElement("button");
  close.type = "button";

  close.style.cssText = "padding:0.5rem 1rem;font:inherit;color:#fff;background:#0b4f6c;border:0;border-radius:6px;cursor:pointer";
  var launcher = document.createElement("button");
  launcher.type = "button";

  launcher.setAttribute("aria-expanded", "false");
  launcher.setAttribute("aria-controls", panel.id);
  launcher.style.cssText = "display:block;margin-left:auto;min-height:2.75rem;padding:0.5rem 1rem;font:inherit;font-weight:600;color:#fff;background:#0b4f6c;border:2px solid #fff;border-radius:999px;box-shadow:0 2px 8px rgb(0 0 0 / 0.3);cursor:pointer";
  function setOpen(open) {
    panel.hidden = !open;
    launcher.setAttribute("aria-expanded", String(open));
    (open ? close : launcher).focus();
  }
  launcher.addEventListener("click", function () { setOpen(panel.hidden); });
  close.addEventListener("click", function () { setOpen(false); });
  panel.addEventListener("keydown", function (event) { if (event.key === "Escape") setOpen(false); });
  function applyLanguage() {
    var lang = (document.documentElement.lang || "en").slice(0, 2) === "es" ? "es" : "en";
    var text = TEXTS[lang];
    root.lang = lang;
    title.textContent = text.title;
    body.textContent = text.body;
    close.textContent = text.close;
    launcher.textContent = text.open;
  }
  applyLanguage();
  new MutationObserver(applyLanguage).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  panel.append(title, body, close);
  root.append(panel, launcher);
  (slot || document.body).appendChild(root);
})();
`;
