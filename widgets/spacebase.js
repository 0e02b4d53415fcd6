// The Space Base board. Draws game.view(player): the 10 x 10 map (x to the right, y down,
// as the static SVG), the players, the hand. Every legal action sits on what it acts on:
// a card in hand (build / discard), a map cell (outpost, place, transfer, move to, swap
// with, control, a full repair), a player (control look p), a looked-at card (steal);
// "done" and the other repair amounts in the prompt. Hover or focus a site to read
// board.explain (extra.explain); "Meteor risk" toggles the exact risk overlay
// (extra.risk). Arrow keys move between the cells of the map.
import { mountBoard, h, probText } from "./common.js";

const PHASES = [
  ["transfer", "Transfer"], ["repair", "Repair"], ["meteor", "Meteor"],
  ["production", "Production"], ["control", "Control"], ["draw", "Draw"], ["build", "Build"],
];

// Short names for the map's cells; a soft hyphen (\u00ad) is where a name too long for a
// narrow cell may break (CSS hyphens: auto has no dictionary in every browser), a zero-width
// space one without a hyphen.
const SHORT = {
  "Outpost": "Outpost", "Volcano": "Volcano", "Metal": "Metal", "Radioactives": "Radio\u00adact.",
  "Ice + Organics": "Ice+\u200bOrg.", "Extractor": "Extrac\u00adtor", "Solar Panels Array": "Solar",
  "Geothermal Plant": "Geo\u00adtherm.", "Refineries": "Refinery", "Reactor Core": "Reactor",
  "Hydroponic Dome": "Hydro Dome", "Factory": "Factory", "Transport Hub": "Hub",
  "Shield Generator": "Shield", "Research Station": "Re\u00adsearch", "Colony": "Colony",
  "High-Tech Industry": "High-Tech", "Bio-Med Labs": "Bio-Med", "Space Port": "Space\u00adport",
};
const KIND = {
  "Volcano": "volcano", "Metal": "resource", "Radioactives": "resource", "Ice + Organics": "resource",
  "Transfer": "action", "Control": "action",
};
const INCOME = {
  "Outpost": 1, "Extractor": 1, "Refineries": 2, "Reactor Core": 3, "Hydroponic Dome": 2,
  "Factory": 3, "Research Station": 1, "Colony": 3, "High-Tech Industry": 4, "Bio-Med Labs": 4,
  "Space Port": 5,
};
const ORE_CODE = { "Metals": "M", "Radioactives": "R", "Ice + Organics": "I" };
const DONE_LABEL = {
  transfer: "Done: no transfer", repair: "Done repairing", control: "Done: no Control card",
  build: "End turn",
};
const SIZE = 10;
const CELL = 56; // px: a map cell (spacebase.css: .sb-map grid)
const AXIS = 18; // px: the coordinate labels' row and column
const GAP = 2;

// Per-board state kept in the browser only (never game state): the risk overlay switch,
// the cell the keyboard cursor is on, the meteors already animated.
const LOCAL = new WeakMap();
function local(model) {
  let s = LOCAL.get(model);
  if (!s) { s = { risk: false, cursor: null, refocus: null, focusCell: null, extra: null }; LOCAL.set(model, s); }
  return s;
}

const kindOf = (name) => KIND[name] || "installation";
const cellKey = (x, y) => `${x},${y}`;
const cellText = (x, y) => `(${x},${y})`;
const who = (ctx, p) => (p === ctx.player ? `you (player ${p})` : `player ${p}`);

function agentsOf(ctx) {
  return ctx.model.get("agents") || {};
}

/** The action a map cell performs, if any (the first legal one, in this order). */
/** A cell that cannot take the placement being chosen: the notation a click on it asks
 *  Python about ("why"), e.g. "place (3,4)" while a card waits for its cell. */
function cellWhy(ctx, x, y, site) {
  const v = ctx.view;
  if (!ctx.live || !ctx.legal.length || site) return null;
  const c = cellText(x, y);
  if (ctx.legal.some((a) => a.startsWith("outpost "))) return `outpost ${c}`;
  if ((v.pending && v.pending.kind === "build") || heldCard(ctx)) return `place ${c}`;
  return null;
}

/** The hand card chosen to build, held by the board (choosing is not a move): its
 *  cells' notations are in extra.placements until one is clicked. */
