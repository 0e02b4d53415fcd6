// Shared browser half of every board (plain ESM, no build step).
//
// A board module (widgets/<game>.js) imports what it needs from this file with one
// line, `import { mountBoard, h } from "./common.js";`. Python (boardgames/ui/assets.py)
// inlines this file in place of that line, so anywidget gets one module per board.
//
// The browser never holds game state: it draws the traits Python publishes (view,
// legal, log, history, chance, version, error ...) and sends messages:
//   {type: "intent", action: "<notation>", version: <the view version it was chosen on>}
// plus the common controls (undo, redo, roll, auto_roll, agents, new, fork, scrub, save,
// load). Every element that performs a legal action carries data-action="<notation>";
// the board's root carries data-game and data-version (test hooks, keep them).

/** Create an element: h("button", {class: "x", "data-action": "pass", onclick: f}, "Pass"). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
      else if (k.startsWith("on") && typeof v === "function") listen(el, k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** el.addEventListener, marking el: a redraw never reuses a marked element for another
 *  (its listener may hold data of the view it was made for), it replaces it. */
export function listen(el, type, fn, opts) {
  el.bgListens = true;
  el.addEventListener(type, fn, opts);
  return el;
}

// ---------------------------------------------------------------------- incremental draw
// A draw builds the new tree with h() (detached, cheap), then patches the live tree to
// match it: elements of the same tag (and data-key) at the same place are kept and only
// their changed attributes and texts are set; the others are moved in from the new tree.
// Unchanged parts are not restyled or laid out again, focus and scroll stay put.
function sameKind(a, b) {
  if (a.nodeName !== b.nodeName) return false;  // (the node type is in the name: #text ...)
  if (a.nodeType !== 1) return true;
  return !a.bgListens && !b.bgListens && a.namespaceURI === b.namespaceURI
    && a.getAttribute("data-key") === b.getAttribute("data-key");
}

