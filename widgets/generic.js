// The generic board: any game without a board of its own. Its view as a table and
// every legal action as a button (data-action="<notation>").
import { mountBoard, h } from "./common.js";

function valueNode(v) {
  if (v === null || v === undefined) return h("span", { class: "bg-muted" }, "\u2014");
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "bg-muted" }, "none");
    if (v.every((x) => typeof x !== "object" || x === null)) return h("span", null, v.join(", "));
    return h("ol", { class: "gen-list" }, v.map((x) => h("li", null, valueNode(x))));
  }
  if (typeof v === "object") {
    return h("dl", { class: "gen-dl" }, Object.entries(v).map(([k, x]) => [h("dt", null, k), h("dd", null, valueNode(x))]));
  }
  return h("span", null, String(v));
}

function renderMain(ctx) {
  const v = ctx.view || {};
  const skip = new Set(["game", "options", "viewer", "players"]);
  const table = h("dl", { class: "gen-dl gen-view" },
    Object.entries(v).filter(([k]) => !skip.has(k)).map(([k, x]) => [h("dt", null, k), h("dd", null, valueNode(x))]));
  const acts = ctx.legal.map((a) => ctx.actionButton(a, a)).filter(Boolean);
  return [table, acts.length ? h("section", { class: "bg-section" }, h("h4", null, "Legal actions"),
    h("div", { class: "bg-row" }, acts)) : null];
}

function render({ model, el, host, signal }) {
  return mountBoard({ model, el, host, signal }, {
    game: model.get("game_name") || "game",
    title: () => model.get("game_name"),
    renderMain,
  });
}

export default { render };