function heldCard(ctx) {
  return (ctx.live && ctx.extra && ctx.extra.chosen) || null;
}

function cellAction(ctx, x, y, site) {
  const c = cellText(x, y);
  const names = [`outpost ${c}`, `place ${c}`, `move to ${c}`, `swap with ${c}`, `transfer ${c}`,
    `control ${c}`];
  if (site && site.damage) {
    for (let n = site.damage; n >= 1; n--) names.push(`repair ${c} ${n}`);
  }
  const held = heldCard(ctx) ? ctx.extra.placements || [] : [];
  for (const a of names) {
    if (held.includes(a) && !ctx.placed.has(a)) {
      ctx.placed.add(a);
      return a;
    }
    if (!ctx.legal.includes(a)) continue;
    const got = ctx.take(a);
    if (got) return got;
  }
  return null;
}

const VERB_LABEL = {
  outpost: "outpost", place: "place", move: "move", swap: "swap", transfer: "transfer",
  control: "take", repair: "repair",
};

function siteCell(ctx, x, y, site, extra, state, fresh) {
  const action = cellAction(ctx, x, y, site);
  const k = cellKey(x, y);
  const explain = (extra.explain || {})[k];
  const risk = ((extra.risk || {}).cells || {})[k];
  const cls = ["sb-cell"];
  const body = [];
  if (site) {
    cls.push(`sb-site sb-${kindOf(site.name)} sb-own${site.owner}`);
    if (kindOf(site.name) === "installation") cls.push(site.functional ? "sb-on" : "sb-off");
    if (site.damage) cls.push("sb-damaged");
    if (site.shielded) cls.push("sb-shielded");
    body.push(h("span", { class: "sb-name" }, SHORT[site.name] || site.name));
    const line = [];
    if (kindOf(site.name) === "installation") {
      line.push(h("span", { class: "sb-state" }, site.functional ? "on" : "off"));
      if (INCOME[site.name]) line.push(h("span", { class: "sb-inc" }, `$${INCOME[site.name]}`));
    }
    const ores = (ctx.view.board.ores || {})[cellText(x, y)] || [];
    if (ores.length) line.push(h("span", { class: "sb-ores", title: `carries ${ores.join(", ")}` }, ores.map((o) => ORE_CODE[o] || "?").join("")));
    body.push(h("span", { class: "sb-line" }, line));
    if (site.damage) body.push(h("span", { class: "sb-dmg", title: `${site.damage} damage` }, `\u2716${site.damage}`));
    if (site.shielded) body.push(h("span", { class: "sb-shield", title: "under a Shield Generator's cover" }));
  } else {
    cls.push("sb-empty");
  }
  if (risk && site && site.functional) {
    // Risk overlay: a working site's P(defunct) this turn and the income a hit on this
    // cell costs this board's player; "safe" under a shield.
    const pct = Math.round(risk.prob_defunct * 100);
    const mine = ctx.player === null ? null : risk.loss[ctx.player];
    const safe = !risk.exposed && !risk.prob_defunct;
    body.push(h("span", { class: "sb-risk" + (safe ? " sb-safe" : ""),
      style: { "--sb-heat": String(Math.min(1, risk.prob_defunct * 8)) } },
    safe ? "safe" : `${pct}%${mine ? ` \u2212${mine}` : ""}`));
  }
  if (fresh) body.push(h("span", { class: "sb-meteor sb-falling", "aria-hidden": "true" }));
  const meteor = ctx.view.meteor;
  if (meteor && meteor.cell[0] === x && meteor.cell[1] === y) cls.push("sb-hit");
  let title = site ? `${site.name} at ${cellText(x, y)}, player ${site.owner}` : `empty ${cellText(x, y)}`;
  if (explain) title = explain;
  if (risk && risk.exposed) {
    title += `\nMeteor: P(damage) ${risk.p_damage}, P(defunct) ${risk.p_defunct}` +
      (risk.loss.some((l) => l) ? `; a hit here costs ${risk.loss.map((l, p) => `player ${p} ${l}`).join(", ")} income` : "");
  }
  const described = site ? ctx.describe(site.name) : {};
  const attrs = { class: cls.join(" "), "data-cell": k, "data-key": `cell ${k}`, title,
    "aria-describedby": described["aria-describedby"] || null, "data-rule": described["data-rule"] || null,
    style: { gridColumn: String(x + 2), gridRow: String(y + 2) } };
  if (action) {
    const verb = action.split(" ")[0];
    attrs.class += " sb-actionable";
    attrs.title = `${action} \u2014 ${title}`;
    return h("button", { ...attrs, type: "button", "data-action": action, tabindex: "-1" }, body,
      h("span", { class: "sb-verb" }, VERB_LABEL[verb] || verb));
  }
  const why = cellWhy(ctx, x, y, site);
  return h("div", { ...attrs, tabindex: "-1", role: site ? "img" : null,
    "aria-label": site ? title : null, "data-why": why, style: why ? { ...attrs.style, cursor: "help" } : attrs.style }, body);
}