function patchNode(a, b) {
  if (a.nodeType !== 1) {
    if (a.data !== b.data) a.data = b.data;
    return;
  }
  if (b.bgMemo) b.bgMemo.node = a;  // the live element of a memoised part
  const ba = b.attributes;
  const n = ba.length;
  for (let i = 0; i < n; i++) {
    const attr = ba[i];
    const value = attr.value;
    if (a.getAttribute(attr.name) !== value) a.setAttribute(attr.name, value);
  }
  const aa = a.attributes;
  if (aa.length !== n) {  // a has attributes b has not
    for (let i = aa.length - 1; i >= 0; i--) {
      const name = aa[i].name;
      if (!b.hasAttribute(name)) a.removeAttribute(name);
    }
  }
  if (a.firstChild || b.firstChild) patchChildren(a, b);
  const tag = a.tagName;
  if ((tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") && a !== document.activeElement) {
    if (a.value !== b.value) a.value = b.value;
  }
  if (tag === "INPUT" && a.checked !== b.checked) a.checked = b.checked;
}

// A memoised part (ctx.memo) drawn again unchanged: this placeholder stands for the live
// element, which the patch keeps as it is (or moves to the placeholder's place).
const KEEP = "BG-KEEP";

/** A new subtree about to be moved into the live tree: its placeholders become the live
 *  elements they stand for. */
function resolveKept(node) {
  if (node.nodeType !== 1) return node;
  if (node.nodeName === KEEP) return node.bgKeep;
  if (node.firstElementChild) {
    for (const ph of node.querySelectorAll("bg-keep")) ph.replaceWith(ph.bgKeep);
  }
  if (node.bgMemo) node.bgMemo.node = node;
  return node;
}

/** Make the children of the live element `a` those of the new element `b` (whose
 *  children are moved into `a` where they cannot be patched in). */
export function patchChildren(a, b) {
  let ac = a.firstChild;
  let bc = b.firstChild;
  while (bc) {
    const next = bc.nextSibling;
    if (bc.nodeName === KEEP) {
      const keep = bc.bgKeep;
      if (ac === keep) ac = ac.nextSibling;
      else a.insertBefore(keep, ac);
    } else if (!ac) {
      a.appendChild(resolveKept(bc));
    } else if (sameKind(ac, bc)) {
      patchNode(ac, bc);
      ac = ac.nextSibling;
    } else {
      const an = ac.nextSibling;
      if (an && sameKind(an, bc)) {  // ac is gone
        a.removeChild(ac);
        patchNode(an, bc);
        ac = an.nextSibling;
      } else if (next && sameKind(ac, next)) {  // bc is new
        a.insertBefore(resolveKept(bc), ac);
      } else {  // bc takes ac's place
        a.replaceChild(resolveKept(bc), ac);
        ac = an;
      }
    }
    bc = next;
  }
  while (ac) {
    const next = ac.nextSibling;
    a.removeChild(ac);
    ac = next;
  }
}

/** Okabe-Ito colour-blind-safe palette class for a player index. */
export function playerClass(p) {
  return p === null || p === undefined || p < 0 ? "bg-p-none" : `bg-p${p % 7}`;
}

/** A probability row {p: "1/6", prob: 0.1666} as "16.7%" plus the exact fraction
 *  (shortened on screen when huge; the full fraction is in the title). */
export function probText(row) {
  const pct = row.prob * 100;
  const shown = pct > 0 && pct < 0.1 ? "<0.1" : pct.toFixed(1);
  const exact = row.p.length > 24 ? `${row.p.split("/")[0].length}-digit fraction` : row.p;
  return h("span", { class: "bg-probtext", title: `exactly ${row.p}` },
    h("strong", null, `${shown}%`), h("span", { class: "bg-exact" }, ` ${exact}`));
}

/** Dice faces: `hits` dice showing a hit (a 1) among `dice`; misses are blank faces.
 *  opts.fresh: animate them falling (after opts.delay ms). */
export function diceRow(dice, hits, opts = {}) {
  const max = opts.max ?? 24;
  const delay = opts.delay ?? 0;
  const row = h("span", { class: "bg-dice-row" + (opts.fresh ? " bg-fresh" : ""),
    "aria-label": `${dice} dice, ${hits} hit${hits === 1 ? "" : "s"}` });
  for (let i = 0; i < Math.min(dice, max); i++) {
    const hit = i < hits;
    row.append(h("span", { class: "bg-die" + (hit ? " bg-hit" : ""),
      style: { animationDelay: `${delay + Math.min(i, 12) * 40}ms` },
      title: hit ? "hit (rolled a 1)" : "miss (rolled 2-6)" }, hit ? "\u2680" : ""));
  }
  if (dice > max) row.append(h("span", { class: "bg-more" }, `+${dice - max}`));
  return row;
}

const CONTROL_TYPES = new Set(["undo", "redo", "roll"]);

// ---------------------------------------------------------------------- glossary
// A board publishes glossary = {name: what it does} from the game's own data; an
// element standing for one of those names gets describe(): the text as its tooltip and,
// for screen readers, aria-describedby pointing at the board's hidden glossary entry.
let boardCount = 0;
const glossaryIds = new WeakMap();  // glossary object -> Map(name -> index)

function glossaryIndex(glossary) {
  let m = glossaryIds.get(glossary);
  if (!m) {
    m = new Map(Object.keys(glossary).map((k, i) => [k, i]));
    glossaryIds.set(glossary, m);
  }
  return m;
}

/**
 * Mount a board: `spec` = {game, title(ctx), renderMain(ctx), renderDice?(ctx),
 * themeClass?(ctx), afterDraw?(ctx, content)}. ctx.take(notation) returns the notation if
 * it is legal, live and not yet placed on an element (then mark that element with
 * data-action), else null. Each draw builds a new tree that is patched into the live one
 * (see patchChildren): listeners go on the board (delegated) or through listen(), and
 * code run after a draw looks elements up in the live tree (afterDraw), not in the new
 * one. Returns the cleanup function, with .redraw() (draw now) and .root.
 */
export function mountBoard({ model, el, host, signal }, spec) {
  // Ids unique in the page: every board module inlines its own copy of this file, so
  // the count is kept on globalThis (shared by all of them).
  boardCount = (globalThis.bgBoardCount || 0) + 1;
  globalThis.bgBoardCount = boardCount;
  const uid = `bg${boardCount}`;
  // data-lm-suppress-shortcuts: keys pressed inside the board (Enter on a focused card,
  // Space, arrows on the scrubber) are the board's, not JupyterLab's notebook shortcuts.
  const root = h("div", { class: `bg-board bg-game-${spec.game}`, "data-game": spec.game,
    "data-version": String(model.get("version")), tabindex: "-1", role: "group",
    "data-lm-suppress-shortcuts": "true" });
  const content = h("div", { class: "bg-content" });
  const forksArea = h("div", { class: "bg-forks" });
  root.append(content, forksArea);
  el.append(root);

  const local = { logOpen: false, seed: "", dismissed: null, busy: false, lastReply: model.get("reply"),
    seenDice: new Set(), firstRender: true, renderedForks: new Map(), scrubPending: null,
    renderMs: [], clicks: [], click: null, changedAt: null, shown: [] };
  root.bgLocal = local;
  // Test and debugging hook: send a raw message as the browser would (the kernel checks
  // every message; a forged one must be refused there, not here).
  root.bgSend = (msg) => model.send(msg);
  root.bgLegal = () => model.get("legal");
  // Timing hook (browser Performance API clock): renderMs = each draw; clicks = for each
  // intent clicked, ms after the click when the kernel's update arrived (the model's
  // first "change"), when its draw started and ended, and the version drawn.
  // shown: for each new version drawn, [version, when the kernel's update arrived, when
  // its draw ended], on the clock every page of the machine shares (timeOrigin + now):
  // what another person's click on another page took to show here.
  root.bgStats = () => ({ renders: local.renderMs.length, renderMs: local.renderMs.slice(-100),
    clicks: local.clicks.slice(-100), shown: local.shown.slice(-100) });

  const send = (msg) => model.send(msg);

  function crash(err, where) {
    const msg = `${where}: ${err && err.message ? err.message : String(err)}`;
    let box = root.querySelector(":scope > .bg-crash");
    if (!box) {
      box = h("div", { class: "bg-crash", role: "alert" });
      root.prepend(box);
    }
    box.replaceChildren(
      h("strong", null, "The board failed in the browser (a bug, please report it): "),
      h("span", { class: "bg-crash-msg" }, msg),
      h("pre", null, err && err.stack ? String(err.stack).slice(0, 2000) : ""));
    try { send({ type: "frontend_error", message: msg.slice(0, 1900) }); } catch (_) { /* ignore */ }
  }
  root.bgCrash = crash;

  function guard(fn, where) {
    return (...args) => {
      try { return fn(...args); } catch (err) { crash(err, where); return undefined; }
    };
  }

  function focusKey(node) {
    if (!node || !content.contains(node)) return null;
    if (node.dataset.action) return ["action", node.dataset.action];
    if (node.dataset.control) return ["control", node.dataset.control];
    if (node.dataset.key) return ["key", node.dataset.key];
    return null;
  }

  function restoreFocus(key, hadFocus) {
    if (!key) { if (hadFocus) root.focus({ preventScroll: true }); return; }
    const [kind, value] = key;
    for (const n of content.querySelectorAll(`[data-${kind}]`)) {
      if (n.dataset[kind] === value && !n.closest(".bg-forks")) {
        n.focus({ preventScroll: true });
        return;
      }
    }
    root.focus({ preventScroll: true });
  }

  const memos = new Map();  // ctx.memo: slot -> {deps, takes, node (the live element)}

  /** The address of the rule of the thing called `name`: docs/rules/<game>.md#<anchor>
   *  (Python's rule_anchors), or null. */
  function ruleHref(name) {
    const anchor = (model.get("rule_anchors") || {})[name];
    const page = (model.get("rules_url") || "").split("#")[0];
    return anchor && page ? `${page}#${anchor}` : null;
  }

  // The explain line: what the thing pointed at (or focused) does, and a link to its
  // rule. Outside the drawn content (a redraw keeps it); shown once something with a
  // rule is pointed at for a moment or focused, sticking to the bottom of the window
  // while the board is in view.
  const explain = h("div", { class: "bg-explain", role: "note", hidden: true, "aria-label": "what it does and its rule" });
  root.insertBefore(explain, forksArea);
  let explainTimer = 0;
  function showExplain(target) {
    const text = document.getElementById(target.getAttribute("aria-describedby") || "")?.textContent
      || target.getAttribute("title") || "";
    explain.replaceChildren(
      h("span", { class: "bg-explain-text" }, text),
      h("a", { class: "bg-explain-rule", href: target.dataset.rule, target: "_blank", rel: "noopener noreferrer",
        title: "the rule, as the project implements it (docs/rules)" }, "rule \u2197"),
      h("button", { class: "bg-btn bg-small", type: "button", "data-explain-close": "",
        "aria-label": "close the explanation" }, "\u00d7"));
    explain.hidden = false;
  }
  function ruleTarget(ev) {
    const t = ev.target instanceof Element ? ev.target.closest("[data-rule]") : null;
    return t && content.contains(t) && t.closest(".bg-board") === root ? t : null;
  }
  const onOver = (ev) => {
    const t = ruleTarget(ev);
    clearTimeout(explainTimer);
    if (t) explainTimer = setTimeout(() => { if (t.isConnected) showExplain(t); }, 250);
  };
  const onFocusIn = (ev) => { const t = ruleTarget(ev); if (t) showExplain(t); };
  const onExplainClose = (ev) => {
    if (ev.target instanceof Element && ev.target.closest("[data-explain-close]")) explain.hidden = true;
  };
  root.addEventListener("pointerover", onOver);
  root.addEventListener("focusin", onFocusIn);
  explain.addEventListener("click", onExplainClose);

  function makeCtx() {
    const scrub = model.get("scrub_step");
    const live = scrub === null || scrub === undefined;
    const legal = live ? model.get("legal") : [];
    const legalSet = new Set(legal);
    const placed = new Set();
    return {
      model, h, live, legal, placed, legalKey: legal.join("\n"),
      view: live ? model.get("view") : model.get("scrub_view"),
      extra: live ? { ...model.get("extra"), ...model.get("extra_fixed") } : model.get("scrub_extra"),
      player: model.get("player"),
      version: model.get("version"),
      seenDice: local.seenDice,
      firstRender: local.firstRender,
      take(notation) {
        if (!live || !legalSet.has(notation) || placed.has(notation)) return null;
        placed.add(notation);
        return notation;
      },
      /**
       * A part of the board drawn by build() (an element or null), drawn again only when
       * one of `deps` changed (compared with ===; `slot` names the part, unique in the
       * board): else the live element is kept as it is, and the actions it placed are
       * placed again. `deps` must hold everything build() reads.
       */
      memo(slot, deps, build) {
        const all = [live, ...deps];
        const m = memos.get(slot);
        if (m && m.node && m.node.isConnected && content.contains(m.node)
            && m.deps.length === all.length && m.deps.every((d, i) => d === all[i])
            && m.takes.every((a) => legalSet.has(a) && !placed.has(a))) {
          for (const a of m.takes) placed.add(a);
          const ph = document.createElement("bg-keep");
          ph.bgKeep = m.node;
          return ph;
        }
        const before = placed.size;
        const node = build();
        if (!node || node.nodeType !== 1 || node.bgListens) { memos.delete(slot); return node; }
        const entry = { deps: all, takes: [...placed].slice(before), node: null };
        memos.set(slot, entry);
        node.bgMemo = entry;
        return node;
      },
      /**
       * Attributes for an element that stands for `notation` but carries no legal action
       * now: a click (or Enter) on it asks Python why not (message "why"), and the answer
       * is drawn above the board. Spread them into h()'s attributes.
       */
      why(notation) {
        if (!live || !notation || placed.has(notation)) return {};
        return { "data-why": notation, tabindex: "0", role: "button",
          style: { cursor: "help" } };
      },
      /**
       * Attributes that explain the thing called `name` (a card, a unit, an entry) from
       * the glossary: title (after `title`, the element's own tooltip, if given) and
       * aria-describedby. Spread them into h()'s attributes.
       */
      describe(name, title) {
        const glossary = model.get("glossary") || {};
        const text = glossary[name];
        if (!text) return title ? { title } : {};
        const i = glossaryIndex(glossary).get(name);
        const rule = ruleHref(name);
        return { title: title ? `${title} \u2014 ${text}` : text, "aria-describedby": `${uid}-g${i}`,
          ...(rule ? { "data-rule": rule } : {}) };
      },
      /** A button for a legal action (or a disabled-looking span when not legal). */
      actionButton(notation, label, cls = "") {
        const a = this.take(notation);
        if (!a) return null;
        return h("button", { class: `bg-btn bg-act ${cls}`, "data-action": a, type: "button" }, label);
      },
    };
  }

  function header(ctx) {
    const v = ctx.view || {};
    const cp = v.current_player;
    const agents = model.get("agents") || {};
    const gameNames = model.get("names") || {};
    const nameOf = (p) => gameNames[String(p)] || `player ${p}`;
    let who;
    if (v.is_over) who = "game over";
    else if (cp === -1) who = "chance (dice or a draw)";
    else if (agents[String(cp)] !== undefined) who = `${nameOf(cp)} (computer) to move`;
    else who = v.players > 1 ? `${nameOf(cp)}${cp === ctx.player ? " (you)" : ""} to move` : "your move";
    const names = model.get("seat_names") || {};
    const covered = model.get("covered");
    const viewer = covered ? "covered" : ctx.player === null ? "spectator"
      : names[String(ctx.player)] || (v.players > 1 ? `you: ${nameOf(ctx.player)}` : "");
    return h("header", { class: "bg-head" },
      h("span", { class: "bg-title" }, spec.title ? spec.title(ctx) : spec.game),
      viewer ? h("span", { class: `bg-chip ${playerClass(ctx.player)}` }, viewer) : null,
      h("span", { class: "bg-chip bg-turn", title: "the turn counter: what it counts" },
        ctx.live && model.get("turn_label") ? model.get("turn_label") : `turn ${v.turn ?? "?"}`),
      h("span", { class: "bg-chip" }, `phase ${v.phase ?? "?"}`),
      h("span", { class: `bg-chip bg-tomove ${playerClass(cp)}` }, who),
      model.get("thinking") ? h("span", { class: "bg-chip bg-thinking", role: "status" }, "computer is thinking\u2026") : null,
      h("span", { class: "bg-chip bg-steps", title: "steps played (actions and chance outcomes)" },
        `step ${ctx.live ? model.get("steps") : model.get("scrub_step")}`),
      model.get("rules_url") ? h("a", { class: "bg-chip bg-rules", href: model.get("rules_url"), target: "_blank",
        rel: "noopener noreferrer", title: "how each rule of the game is implemented (docs/rules)" }, "Rules \u2197") : null);
  }

  function banners(ctx) {
    const out = [];
    const err = model.get("error");
    if (err && local.dismissed !== err) {
      out.push(h("div", { class: "bg-error", role: "alert" },
        h("span", { class: "bg-error-text" }, err),
        h("button", { class: "bg-btn bg-small", type: "button", "data-control": "dismiss",
          "aria-label": "dismiss the message" }, "\u00d7")));
    }
    const why = model.get("why") || {};
    if (ctx.live && why.version === model.get("version") && why.reason && !local.whyDismissed) {
      out.push(whyPanel(why));
    }
    const held = model.get("held") || {};
    const note = model.get("notice");
    if (held.action && ctx.live) out.push(heldPanel(held));
    else if (note && !err) out.push(h("div", { class: "bg-notice", role: "status" }, note));
    if (!ctx.live) {
      out.push(h("div", { class: "bg-scrub-banner", role: "status" },
        h("span", null, `Viewing step ${model.get("scrub_step")} of ${model.get("steps")} (a past position: read-only). `),
        h("button", { class: "bg-btn", type: "button", "data-control": "scrub-live" }, "Back to live"),
        h("button", { class: "bg-btn", type: "button", "data-control": "scrub-fork" }, "Fork a what-if from here")));
    }
    return out;
  }

  // "Since your last move": everything the game logged after this player's last action
  // (the computer players' moves, the dice, whole turns), kept until their next one.
  function sincePanel(ctx) {
    const lines = model.get("since") || [];
    if (!ctx.live || ctx.player === null || !lines.length) return null;
    const omitted = model.get("since_omitted") || 0;
    return h("details", { class: "bg-section bg-since", open: true, "aria-label": "since your last move" },
      h("summary", { "data-key": "since" }, `Since your last move (${lines.length + omitted} event${lines.length + omitted === 1 ? "" : "s"})`),
      h("ol", { class: "bg-log-lines bg-since-lines", role: "log" },
        omitted ? h("li", { class: "bg-muted" }, `\u2026 ${omitted} earlier (see the log)`) : null,
        lines.map((l) => h("li", null, l))));
  }

  // The texts describe() points at (hidden: read by screen readers, never shown).
  function glossaryBlock(ctx) {
    const glossary = model.get("glossary");
    if (!glossary || !Object.keys(glossary).length) return null;
    return ctx.memo("bg-glossary", [glossary], () => h("div", { class: "bg-glossary", hidden: true },
      Object.entries(glossary).map(([k, text], i) => h("span", { id: `${uid}-g${i}` }, `${k}: ${text}`))));
  }

  // A computer's action held before the battle it resolves: the odds, then Continue.
  function heldPanel(held) {
    const own = held.player === model.get("player");
    return h("div", { class: "bg-notice bg-held", role: "status", "data-held": held.action },
      h("strong", null, own ? "Paused before the battle: " : `${held.who} is about to play ${held.action}: `), held.title,
      h("div", { class: "bg-chance-list", role: "list", "aria-label": "exact odds of the battle" },
        (held.odds || []).map((r) => h("div", { class: "bg-outcome", role: "listitem" },
          h("span", null, `${r.outcome} `), h("span", { class: "bg-prob" }, probText(r))))),
      h("button", { class: "bg-btn", type: "button", "data-control": "resume" }, "Continue"));
  }

  // The answer to a click on something that cannot be played now (Python's "why").
  function whyPanel(why) {
    const legal = why.reason === "it can be played now";
    return h("div", { class: "bg-notice bg-why", role: "status", "data-why-answer": why.action },
      h("strong", null, legal ? `${why.action}: ` : `Not now — ${why.action}: `), why.reason,
      why.rule && why.rule !== "notation" ? h("span", { class: "bg-why-rule" }, " (rule: ",
        why.link ? h("a", { href: why.link, target: "_blank", rel: "noopener noreferrer",
          title: "the rule, as the project implements it" }, why.rule) : why.rule, ")") : null,
      h("button", { class: "bg-btn bg-small", type: "button", "data-control": "dismiss-why",
        "aria-label": "dismiss the explanation" }, "\u00d7"));
  }

  // A hot-seat board between two seats' decisions: Python publishes only what a
  // spectator sees; the next player clicks to show their own view.
  function coverPanel() {
    const seat = model.get("cover_for");
    const names = model.get("seat_names") || {};
    const name = seat === null || seat === undefined ? null : names[String(seat)] || `player ${seat}`;
    if (name === null) {  // the computer is to move: paused, it can be resumed from here
      const paused = !model.get("agents_running");
      return h("section", { class: "bg-cover", role: "status", "data-cover-for": "" },
        h("p", { class: "bg-cover-title" }, paused ? "The computer players are paused" : "Waiting for the computer\u2026"),
        paused ? h("button", { class: "bg-btn", type: "button", "data-control": "agents" }, "Resume the computer") : null);
    }
    return h("section", { class: "bg-cover", role: "dialog", "aria-label": `pass the screen to ${name}`,
      "data-cover-for": String(seat) },
      h("p", { class: "bg-cover-title" }, `Pass to ${name}`),
      h("p", { class: "bg-muted" }, "Every hand is hidden until the next player shows their own view."),
      h("button", { class: "bg-btn bg-reveal", type: "button", "data-control": "reveal" },
        `I am ${name}: show my view`));
  }

  function otherActions(ctx) {
    const rest = ctx.legal.filter((a) => !ctx.placed.has(a));
    if (!rest.length) return null;
    return h("section", { class: "bg-section bg-other" },
      h("h4", null, "Other actions"),
      h("div", { class: "bg-row" }, rest.map((a) => ctx.actionButton(a, a))));
  }

  function chancePanel(ctx) {
    if (!ctx.live) return null;
    const rows = model.get("chance") || [];
    if (model.get("chance_hidden")) {
      return h("section", { class: "bg-section bg-chance" },
        h("h4", null, "Chance"), h("p", null, "A hidden chance outcome is pending (not shown to spectators)."));
    }
    if (!rows.length) return null;
    const list = h("div", { class: "bg-chance-list", role: "list" });
    for (const r of rows) {
      const a = ctx.player === null ? null : r.action;
      const bar = h("span", { class: "bg-bar", style: { width: `${Math.max(1, r.prob * 100)}%` } });
      const item = a
        ? h("button", { class: "bg-btn bg-outcome", type: "button", "data-action": a, role: "listitem",
          title: `force this outcome (probability ${r.p})` },
          h("span", { class: "bg-outcome-name" }, r.action), h("span", { class: "bg-prob" }, probText(r)),
          h("span", { class: "bg-bar-bg" }, bar))
        : h("div", { class: "bg-outcome", role: "listitem" }, h("span", null, r.action),
          h("span", { class: "bg-prob" }, probText(r)));
      list.append(item);
    }
    return h("section", { class: "bg-section bg-chance" },
      h("h4", null, "Chance: pick the outcome, or roll"),
      ctx.player === null ? null : h("button", { class: "bg-btn", type: "button", "data-control": "roll" }, "Roll (seeded)"),
      list);
  }

  function genericDice(ctx) {
    const hist = model.get("history") || [];
    const from = model.get("last_action_step");
    const recent = hist.filter(([i, p]) => p === -1 && i >= from);
    if (!recent.length) return null;
    return h("section", { class: "bg-section bg-dice", "aria-label": "latest chance outcomes" },
      h("h4", null, "Dice and draws"),
      h("div", { class: "bg-row" }, recent.map(([i, , text]) => {
        const fresh = !ctx.seenDice.has(`h${i}`) && !ctx.firstRender;
        ctx.seenDice.add(`h${i}`);
        return h("span", { class: "bg-chip bg-roll" + (fresh ? " bg-fresh" : ""), "data-key": `h${i}` }, text);
      })));
  }

  function controls(ctx) {
    const spectator = ctx.player === null;
    const agents = model.get("agents") || {};
    const hasAgents = Object.keys(agents).length > 0;
    const btn = (control, label, opts = {}) => h("button", { class: "bg-btn", type: "button",
      "data-control": control, disabled: opts.disabled ? true : null, title: opts.title || null }, label);
    const seed = h("input", { class: "bg-seed", type: "text", inputmode: "numeric", placeholder: "random",
      "aria-label": "seed of the new game (blank: random)", value: local.seed, "data-key": "seed",
      size: "10" });  // typing: onInput
    const auto = h("input", { type: "checkbox", "data-control": "auto-roll", checked: model.get("auto_roll") ? true : null,
      disabled: spectator ? true : null });
    return h("nav", { class: "bg-controls", "aria-label": "board controls" },
      btn("undo", "\u21b6 Undo", { disabled: !ctx.live || !model.get("can_undo") }),
      btn("redo", "\u21b7 Redo", { disabled: !ctx.live || !model.get("can_redo") }),
      btn("fork", "Fork", { title: "open a what-if copy of this position in a new board" }),
      h("span", { class: "bg-group" }, btn("new", "New game", { disabled: spectator }),
        h("label", null, " seed ", seed)),
      btn("save", "Save", { disabled: spectator,
        title: "save the game as a JSON file: a download, or a file in the notebook's folder when it names another player's hidden cards" }),
      btn("load", "Load", { disabled: spectator, title: "load a game saved as JSON" }),
      h("label", { class: "bg-auto", title: "roll chance nodes automatically; off: pick each outcome" }, auto, " auto roll"),
      hasAgents ? btn("agents", model.get("agents_running")
        ? [h("span", { class: "bg-icon bg-icon-pause", "aria-hidden": "true" }), "Pause computer"]
        : [h("span", { class: "bg-icon bg-icon-play", "aria-hidden": "true" }), "Run computer"]) : null,
      hasAgents && !spectator ? pacePicker() : null,
      model.get("has_battles") && !spectator ? h("label", { class: "bg-auto", title: "before a battle is rolled, show its exact odds and wait for Continue" },
        h("input", { type: "checkbox", "data-control": "pause-battles", checked: model.get("pause_battles") ? true : null }),
        " pause before battles") : null,
      spectator ? null : opponentPicker());
  }

  // ------------------------------------------------------------------ hint and review
  // Python runs bg.analysis in a thread and publishes hint / review (status, progress,
  // the ranked actions or the reviewed decisions); a hinted action is played by the
  // message hint_play (Python checks it is one of the hint's list), a decision is shown
  // by scrubbing the history to it.
  function valueText(measure, v) {
    return measure === "win probability" ? `${(v * 100).toFixed(1)}%` : v.toFixed(1);
  }

  function progressBar(fraction, label) {
    const pct = Math.round(Math.max(0, Math.min(1, fraction || 0)) * 100);
    return h("div", { class: "bg-progress", role: "progressbar", "aria-label": label,
      "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(pct) },
    h("span", { class: "bg-progress-fill", style: { width: `${pct}%` } }));
  }

  function analysisPanel(ctx) {
    if (ctx.player === null || model.get("covered")) return null;
    const hint = model.get("hint") || {};
    const review = model.get("review") || {};
    const running = hint.status === "running" || review.status === "running";
    const btn = (control, label, disabled, title) => h("button", { class: "bg-btn", type: "button",
      "data-control": control, disabled: disabled ? true : null, title }, label);
    return h("section", { class: "bg-section bg-analysis", "aria-label": "hint and review" },
      h("div", { class: "bg-row" },
        btn("hint", "Hint", !ctx.live || !ctx.legal.length || hint.status === "running",
          "rank your legal actions by playouts from this position (your hidden information only)"),
        btn("review", "Review", review.status === "running" || !model.get("steps"),
          "mark each of your decisions so far against the best alternative"),
        running ? btn("hint-stop", "Stop", false, "stop the analysis: keep what it found so far") : null),
      hint.status ? hintBlock(ctx, hint) : null,
      review.status ? reviewBlock(review) : null);
  }

  function statusLine(what, a) {
    if (a.status === "running") return `${what}: running\u2026`;
    if (a.status === "failed") return `${what} failed: ${a.message}`;
    const cut = a.status === "stopped" ? " (stopped early)" : "";
    return `${what}${cut}${a.message ? `: ${a.message}` : ""}`;
  }

  function hintBlock(ctx, hint) {
    const rows = hint.candidates || [];
    const legal = new Set(ctx.legal);
    const m = hint.measure;
    return h("div", { class: "bg-hint", "data-hint-status": hint.status },
      h("h4", null, statusLine("Hint", hint), m ? h("span", { class: "bg-muted" },
        ` \u2014 ${m}, [95% interval] \u00b7 games`) : null),
      hint.status === "running" ? progressBar(hint.progress, "hint progress") : null,
      rows.length ? h("ol", { class: "bg-hint-list" }, rows.map((r, i) => {
        const text = [h("span", { class: "bg-hint-action" }, r.action), " ",
          h("strong", { class: "bg-hint-value" }, valueText(m, r.value)),
          h("span", { class: "bg-muted" }, ` [${valueText(m, r.low)}, ${valueText(m, r.high)}] \u00b7 ${r.playouts}`)];
        const playable = ctx.live && legal.has(r.action);
        return h("li", { "data-key": `hint-${i}` }, playable
          ? h("button", { class: "bg-btn bg-hint-item", type: "button", "data-control": "hint-play",
            "data-hint-action": r.action, title: `play ${r.action}` }, text)
          : h("span", { class: "bg-hint-item" }, text));
      })) : null);
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, ...children) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
    for (const c of children.flat()) if (c) el.append(c);
    return el;
  }

  // The value of each decision played over the game's steps; the marked ones are big
  // dots of their label's colour; a click on a dot shows the position before it.
  function reviewGraph(review) {
    const ds = review.decisions || [];
    if (!ds.length) return null;
    const W = 320, H = 90, pad = 6;
    const win = review.measure === "win probability";
    const vals = ds.map((d) => d.value);
    const lo = win ? 0 : Math.min(...vals), hi = win ? 1 : Math.max(...vals);
    const span = hi - lo || 1;
    const steps = Math.max(1, review.steps || 1);
    const x = (s) => (pad + (W - 2 * pad) * (s / steps)).toFixed(1);
    const y = (v) => (H - pad - (H - 2 * pad) * ((v - lo) / span)).toFixed(1);
    const points = ds.map((d) => `${x(d.step)},${y(d.value)}`).join(" ");
    return svg("svg", { class: "bg-review-graph", viewBox: `0 0 ${W} ${H}`, width: W, height: H,
      role: "img", "aria-label": `value of each decision played (${review.measure})` },
    svg("polyline", { points, fill: "none", class: "bg-review-line" }),
    ds.map((d) => svg("circle", { cx: x(d.step), cy: y(d.value), r: d.label ? 4.5 : 2.5,
      class: `bg-review-dot${d.label ? ` bg-label-${d.label}` : ""}`, "data-control": "review-jump",
      "data-step": d.step }, svg("title", null, document.createTextNode(
      `step ${d.step}: ${d.played} ${valueText(review.measure, d.value)}${d.label ? ` (${d.label})` : ""}`)))));
  }

  function reviewBlock(review) {
    const ds = review.decisions || [];
    const marked = ds.filter((d) => d.label);
    const m = review.measure;
    const done = review.status !== "running";
    let list = null;
    if (marked.length) {
      list = h("ol", { class: "bg-review-list" }, marked.map((d) => h("li", { "data-key": `rv-${d.step}` },
        h("button", { class: `bg-btn bg-review-item bg-label-${d.label}`, type: "button", "data-control": "review-jump",
          "data-step": String(d.step), title: "show the position before this decision" },
        h("strong", null, d.label), ` step ${d.step}: played ${d.played} (${valueText(m, d.value)}), `
          + `best ${d.best} (${valueText(m, d.best_value)})`))));
    } else if (done && ds.length) {
      list = h("p", { class: "bg-muted" }, `No decision marked: each within ${valueText(m, (review.thresholds || [0])[0])} of the best.`);
    }
    return h("div", { class: "bg-review", "data-review-status": review.status },
      h("h4", null, statusLine("Review", review), done ? h("span", { class: "bg-muted" },
        ` \u2014 ${ds.length} decision${ds.length === 1 ? "" : "s"}, ${marked.length} marked`) : null),
      done ? null : progressBar(review.progress, "review progress"),
      reviewGraph(review), list);
  }

  // How fast the computer players act (Python's board.PACES: seconds before each action).
  const PACES = [["slow", 1.5], ["normal", 0.6], ["fast", 0.2], ["instant", 0]];
  function pacePicker() {
    const pace = model.get("pace");
    const cur = PACES.find(([, s]) => Math.abs(s - pace) < 1e-9);
    const opts = PACES.map(([name, s]) => h("option", { value: name, selected: cur && cur[0] === name ? true : null },
      `${name}${s ? ` (${s} s)` : ""}`));
    if (!cur) opts.push(h("option", { value: "", selected: true, disabled: true }, `${pace} s`));
    return h("label", { class: "bg-group", title: "how long the computer players wait before each action" }, " computer pace ",
      h("select", { "data-control": "pace", "aria-label": "computer players' pace" }, opts));
  }

  // Who plays each other seat: a person or a computer player of a chosen strength.
  const OPPONENTS = [["human", "person"], ["random", "random"], ["greedy", "greedy"],
    ["easy", "MCTS easy"], ["medium", "MCTS medium"], ["hard", "MCTS hard"]];
  function opponentPicker() {
    const kinds = model.get("agent_kinds") || {};
    const seats = Object.keys(kinds).sort((a, b) => Number(a) - Number(b));
    if (!seats.length) return null;
    return h("span", { class: "bg-group bg-opponents", role: "group", "aria-label": "who plays the other seats" },
      seats.map((p) => {
        const cur = kinds[p];
        const opts = OPPONENTS.map(([k, label]) => h("option", { value: k, selected: k === cur ? true : null }, label));
        if (!OPPONENTS.some(([k]) => k === cur)) opts.push(h("option", { value: cur, selected: true, disabled: true }, cur));
        const name = (model.get("names") || {})[p] || `player ${p}`;
        return h("label", null, ` ${name} `,
          h("select", { "data-control": "opponent", "data-player": p, "aria-label": `who plays ${name}` }, opts));
      }));
  }

  function scrubber(ctx) {
    const steps = model.get("steps");
    const at = ctx.live ? steps : model.get("scrub_step");
    const range = h("input", { type: "range", min: "0", max: String(steps), value: String(at), step: "1",
      "data-control": "scrub", "aria-label": "history: step shown", class: "bg-range" });
    return h("div", { class: "bg-scrubber" },
      h("button", { class: "bg-btn bg-small", type: "button", "data-control": "scrub-prev", disabled: at <= 0 ? true : null,
        "aria-label": "one step back in the history" }, "\u25c0"),
      range,
      h("button", { class: "bg-btn bg-small", type: "button", "data-control": "scrub-next",
        disabled: ctx.live ? true : null, "aria-label": "one step forward in the history" }, "\u25b6"),
      h("span", { class: "bg-muted" }, ctx.live ? "live" : `step ${at}/${steps}`));
  }

  let scrubTimer = null;
  function requestScrub() {
    if (scrubTimer) return;
    scrubTimer = setTimeout(() => {
      scrubTimer = null;
      const s = local.scrubPending;
      local.scrubPending = null;
      if (s === null) return;
      send({ type: "scrub", step: s >= model.get("steps") ? null : s });
    }, 60);
  }

  // Keep the open log scrolled to its end: after the frame's layout, never forcing one
  // in the middle of a draw.
  let logScroll = 0;
  function scrollLogSoon() {
    if (logScroll) return;
    logScroll = requestAnimationFrame(() => {
      logScroll = 0;
      const log = content.querySelector(".bg-log-lines");
      if (log) log.scrollTop = log.scrollHeight;
    });
  }

  function logPanel(ctx) {
    const lines = ctx.live ? model.get("log") : model.get("scrub_log");
    const start = ctx.live ? model.get("log_start") : null;
    const box = h("details", { class: "bg-log", open: local.logOpen ? true : null },
      h("summary", { "data-key": "log" }, `Log${start ? ` (last ${lines.length} lines)` : ""}`),
      h("ol", { class: "bg-log-lines", start: String((start ?? 0) + 1), "aria-live": "polite" },
        lines.map((l) => h("li", null, l))));
    return box;  // opened or closed: onToggle
  }

  function syncForks() {
    const refs = model.get("forks") || [];
    refs.forEach((ref, i) => {
      if (local.renderedForks.has(ref)) return;
      const box = h("div", { class: "bg-fork" }, h("div", { class: "bg-fork-title" }, `What-if board ${i + 1}`));
      const inner = h("div", { class: "bg-fork-body" });
      box.append(inner);
      forksArea.append(box);
      local.renderedForks.set(ref, box);
      if (!host || !host.getWidget) {
        inner.append(h("p", null, "Display board.forks[" + i + "] in a cell to see this what-if board."));
        return;
      }
      host.getWidget(ref).then((w) => w.render({ el: inner, signal }))
        .catch((err) => crash(err, "opening the what-if board"));
    });
  }

  function render() {
    const started = performance.now();
    const active = document.activeElement;
    const hadFocus = root.contains(active) && !forksArea.contains(active);
    const key = focusKey(active);
    const ctx = makeCtx();
    const theme = spec.themeClass ? spec.themeClass(ctx) : "";
    const cls = `bg-board bg-game-${spec.game} ${theme}`.trim() + (ctx.live ? "" : " bg-scrubbing");
    if (root.className !== cls) root.className = cls;
    if (root.getAttribute("aria-label") !== `${spec.game} board`) root.setAttribute("aria-label", `${spec.game} board`);
    const covered = Boolean(model.get("covered"));
    let next;
    if (covered) {
      next = h("div", null, [header(ctx), ...banners(ctx), coverPanel()]);
    } else {
      const main = h("main", { class: "bg-main" }, spec.renderMain(ctx), glossaryBlock(ctx));
      const dice = ctx.live ? (spec.renderDice ? spec.renderDice(ctx) : genericDice(ctx)) : null;
      next = h("div", null, [
        header(ctx), ...banners(ctx), sincePanel(ctx), main, otherActions(ctx), chancePanel(ctx), dice,
        controls(ctx), analysisPanel(ctx), scrubber(ctx), logPanel(ctx)].filter(Boolean));
    }
    patchChildren(content, next);
    if (local.logOpen) scrollLogSoon();
    syncForks();
    if (hadFocus) {  // unless the focused element was kept, still for the same thing
      const now = document.activeElement;
      const nowKey = now === active ? focusKey(now) : null;
      if (!nowKey || !key || nowKey[0] !== key[0] || nowKey[1] !== key[1]) restoreFocus(key, hadFocus);
    }
    if (spec.afterDraw && !covered) spec.afterDraw(ctx, content);
    local.firstRender = false;
    root.dataset.player = ctx.player === null ? "spectator" : String(ctx.player);
    if (covered) root.dataset.covered = String(model.get("cover_for") ?? "");
    else delete root.dataset.covered;
    root.dataset.scrub = ctx.live ? "" : String(model.get("scrub_step"));
    const crashBox = root.querySelector(":scope > .bg-crash");
    if (crashBox) crashBox.remove();
    const ended = performance.now();
    local.renderMs.push(ended - started);
    if (local.renderMs.length > 200) local.renderMs.splice(0, 100);
    const c = local.click;
    if (c && c.arrived !== null) {  // the kernel answered: a new view, or a refusal
      if (model.get("version") !== c.version) {
        local.clicks.push({ version: model.get("version"), sent: c.sent, arrived: c.arrived,
          drawStart: started - c.t0, drawn: ended - c.t0 });
        if (local.clicks.length > 200) local.clicks.splice(0, 100);
      }
      local.click = null;
    }
    // Last: the version marks a completely drawn view (tests time clicks by it). Set
    // only when it changes, so observers see one mutation per new view.
    const version = String(model.get("version"));
    if (root.dataset.version !== version) {
      local.shown.push([Number(version), performance.timeOrigin + (local.changedAt ?? started),
        performance.timeOrigin + performance.now()]);
      if (local.shown.length > 200) local.shown.splice(0, 100);
      root.dataset.version = version;
    }
    local.changedAt = null;
  }

  let scheduled = false;
  const rerender = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => { scheduled = false; guardedRender(); });
  };
  const guardedRender = guard(render, "drawing the board");

  function onReply() {
    if (model.get("reply") !== local.lastReply) {
      local.lastReply = model.get("reply");
      local.busy = false;
      delete root.dataset.busy;
    }
  }

  const onClick = guard((ev) => {
    const target = ev.target instanceof Element ? ev.target : null;
    if (!target || target.closest(".bg-board") !== root) return;
    const actEl = target.closest("[data-action]");
    if (actEl && content.contains(actEl)) {
      ev.preventDefault();
      if (local.busy) return;
      local.busy = true;
      root.dataset.busy = "1";
      local.click = { t0: performance.now(), version: model.get("version"), arrived: null };
      send({ type: "intent", action: actEl.dataset.action, version: model.get("version") });
      local.click.sent = performance.now() - local.click.t0;
      return;
    }
    const whyEl = target.closest("[data-why]");
    if (whyEl && content.contains(whyEl) && !target.closest("a, [data-control], [data-select]")) {
      askWhy(whyEl);
      return;
    }
    const ctl = target.closest("[data-control]");
    if (!ctl || !content.contains(ctl) || ctl.disabled) return;
    const c = ctl.dataset.control;
    const version = model.get("version");
    if (CONTROL_TYPES.has(c)) send({ type: c, version });
    else if (c === "reveal") send({ type: "reveal", version });
    else if (c === "resume") send({ type: "resume", version });
    else if (c === "fork") send({ type: "fork", step: null });
    else if (c === "scrub-fork") send({ type: "fork", step: model.get("scrub_step") });
    else if (c === "scrub-live") send({ type: "scrub", step: null });
    else if (c === "scrub-prev" || c === "scrub-next") {
      const steps = model.get("steps");
      const cur = model.get("scrub_step");
      const at = cur === null || cur === undefined ? steps : cur;
      const next = Math.max(0, Math.min(steps, at + (c === "scrub-prev" ? -1 : 1)));
      send({ type: "scrub", step: next >= steps ? null : next });
    } else if (c === "agents") send({ type: "agents", run: !model.get("agents_running") });
    else if (c === "hint") send({ type: "hint", version });
    else if (c === "review") send({ type: "review" });
    else if (c === "hint-stop") send({ type: "hint_stop" });
    else if (c === "hint-play") send({ type: "hint_play", action: ctl.dataset.hintAction, version });
    else if (c === "review-jump") send({ type: "scrub", step: Number(ctl.dataset.step) });
    else if (c === "save") send({ type: "save" });
    else if (c === "load") fileInput.click();
    else if (c === "dismiss") { local.dismissed = model.get("error"); rerender(); }
    else if (c === "dismiss-why") { local.whyDismissed = true; rerender(); }
    else if (c === "new") {
      const text = (local.seed || "").trim();
      if (text && !/^\d{1,16}$/.test(text)) { showLocalError(`seed must be a whole number, not ${JSON.stringify(text)}`); return; }
      const seed = text ? Number(text) : null;
      if (seed !== null && !Number.isSafeInteger(seed)) { showLocalError(`seed ${text} is too large for the browser (at most ${Number.MAX_SAFE_INTEGER})`); return; }
      send({ type: "new", seed });
    }
  }, "handling a click");

  function askWhy(el) {
    local.whyDismissed = false;  // (asked again: the same answer shows again)
    send({ type: "why", action: el.dataset.why, version: model.get("version") });
  }

  // Enter or Space on a focused element that cannot be played now: ask why (a button
  // already clicks on them).
  const onKey = guard((ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const t = ev.target;
    if (!(t instanceof Element) || t.tagName === "BUTTON" || !t.dataset.why || !content.contains(t)) return;
    ev.preventDefault();
    askWhy(t);
  }, "handling a key");

  const onChange = guard((ev) => {
    const t = ev.target;
    if (t instanceof HTMLSelectElement && t.closest(".bg-board") === root && t.dataset.control === "pace") {
      send({ type: "pace", speed: t.value });
      return;
    }
    if (t instanceof HTMLSelectElement && t.closest(".bg-board") === root && t.dataset.control === "opponent") {
      send({ type: "opponent", player: Number(t.dataset.player), kind: t.value });
      return;
    }
    if (!(t instanceof HTMLInputElement) || t.closest(".bg-board") !== root) return;
    if (t.dataset.control === "auto-roll") send({ type: "auto_roll", value: t.checked, version: model.get("version") });
    else if (t.dataset.control === "pause-battles") send({ type: "pause_battles", value: t.checked });
  }, "handling a change");

  function showLocalError(text) {
    let box = content.querySelector(".bg-error");
    if (!box) { box = h("div", { class: "bg-error", role: "alert" }); content.insertBefore(box, content.children[1] || null); }
    box.textContent = text;
  }

  const fileInput = h("input", { type: "file", accept: ".json,application/json", class: "bg-hidden", tabindex: "-1",
    "aria-hidden": "true" });
  fileInput.addEventListener("change", guard(() => {
    const f = fileInput.files && fileInput.files[0];
    fileInput.value = "";
    if (!f) return;
    if (f.size > 8 * 1024 * 1024) { showLocalError(`${f.name} is too large to be a saved game (${f.size} bytes)`); return; }
    f.text().then((text) => send({ type: "load", name: f.name, text }))
      .catch((err) => showLocalError(`cannot read ${f.name}: ${err}`));
  }, "loading a file"));
  root.append(fileInput);

  const onCustom = guard((msg) => {
    if (!msg || msg.type !== "save") return;
    const blob = new Blob([msg.text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = h("a", { href: url, download: msg.filename, class: "bg-hidden" });
    root.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  }, "saving the game");

  // Inputs and the log, delegated (so a redraw can keep their elements).
  const onInput = guard((ev) => {
    const t = ev.target;
    if (!(t instanceof HTMLInputElement) || !content.contains(t) || t.closest(".bg-forks")) return;
    if (t.dataset.key === "seed") local.seed = t.value;
    else if (t.dataset.control === "scrub") {
      local.scrubPending = Number(t.value);
      requestScrub();
    }
  }, "handling an input");
  const onToggle = guard((ev) => {
    const t = ev.target;
    if (!(t instanceof HTMLDetailsElement) || !t.classList.contains("bg-log")) return;
    if (t.parentElement !== content) return;
    local.logOpen = t.open;
    if (t.open) scrollLogSoon();
  }, "opening the log");

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("toggle", onToggle, true);
  model.on("change", () => {
    if (local.changedAt === null) local.changedAt = performance.now();
    const c = local.click;
    if (c && c.arrived === null) c.arrived = performance.now() - c.t0;
    onReply();
    rerender();
  });
  model.on("msg:custom", onCustom);
  guardedRender();
  const cleanup = () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("change", onChange);
    root.removeEventListener("input", onInput);
    root.removeEventListener("toggle", onToggle, true);
    root.removeEventListener("pointerover", onOver);
    root.removeEventListener("focusin", onFocusIn);
    clearTimeout(explainTimer);
    if (scrubTimer) clearTimeout(scrubTimer);
    if (logScroll) cancelAnimationFrame(logScroll);
    root.remove();
  };
  cleanup.redraw = guardedRender;  // for a board module: draw again now (local state changed)
  cleanup.root = root;
  return cleanup;
}