function hubLinks(view) {
  const links = view.board.hub_links || [];
  if (!links.length) return null;
  const centre = (i) => AXIS + GAP + i * (CELL + GAP) + CELL / 2;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "sb-links");
  svg.setAttribute("aria-hidden", "true");
  const size = AXIS + SIZE * (CELL + GAP);
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  for (const [ax, ay, bx, by] of links) {
    const line = document.createElementNS(ns, "line");
    line.setAttribute("x1", String(centre(ax)));
    line.setAttribute("y1", String(centre(ay)));
    line.setAttribute("x2", String(centre(bx)));
    line.setAttribute("y2", String(centre(by)));
    line.setAttribute("class", "sb-link");
    svg.append(line);
  }
  return svg;
}

function mapGrid(ctx, state) {
  const v = ctx.view;
  const extra = ctx.extra || {};
  const sites = new Map();
  for (const [x, y, name, owner, damage, functional, shielded] of v.board.sites) {
    sites.set(cellKey(x, y), { name, owner, damage, functional, shielded });
  }
  const meteor = v.meteor;
  let fresh = null;
  if (meteor && ctx.live) {
    const mt = `meteor@${v.turn}|${meteor.cell}`;
    if (!ctx.seenDice.has(mt) && !ctx.firstRender) fresh = cellKey(...meteor.cell);
    ctx.seenDice.add(mt);
  }
  const frontier = new Set((extra.frontier || []).map(([x, y]) => cellKey(x, y)));
  const corners = new Map((v.corners || []).map(([x, y], p) => [cellKey(x, y), p]));
  const grid = h("div", { class: "sb-map" + (state.risk ? " sb-risk-on" : ""), role: "grid",
    "aria-label": "the 10 x 10 map: x to the right, y down; arrow keys move between cells" });
  grid.append(h("span", { class: "sb-axis sb-corner-label", style: { gridColumn: "1", gridRow: "1" } }, "y\\x"));
  for (let i = 0; i < SIZE; i++) {
    grid.append(h("span", { class: "sb-axis", style: { gridColumn: String(i + 2), gridRow: "1" } }, String(i)));
    grid.append(h("span", { class: "sb-axis", style: { gridColumn: "1", gridRow: String(i + 2) } }, String(i)));
  }
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const k = cellKey(x, y);
      const el = siteCell(ctx, x, y, sites.get(k), extra, state, fresh === k);
      if (frontier.has(k) && !sites.has(k)) el.classList.add("sb-frontier");
      if (corners.has(k)) {
        el.classList.add("sb-cornercell");
        if (!sites.has(k)) el.classList.add(`sb-own${corners.get(k)}`);
        el.title += ` (player ${corners.get(k)}'s corner)`;
      }
      grid.append(el);
    }
  }
  const links = hubLinks(v);
  if (links) grid.append(links);
  // Roving focus: one cell of the map is in the Tab order (the cursor, else the first
  // actionable cell, else (0,0)); arrow keys move it.
  const cells = [...grid.querySelectorAll(".sb-cell")];
  let start = state.cursor && grid.querySelector(`[data-cell="${state.cursor}"]`);
  if (!start) start = grid.querySelector(".sb-cell[data-action]") || cells[0];
  if (start) start.setAttribute("tabindex", "0");
  if (state.refocus !== null && state.refocus !== ctx.version && state.cursor) {
    // A cell played from the keyboard: once the new view is drawn, focus goes back to
    // the same cell (its action is gone, so the common focus keeper cannot find it).
    state.refocus = null;
    state.focusCell = state.cursor;  // afterDraw
  }
  return grid;  // the keyboard: onKey; hover and focus: onShow
}

/** Focus cell `key` of the live map (and make it the one in the Tab order). */
function focusCell(grid, key, scroll = false) {
  const el = grid && grid.querySelector(`[data-cell="${key}"]`);
  if (!el) return;
  for (const c of grid.querySelectorAll('.sb-cell[tabindex="0"]')) c.setAttribute("tabindex", "-1");
  el.setAttribute("tabindex", "0");
  el.focus({ preventScroll: !scroll });
}

function afterDraw(ctx, content) {
  const state = local(ctx.model);
  if (state.focusCell === null || state.focusCell === undefined) return;
  const key = state.focusCell;
  state.focusCell = null;
  focusCell(content.querySelector(".sb-map"), key);
}

function infoPanel(ctx, state) {
  // board.explain of the hovered / focused site (extra.explain), updated without a redraw
  // (onShow).
  state.extra = ctx.extra;
  return h("section", { class: "bg-section sb-explain", "aria-label": "explanation" },
    h("h4", null, "Why?"), h("p", { class: "sb-explain-text", "aria-live": "polite" },
      "Hover or focus a site to see why it is functional or defunct."));
}

function riskPanel(ctx, state) {
  const risk = (ctx.extra || {}).risk;
  if (!risk) return null;
  const rows = risk.players.map((r) => h("tr", { class: `sb-own${r.player}` },
    h("th", null, who(ctx, r.player)),
    h("td", null, probText({ p: r.p_loss, prob: r.prob_loss })),
    h("td", null, `${r.mean.toFixed(3)} `, h("span", { class: "bg-exact" }, r.expected)),
    h("td", { class: "sb-dist" }, r.dist.filter((d) => d.outcome !== "0").map((d) => h("span", { class: "bg-chip", title: `exactly ${d.p}` }, `\u2212${d.outcome}: ${(d.prob * 100).toFixed(0)}%`)))));
  return h("section", { class: "bg-section sb-riskpanel" + (state.risk ? "" : " bg-hidden"), "aria-label": "meteor risk" },
    h("h4", null, "This turn's meteor: exact risk"),
    h("p", { class: "bg-muted" }, `${risk.exposed} exposed installation${risk.exposed === 1 ? "" : "s"}; each cell is hit with probability 1/100. On the map: P(defunct) of each site and the income a hit there costs you.`),
    h("table", { class: "sb-risktable" },
      h("thead", null, h("tr", null, h("th", null, "player"), h("th", null, "P(income lost)"), h("th", null, "expected loss"), h("th", null, "distribution"))),
      h("tbody", null, rows)));
}

function riskToggle(ctx, state) {
  const btn = h("button", { class: "bg-btn sb-risk-toggle", type: "button", "data-control": "risk",
    "aria-pressed": state.risk ? "true" : "false", title: "show the exact meteor risk on the map" },
  state.risk ? "Hide meteor risk" : "Meteor risk");
  return btn;  // a click: onRisk
}

function playersPanel(ctx) {
  const v = ctx.view;
  const agents = agentsOf(ctx);
  const rows = [];
  for (let p = 0; p < v.players; p++) {
    const look = ctx.take(`control look ${p}`);
    const tags = [];
    if (p === ctx.player) tags.push("you");
    if (agents[String(p)] !== undefined) tags.push("computer");
    rows.push(h("div", { class: `sb-player sb-own${p}` + (v.turn_player === p && !v.is_over ? " sb-current" : ""), "data-key": `player ${p}` },
      h("span", { class: "sb-swatch", "aria-hidden": "true" }),
      h("span", { class: "sb-pname" }, `Player ${p}${tags.length ? ` (${tags.join(", ")})` : ""}`),
      h("span", { class: "sb-stat", title: "credits" }, `${v.credits[p]} cr`),
      h("span", { class: "sb-stat", title: "income of the functional sites, per Production phase" }, `+${v.income[p]}/turn`),
      h("span", { class: "sb-stat", title: "cards in hand" }, `${v.hand_sizes[p]} card${v.hand_sizes[p] === 1 ? "" : "s"}`),
      look ? h("button", { class: "bg-btn bg-act", type: "button", "data-action": look,
        title: `play a Control card: look at player ${p}'s hand and take one card` }, "Look at hand") : null));
  }
  const track = h("ol", { class: "sb-phases", "aria-label": "phases of the turn" },
    PHASES.map(([key, label]) => h("li", { class: key === v.phase ? "sb-now" : "", "aria-current": key === v.phase ? "step" : null }, label)));
  return h("section", { class: "bg-section sb-players", "aria-label": "players" },
    h("div", { class: "sb-meta" },
      h("span", { class: "bg-chip" }, `round ${v.round}`),
      h("span", { class: "bg-chip" }, `deck ${v.deck_size}`),
      h("span", { class: "bg-chip", title: "played and discarded cards" }, `discard ${Object.values(v.discard || {}).reduce((a, b) => a + b, 0)}`),
      track),
    h("div", { class: "sb-playerlist" }, rows));
}

function promptText(ctx) {
  const v = ctx.view;
  const pend = v.pending;
  const agents = agentsOf(ctx);
  if (v.is_over) {
    const w = v.winner;
    return `Game over. ${w === null || w === undefined ? "A tie for the most credits." : `${who(ctx, w)} wins`} (credits ${v.credits.join(" / ")}).`;
  }
  if (!ctx.live) return "A past position (read-only).";
  if (v.current_player === -1) {
    const text = { meteor: "A meteor falls: 2D10 pick the cell", damage: "The meteor hits an installation: 1D10 damage", draw: "A card is drawn" }[v.chance] || "Chance";
    const mine = ctx.player !== null;
    if (v.chance === "draw") return `${text}${mine ? " \u2014 draw it with the seeded roll." : "."}`;
    return `${text}${mine && (ctx.model.get("chance") || []).length ? " \u2014 pick the outcome in the chance panel, or roll." : "."}`;
  }
  if (v.current_player !== ctx.player) {
    const comp = agents[String(v.current_player)] !== undefined;
    return `Player ${v.current_player}${comp ? " (computer)" : ""} is playing the ${v.phase} phase\u2026`;
  }
  if (v.phase === "setup") return "Place your Outpost: click a highlighted cell within 2 spaces of your corner.";
  const held = heldCard(ctx);
  if (held) return `Place the ${held}: click a highlighted cell, or choose another card (choosing is not a move).`;
  if (pend && pend.kind === "build") return `Place the ${pend.card}: click a highlighted cell (Undo to choose another card).`;
  if (pend && pend.kind === "transfer") return `Transfer: click an empty highlighted cell to move the site at ${cellText(...pend.cell)} there, or another of your sites to swap them.`;
  if (pend && pend.kind === "steal") return `Control: take one card from player ${pend.player}'s hand (shown to you only).`;
  return {
    transfer: "Transfer phase: click one of your sites to play a Transfer card on it, or go on.",
    repair: "Repair phase: click a damaged site to repair it fully (1 credit per point), or pay part below.",
    control: "Control phase: take over an opponent's site next to yours (highlighted), or look at a hand.",
    draw: "Draw phase: 9 or more cards in hand \u2014 click a card to discard it (down to 8).",
    build: "Build phase: choose a card in your hand, then click a highlighted cell to place it.",
  }[v.phase] || "";
}

function prompt(ctx, state) {
  const v = ctx.view;
  const parts = [h("span", { class: "sb-prompt-text" }, promptText(ctx))];
  const buttons = [];
  const done = ctx.take("done");
  if (done) buttons.push(h("button", { class: "bg-btn bg-act sb-primary", type: "button", "data-action": done }, DONE_LABEL[v.phase] || "Done"));
  // Repair amounts not placed on a cell (the cell repairs fully).
  const repairs = ctx.legal.filter((a) => a.startsWith("repair ") && !ctx.placed.has(a));
  for (const a of repairs) {
    const got = ctx.take(a);
    const [, c, n] = got.split(" ");
    buttons.push(h("button", { class: "bg-btn bg-act sb-repair", type: "button", "data-action": got, title: got }, `repair ${c}: ${n} cr`));
  }
  const drawRoll = ctx.live && ctx.player !== null && v.current_player === -1 && v.chance === "draw" && !ctx.model.get("auto_roll");
  if (drawRoll) buttons.push(h("button", { class: "bg-btn sb-primary", type: "button", "data-control": "roll" }, "Draw (seeded roll)"));
  buttons.push(riskToggle(ctx, state));
  parts.push(h("span", { class: "bg-row" }, buttons));
  return h("div", { class: "sb-prompt", role: "status" }, parts);
}

function handRow(ctx) {
  const v = ctx.view;
  if (!Array.isArray(v.hand)) {
    return h("section", { class: "bg-section sb-hand", "aria-label": "hand" },
      h("h4", null, "Hand"), h("span", { class: "bg-muted" }, "hidden from spectators"));
  }
  const counts = new Map();
  for (const n of v.hand) counts.set(n, (counts.get(n) || 0) + 1);
  const pend = v.pending;
  const cards = [...counts.entries()].map(([name, count]) => {
    let action = null;
    for (const a of [`build ${name}`, `discard ${name}`]) {
      action = ctx.take(a);
      if (action) break;
    }
    const chosen = (pend && pend.kind === "build" && pend.card === name) || heldCard(ctx) === name;
    const kind = kindOf(name);
    const body = [h("span", { class: "sb-cname" }, name),
      h("span", { class: "sb-cinfo" }, kind === "action" ? (name === "Transfer" ? "play in Transfer phase" : "play in Control phase")
        : (INCOME[name] ? `income ${INCOME[name]}` : kind)),
      ((ctx.extra || {}).needs || {})[name] ? h("span", { class: "sb-cneeds" }, ctx.extra.needs[name]) : null,
      count > 1 ? h("span", { class: "sb-count" }, `\u00d7${count}`) : null];
    const cls = `sb-card sb-k-${kind}` + (chosen ? " sb-chosen" : "") + (action ? " sb-actionable" : "");
    if (action) {
      return h("button", { class: cls, type: "button", "data-action": action, "data-card": name,
        ...ctx.describe(name, action.startsWith("build") ? `${action}: then click a highlighted cell` : action) }, body,
      h("span", { class: "sb-verb" }, action.split(" ")[0]));
    }
    return h("div", { class: cls, "data-card": name, "data-key": `card ${name}`, ...ctx.why(`build ${name}`), ...ctx.describe(name, name) }, body);
  });
  return h("section", { class: "bg-section sb-hand", "aria-label": "your hand" },
    h("h4", null, `Your hand (${v.hand.length})`),
    h("div", { class: "sb-cards" }, cards.length ? cards : h("span", { class: "bg-muted" }, "empty")));
}

function peekRow(ctx) {
  const peek = ctx.view.peek;
  if (!peek) return null;
  const cards = [...new Set(peek.hand)].map((name) => {
    const a = ctx.take(`steal ${name}`);
    const n = peek.hand.filter((x) => x === name).length;
    const label = `${name}${n > 1 ? ` \u00d7${n}` : ""}`;
    return a ? h("button", { class: "sb-card sb-actionable", type: "button", "data-action": a, ...ctx.describe(name, a) }, h("span", { class: "sb-cname" }, label), h("span", { class: "sb-verb" }, "take"))
      : h("div", { class: "sb-card", ...ctx.describe(name) }, h("span", { class: "sb-cname" }, label));
  });
  return h("section", { class: "bg-section sb-peek", "aria-label": `player ${peek.player}'s hand` },
    h("h4", null, `Player ${peek.player}'s hand (shown to you only)`), h("div", { class: "sb-cards" }, cards));
}

function meteorDice(ctx) {
  const v = ctx.view;
  const m = v.meteor;
  if (!m) return null;
  const [x, y] = m.cell;
  const key = `dice@${v.turn}|${m.cell}|${m.result}`;
  const fresh = !ctx.seenDice.has(key) && !ctx.firstRender;
  ctx.seenDice.add(key);
  const die = (face, label) => h("span", { class: "bg-chip sb-d10" + (fresh ? " bg-fresh" : ""), title: label }, String(face));
  const result = { "empty space": "an empty space: unaffected", unaffected: "not an installation: unaffected",
    shielded: "shielded: unaffected", "rolling damage": "rolling the damage\u2026",
    damaged: `${m.damage} damage: the site is defunct` }[m.result] || m.result;
  return h("section", { class: "bg-section bg-dice sb-meteorbox", "aria-label": "the last meteor" },
    h("h4", null, `Meteor (turn ${v.turn})`),
    h("div", { class: "bg-row" }, "2D10 ", die(x + 1, "x die (1..10 \u2192 x 0..9)"), die(y + 1, "y die (1..10 \u2192 y 0..9)"),
      ` \u2192 ${cellText(x, y)}: `,
      m.result === "damaged" ? ["1D10 ", die(m.damage, "damage die")] : null,
      h("span", { class: m.result === "damaged" ? "sb-bad" : "bg-muted" }, result)));
}

/** What the marks in the cells mean (the codes are the view's, the words the rules'). */
function mapLegend(ctx) {
  const codes = Object.entries(ORE_CODE).map(([ore, code]) => `${code} = ${ore}`).join(", ");
  return h("p", { class: "bg-muted sb-legend", "data-key": "legend" },
    `In a cell: the site's short name; "on"/"off": an installation working or not (it needs power and its `
    + `requirements next to it); $n: its income a turn while on; ore codes (the ores an extractor carries): ${codes}. `
    + "A coloured empty corner is a player's starting corner: the Outpost goes within 2 spaces of it. "
    + "Hover a site, a card or a cell for what it does.");
}

function renderMain(ctx) {
  const v = ctx.view;
  if (!v || !v.board) return h("p", null, "No position to show.");
  const state = local(ctx.model);
  // Actions go on the map, the players, the looked-at hand and the hand first; the
  // prompt gets what is left ("done", partial repairs).
  const grid = mapGrid(ctx, state);
  const players = playersPanel(ctx);
  const peek = peekRow(ctx);
  const hand = handRow(ctx);
  const info = infoPanel(ctx, state);
  return h("div", { class: "sb-root" },
    players, prompt(ctx, state),
    h("div", { class: "sb-layout" },
      h("div", { class: "sb-mapbox" }, grid, mapLegend(ctx)),
      h("div", { class: "sb-side" }, peek, info, riskPanel(ctx, state))),
    hand);
}

function render({ model, el, host, signal }) {
  const state = local(model);
  let board = null;
  // This board's own elements (not a what-if board's, nested in its forks area).
  const mine = (target, sel) => {
    const e = target instanceof Element ? target.closest(sel) : null;
    return e && board && e.closest(".bg-board") === board.root ? e : null;
  };
  const onKey = (ev) => {
    const cur = mine(ev.target, ".sb-map .sb-cell");
    if (!cur) return;
    if ((ev.key === "Enter" || ev.key === " ") && cur.dataset.action) {
      state.cursor = cur.dataset.cell;
      state.refocus = model.get("version");
      return;
    }
    const [x, y] = cur.dataset.cell.split(",").map(Number);
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
    if (!step) return;
    ev.preventDefault();
    const nx = Math.max(0, Math.min(SIZE - 1, x + step[0]));
    const ny = Math.max(0, Math.min(SIZE - 1, y + step[1]));
    focusCell(cur.closest(".sb-map"), cellKey(nx, ny), true);
  };
  const onShow = (ev) => {
    const cell = mine(ev.target, ".sb-map .sb-cell");
    if (!cell) return;
    state.cursor = cell.dataset.cell;
    const box = board.root.querySelector(":scope > .bg-content .sb-explain");
    const text = box && box.querySelector(".sb-explain-text");
    if (!text) return;
    const ex = ((state.extra || {}).explain || {})[cell.dataset.cell];
    text.textContent = ex || `${cellText(...cell.dataset.cell.split(",").map(Number))} is empty`;
    box.dataset.cell = cell.dataset.cell;
  };
  const onRisk = (ev) => {
    const btn = mine(ev.target, '[data-control="risk"]');
    if (!btn) return;
    state.risk = !state.risk;
    const content = board.root.querySelector(":scope > .bg-content");
    content.querySelector(".sb-map")?.classList.toggle("sb-risk-on", state.risk);
    content.querySelector(".sb-riskpanel")?.classList.toggle("bg-hidden", !state.risk);
    btn.setAttribute("aria-pressed", state.risk ? "true" : "false");
    btn.textContent = state.risk ? "Hide meteor risk" : "Meteor risk";
  };
  el.addEventListener("keydown", onKey);
  el.addEventListener("mouseover", onShow);
  el.addEventListener("focusin", onShow);
  el.addEventListener("click", onRisk);
  board = mountBoard({ model, el, host, signal }, {
    game: "spacebase",
    title: () => "Space Base",
    renderMain,
    afterDraw,
    renderDice: meteorDice,
  });
  return () => {
    el.removeEventListener("keydown", onKey);
    el.removeEventListener("mouseover", onShow);
    el.removeEventListener("focusin", onShow);
    el.removeEventListener("click", onRisk);
    board();
  };
}

export default { render };
