// The Blast board: circular backgammon with cards. Draws game.view(player): the ring of
// 28 sectors (sector 1, Earth, at the top; numbers clockwise), both sides' units as force
// chips (Terran on the outer half of a sector, Empire on the inner half), control rims,
// planets, the scrap heaps, deck / vortex counts and the dice in the middle; the hand,
// the prompt and the fight (both totals, exact odds) beside it.
//
// Moves take two clicks: a unit chip (a <button> without data-action: the selection is
// kept here, in the browser), then a highlighted destination (a <button> carrying the
// full notation in data-action, e.g. "move 12:3 by 4"). A card with a target is chosen
// the same way (the card, then a die or a unit). Any chip may be selected, at any time,
// to draw its reach odds (extra.reach: P(it can land on each sector with a fresh 2D6)).
import { mountBoard, h, probText } from "./common.js";

const N = 28;
const SIZE = 600;
const C = SIZE / 2;
const R_OUT = 266;
const R_IN = 152;
const R_MID = (R_OUT + R_IN) / 2;
const BOX_W = 48;
const BOX_H = R_OUT - R_IN - 4;
const SIDES = ["terran", "empire"];
const SHORT = { terran: "Terran", empire: "Empire" };
const NAMES = { terran: "Terran Defense Force", empire: "Evil Empire" };
const PHASES = [["draw", "Draw"], ["roll", "Roll"], ["build", "Build"], ["move", "Move"], ["fight", "Fight"]];
const PROMPTS = {
  espionage: "Espionage: play it to see the other hand for this turn, or pass.",
  discard: "Over the hand limit: click a card in your hand to discard it.",
  offensive: "Major Offensive: click two more cards in your hand to discard them.",
  dice: "Dice cards: click a card in your hand (then a die, if it names one), or done.",
  build: "Build: rebuild a destroyed unit on your homeworld, or done.",
  jam: "Jam Transmission: click an enemy unit to pin it for this turn, or pass.",
  move: "Move: click one of your units, then a highlighted sector. Every die must be used.",
  fight: "Choose the next fight.",
  attack: "Attack cards: click one in your hand to add it to your total, or done.",
  defend: "Defence cards: click one in your hand to add it to your total, or pass.",
  keep: "You won: choose the units to keep (total Force up to the difference, or any one unit).",
  end: "End of your turn: play Major Offensive for another turn, or done.",
};
const DECIDING = {
  espionage: "Espionage or pass", discard: "discards over the hand limit", offensive: "Major Offensive discards",
  dice: "dice cards", build: "rebuilding", jam: "Jam Transmission or pass", move: "moves", fight: "the order of the fights",
  attack: "attack cards", defend: "defence cards or pass", keep: "the survivors", end: "the end of the turn",
};
const SVGNS = "http://www.w3.org/2000/svg";

/** An SVG element (h() makes HTML ones). */
function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// Per-board state kept in the browser only (never game state): the selected unit or
// card, the reach overlay switch, the unit to select again after a move.
const LOCAL = new WeakMap();
function local(model) {
  let st = LOCAL.get(model);
  if (!st) { st = { sel: null, reach: true, follow: null, version: null, keyboard: false }; LOCAL.set(model, st); }
  return st;
}

const deg = (sector) => -90 + (sector - 1) * (360 / N);
const rad = (d) => (d * Math.PI) / 180;
const polar = (r, sector) => [C + r * Math.cos(rad(deg(sector))), C + r * Math.sin(rad(deg(sector)))];
const unitKey = (side, sector, force) => `${side}:${sector}:${force}`;
const pct = (p) => (p >= 0.9995 ? "100%" : p > 0 && p < 0.001 ? "<0.1%" : `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`);

/** Legal actions sorted by where they go (each is "taken" once, so the common "Other
 *  actions" list gets only what this board does not place itself). */
function makePlan(ctx) {
  const plan = { unit: new Map(), jam: new Map(), die: new Map(), card: new Map(), cardTargets: new Map(),
    prompt: [], keep: [], rebuild: [], fight: [] };
  if (!ctx.live) return plan;
  const targets = (ctx.extra && ctx.extra.targets) || {};
  for (const a of ctx.legal) {
    const t = targets[a];
    if (t && t.kind === "jam") {
      if (ctx.take(a)) plan.jam.set(t.unit, a);
      continue;
    }
    if (t) {
      if (!ctx.take(a)) continue;
      const item = { action: a, ...t };
      // Each unit's own list; a whole-stack move is listed on every unit of its sector.
      const list = plan.unit.get(t.unit) || [];
      list.push(item);
      plan.unit.set(t.unit, list);
      const card = a.startsWith("play ") ? a.slice(5).split(" on ")[0] : null;
      if (card) {
        const cl = plan.cardTargets.get(card) || [];
        cl.push(item);
        plan.cardTargets.set(card, cl);
      }
      continue;
    }
    let m = /^play (.+) on die (\d+)$/.exec(a);
    if (m) {
      if (!ctx.take(a)) continue;
      const list = plan.die.get(m[1]) || [];
      list.push({ action: a, die: Number(m[2]) });
      plan.die.set(m[1], list);
      continue;
    }
    m = /^(play|discard) (.+)$/.exec(a);
    if (m && !m[2].includes(" on ")) {
      if (ctx.take(a)) plan.card.set(`${m[1]} ${m[2]}`, a);
      continue;
    }
    if (/^keep \d$/.test(a)) { if (ctx.take(a)) plan.keep.push(a); continue; }
    if (/^rebuild /.test(a)) { if (ctx.take(a)) plan.rebuild.push(a); continue; }
    if (/^fight \d+$/.test(a)) { if (ctx.take(a)) plan.fight.push(a); continue; }
    if (a === "done" || a === "pass") { if (ctx.take(a)) plan.prompt.push(a); continue; }
  }
  return plan;
}

/** The actions of the selected unit: its own, and its sector's whole-stack moves. */
function unitActions(plan, sel) {
  if (!sel || sel.type !== "unit") return [];
  return [...(plan.unit.get(`${sel.sector}:${sel.force}`) || []), ...(plan.unit.get(String(sel.sector)) || [])];
}

// ---------------------------------------------------------------------- the track
function backdrop(ctx, v, st) {
  const svg = s("svg", { class: "bl-ring", viewBox: `0 0 ${SIZE} ${SIZE}`, width: SIZE, height: SIZE, "aria-hidden": "true" });
  const half = 180 / N;
  const sectors = v.sectors || [];
  const fight = v.fight ? v.fight.sector : null;
  const reach = reachRow(ctx, st);
  for (const sec of sectors) {
    const n = sec.sector;
    const a0 = rad(deg(n) - half);
    const a1 = rad(deg(n) + half);
    const p = (r, a) => `${(C + r * Math.cos(a)).toFixed(1)},${(C + r * Math.sin(a)).toFixed(1)}`;
    const d = `M${p(R_OUT, a0)} A${R_OUT},${R_OUT} 0 0 1 ${p(R_OUT, a1)} L${p(R_IN, a1)} A${R_IN},${R_IN} 0 0 0 ${p(R_IN, a0)} Z`;
    const both = sec.terran.length && sec.empire.length;
    const cls = ["bl-wedge", sec.planet ? "bl-planet" : "", sec.control ? `bl-ctrl-${sec.control}` : "",
      both ? "bl-contested" : "", fight === n ? "bl-fighting" : ""].filter(Boolean).join(" ");
    svg.append(s("path", { d, class: cls }));
    if (reach && reach[n - 1] !== null && reach[n - 1] > 0) {
      svg.append(s("path", { d, class: "bl-reach", "fill-opacity": (0.12 + 0.6 * reach[n - 1]).toFixed(2) }));
    }
    const [x, y] = polar(R_OUT + 12, n);
    svg.append(s("text", { x: x.toFixed(1), y: (y + 4).toFixed(1), class: "bl-num" + (sec.planet ? " bl-num-planet" : ""), "text-anchor": "middle" }, n));
    if (reach && reach[n - 1] !== null && reach[n - 1] > 0) {
      const [rx, ry] = polar(R_IN + 9, n);
      svg.append(s("text", { x: rx.toFixed(1), y: (ry + 3).toFixed(1), class: "bl-reach-text", "text-anchor": "middle" }, pct(reach[n - 1])));
    }
  }
  return svg;
}

/** The reach row of the selected unit (28 probabilities), if the overlay is on. */
function reachRow(ctx, st) {
  const sel = st.sel;
  if (!st.reach || !sel || sel.type !== "unit") return null;
  const side = ((ctx.extra || {}).reach || {})[sel.side];
  return side ? side[String(sel.sector)] || null : null;
}

function chip(ctx, plan, st, side, sector, force, count) {
  const key = unitKey(side, sector, force);
  const jam = plan.jam.get(`${sector}:${force}`);
  const mine = ctx.view.side === side;
  const sel = st.sel;
  const selected = sel && sel.type === "unit" && sel.side === side && sel.sector === sector && sel.force === force;
  const acts = mine ? [...(plan.unit.get(`${sector}:${force}`) || []), ...(plan.unit.get(String(sector)) || [])] : [];
  const jammed = (ctx.view.jammed || []).some(([js, jf]) => js === sector && jf === force);
  const name = `${SHORT[side]} unit of force ${force} on sector ${sector}${count > 1 ? ` (${count} units)` : ""}`;
  const attrs = {
    class: `bl-chip bl-${side}` + (selected ? " bl-selected" : "") + (acts.length ? " bl-movable" : "")
      + (jam ? " bl-jam-target" : "") + (jammed ? " bl-jammed" : ""),
    type: "button", "data-key": key, "data-unit": `${sector}:${force}`, "data-side": side,
    "aria-pressed": selected ? "true" : "false",
    "aria-label": jam ? `${jam} (${name})` : `${name}${acts.length ? `: ${acts.length} move${acts.length === 1 ? "" : "s"}` : ""}`,
    ...ctx.describe(`${side} unit ${force}`, jam || `${name}${jammed ? " \u2014 jammed this turn" : ""}${acts.length ? " \u2014 click, then a highlighted sector" : " \u2014 click to see where it can reach"}`),
  };
  if (jam) attrs["data-action"] = jam;
  else attrs["data-select"] = "unit";  // a click selects it (onSelect)
  return h("button", attrs, h("span", { class: "bl-force" }, force),
    count > 1 ? h("span", { class: "bl-count" }, count) : null,
    jammed ? h("span", { class: "bl-pin", "aria-hidden": "true" }) : null);  // drawn in CSS
}

function sectorBox(ctx, plan, st, sec) {
  const n = sec.sector;
  const [x, y] = polar(R_MID, n);
  const box = h("div", { class: "bl-sector" + (sec.planet ? " bl-sector-planet" : ""), "data-sector": String(n),
    style: { left: `${x - BOX_W / 2}px`, top: `${y - BOX_H / 2}px`, width: `${BOX_W}px`, height: `${BOX_H}px`,
      transform: `rotate(${deg(n) + 90}deg)` } });
  const both = sec.terran.length && sec.empire.length;
  for (const side of SIDES) {
    const forces = sec[side];
    if (!forces.length) continue;
    const counts = new Map();
    for (const f of forces) counts.set(f, (counts.get(f) || 0) + 1);
    const group = h("div", { class: `bl-stack bl-stack-${side}` + (both ? " bl-half" : "") });
    for (const f of [...counts.keys()].sort((a, b) => b - a)) {
      const c = chip(ctx, plan, st, side, n, f, counts.get(f));
      c.style.transform = `rotate(${-(deg(n) + 90)}deg)`;  // digits stay upright
      group.append(c);
    }
    box.append(group);
  }
  return box;
}

const KIND_TEXT = { move: "move", back: "Space Combat Tactics (backwards)", stack: "Strategic Move (whole stack)", home: "Defend the Homeworld" };
const KIND_RANK = { move: 0, stack: 1, back: 2, home: 3 };

/** Destination buttons of the selected unit: one per sector it can land on (the plain
 *  move first); the other actions landing there are listed in the side panel. */
function destinations(ctx, plan, st) {
  const out = [];
  const acts = unitActions(plan, st.sel).slice().sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind]);
  const used = new Set();
  const onTrack = new Set();
  for (const t of acts) {
    if (used.has(t.to)) continue;
    used.add(t.to);
    onTrack.add(t.action);
    const [x, y] = polar(R_MID, t.to);
    const die = /(?:by|back) (\d+)$/.exec(t.action);
    out.push(h("button", { class: `bl-dest bl-dest-${t.kind}`, type: "button", "data-action": t.action,
      "data-sector": String(t.to), "aria-label": `${t.action}: to sector ${t.to}`, title: `${t.action} \u2192 sector ${t.to}`,
      style: { left: `${x - BOX_W / 2}px`, top: `${y - BOX_H / 2}px`, width: `${BOX_W}px`, height: `${BOX_H}px`,
        transform: `rotate(${deg(t.to) + 90}deg)` } },
    h("span", { class: "bl-dest-label", style: { transform: `rotate(${-(deg(t.to) + 90)}deg)` } },
      t.kind === "home" ? "\u2302" : t.kind === "back" ? `\u21ba${die ? die[1] : ""}` : `\u2192${die ? die[1] : ""}`)));
  }
  return { buttons: out, onTrack };
}

function planetLabels(v) {
  return (v.sectors || []).filter((sec) => sec.planet).map((sec) => {
    const [x, y] = polar(R_IN - 32, sec.sector);  // two lines (blast.css), clear of the ring
    return h("div", { class: `bl-planet-label` + (sec.control ? ` bl-${sec.control}-text` : ""),
      style: { left: `${x}px`, top: `${y}px` } }, sec.planet,
    sec.control ? h("span", { class: "bl-held" }, ` (${SHORT[sec.control]})`) : null);
  });
}

function dieFaces(ctx, plan, st, v) {
  const dice = v.dice || [];
  const key = `${v.turn}|${(v.rolled || []).join(",")}|${dice.join(",")}`;
  const fresh = ctx.live && !ctx.firstRender && !ctx.seenDice.has(key);
  ctx.seenDice.add(key);
  const sel = st.sel && st.sel.type === "card" ? plan.die.get(st.sel.card) || [] : [];
  const placed = new Set();
  const faces = dice.map((d, i) => {
    const t = sel.find((x) => x.die === d && !placed.has(x.action));
    const style = { animationDelay: `${i * 120}ms` };
    if (t) {
      placed.add(t.action);
      return h("button", { class: "bl-die bl-die-target", type: "button", "data-action": t.action, style,
        title: t.action, "aria-label": t.action }, d);
    }
    return h("span", { class: "bl-die", style, "aria-label": `die ${d}` }, d);
  });
  return h("div", { class: "bl-dice" + (fresh ? " bl-fresh" : ""), "data-key": "dice" },
    faces.length ? faces : h("span", { class: "bg-muted" }, (v.rolled || []).length ? "all dice used" : "no dice"),
    (v.rolled || []).length ? h("div", { class: "bl-rolled" }, `rolled ${v.rolled.join(" + ")}${v.doubles ? " (doubles)" : ""}`) : null);
}

function scrapHeap(side, forces) {
  const counts = new Map();
  for (const f of forces) counts.set(f, (counts.get(f) || 0) + 1);
  return h("div", { class: `bl-scrap bl-scrap-${side}`, "data-key": `scrap-${side}` },
    h("span", { class: "bl-scrap-title" }, `${SHORT[side]} scrap ${forces.length}`),
    h("span", { class: "bl-scrap-chips" }, forces.length ? [...counts.keys()].sort((a, b) => b - a).map((f) =>
      h("span", { class: `bl-mini bl-${side}`, title: `${counts.get(f)} unit(s) of force ${f}` }, f,
        counts.get(f) > 1 ? h("sub", null, counts.get(f)) : null)) : h("span", { class: "bg-muted" }, "empty")));
}

function centre(ctx, plan, st, v) {
  const turnSide = v.to_move;
  const status = v.is_over
    ? (v.winner_side ? `${NAMES[v.winner_side]} wins` : "draw (turn limit)")
    : `${SHORT[turnSide] || "?"} turn \u00b7 ${v.phase}`;
  return h("div", { class: "bl-centre", style: { left: `${C - 106}px`, top: `${C - 106}px` } },
    h("div", { class: "bl-title" }, "BLAST"),
    h("div", { class: `bl-status bl-${turnSide}-text` }, status),
    dieFaces(ctx, plan, st, v),
    h("div", { class: "bl-counts" },
      h("span", { title: "cards left in the deck" }, `Deck ${v.deck_size}`),
      h("span", { title: "discard pile" }, `Vortex ${v.vortex_size}`),
      (v.in_play || []).length ? h("span", { title: (v.in_play || []).join(", ") }, `In play ${v.in_play.length}`) : null),
    scrapHeap("terran", (v.scrap || {}).terran || []),
    scrapHeap("empire", (v.scrap || {}).empire || []),
    (v.jammed || []).length ? h("div", { class: "bl-note" }, `jammed: ${v.jammed.map(([a, b]) => `${a}:${b}`).join(", ")}`) : null,
    v.espionage ? h("div", { class: "bl-note" }, `${SHORT[v.espionage]} sees the other hand`) : null);
}

function track(ctx, plan, st, v) {
  const area = h("div", { class: "bl-track", style: { width: `${SIZE}px`, height: `${SIZE}px` }, role: "group",
    "aria-label": "the track: 28 sectors, sector 1 (Earth) at the top, clockwise" });
  area.append(backdrop(ctx, v, st), ...planetLabels(v), centre(ctx, plan, st, v));
  for (const sec of v.sectors || []) area.append(sectorBox(ctx, plan, st, sec));
  const dest = destinations(ctx, plan, st);
  for (const b of dest.buttons) area.append(b);
  return { area, onTrack: dest.onTrack };
}

// ---------------------------------------------------------------------- side panels
function prompt(ctx, plan, v) {
  const mine = ctx.live && ctx.player !== null && v.current_player === ctx.player && ctx.legal.length;
  const agents = ctx.model.get("agents") || {};
  let text;
  if (v.is_over) {
    text = v.winner_side ? `${NAMES[v.winner_side]} holds all four planets and wins.` : "The turn limit is reached: a draw.";
  } else if (v.current_player === -1) {
    const drawing = v.chance === "draw";
    const manual = ctx.live && ctx.player !== null && !ctx.model.get("auto_roll");
    text = drawing ? `Drawing a card${manual ? " \u2014 its outcomes stay hidden (they would tell the other hand): draw with the seeded roll." : "."}`
      : `Chance: ${v.chance}${manual ? " \u2014 pick the outcome in the chance panel, or roll." : "."}`;
  } else if (mine) {
    text = PROMPTS[v.decision] || v.decision;
  } else if (agents[String(v.current_player)] !== undefined) {
    text = `The computer (${SHORT[v.actor] || "?"}) is deciding: ${DECIDING[v.decision] || v.decision}.`;
  } else {
    text = `Waiting for ${SHORT[v.actor] || "?"}: ${DECIDING[v.decision] || v.decision}.`;
  }
  const response = mine && v.side && v.to_move !== v.side;
  const buttons = [];
  const label = { done: "Done", pass: "Pass" };
  for (const a of plan.rebuild) {
    const m = /^rebuild (\d)( with Reinforcements)?$/.exec(a);
    buttons.push(h("button", { class: "bg-btn bg-act bl-primary", type: "button", "data-action": a },
      m ? `Rebuild a ${m[1]}${m[2] ? " (Reinforcements)" : ""}` : a));
  }
  for (const a of plan.fight) buttons.push(h("button", { class: "bg-btn bg-act", type: "button", "data-action": a }, `Fight on ${a.slice(6)}`));
  for (const a of plan.prompt) buttons.push(h("button", { class: "bg-btn bg-act", type: "button", "data-action": a }, label[a] || a));
  const drawRoll = ctx.live && ctx.player !== null && v.current_player === -1 && v.chance === "draw" && !ctx.model.get("auto_roll");
  if (drawRoll) buttons.push(h("button", { class: "bg-btn bl-primary", type: "button", "data-control": "roll" }, "Draw (seeded roll)"));
  return h("div", { class: "bl-prompt" + (response ? " bl-response" : "") + (mine ? " bl-yours" : ""), role: "status" },
    response ? h("strong", { class: "bl-response-tag" }, "Your response: ") : null,
    h("span", { class: "bl-prompt-text" }, text),
    buttons.length ? h("div", { class: "bg-row" }, buttons) : null);
}

function phaseTrack(v) {
  return h("ol", { class: "bl-phases", "aria-label": "phases of the turn" },
    PHASES.map(([k, label]) => h("li", { class: k === v.phase ? "bl-now" : "", "aria-current": k === v.phase ? "step" : null }, label)));
}

function sidesBar(ctx, v) {
  return h("div", { class: "bl-sides" }, SIDES.map((side, i) => h("div", { class: `bl-side bl-side-${side}` + (v.to_move === side ? " bl-turn" : "") },
    h("span", { class: `bl-mini bl-${side}` }, side[0].toUpperCase()),
    h("strong", null, SHORT[side]), ctx.view.side === side ? h("span", { class: "bg-muted" }, " (you)") : null,
    h("span", { class: "bl-stat" }, `planets ${(v.planets_held || [])[i]}/4`),
    h("span", { class: "bl-stat" }, `cards ${(v.hand_sizes || [])[i]}/${(v.hand_limits || [])[i]}`))));
}

function fightPanel(ctx, plan, v) {
  const x = (ctx.extra || {}).fight || {};
  const f = v.fight;
  const keep = v.keep;
  const parts = [];
  if (f) {
    const cur = x.current;
    const cards = (list, rolls) => (list || []).map((c, i) => c + (["Surprise Attack", "Ambush"].includes(c) && rolls && rolls[i] !== undefined ? ` (+${rolls[i]})` : "")).join(", ");
    parts.push(h("div", { class: "bl-totals" },
      h("div", { class: `bl-total bl-${f.attacker}` }, h("span", { class: "bl-total-label" }, `${SHORT[f.attacker]} attacks`),
        h("span", { class: "bl-total-value", "data-key": "attacker-total" }, f.attacker_total),
        h("span", { class: "bg-muted" }, `Force ${f.attacker_force}${f.attack_bonus ? ` + ${f.attack_bonus}` : ""}`),
        (f.attack_cards || []).length ? h("span", { class: "bl-cards-played" }, cards(f.attack_cards, f.attack_rolls)) : null),
      h("div", { class: "bl-vs" }, "vs"),
      h("div", { class: `bl-total bl-${f.defender}` }, h("span", { class: "bl-total-label" }, `${SHORT[f.defender]} defends`),
        h("span", { class: "bl-total-value", "data-key": "defender-total" }, f.defender_total),
        h("span", { class: "bg-muted" }, `Force ${f.defender_force}${f.defence_bonus ? ` + ${f.defence_bonus}` : ""}`),
        (f.defence_cards || []).length ? h("span", { class: "bl-cards-played" }, cards(f.defence_cards, f.defence_rolls)) : null)));
    if (cur) {
      parts.push(h("div", { class: "bl-odds", "aria-label": "exact odds of this fight" },
        h("h5", null, "Exact odds, with the cards played so far"),
        cur.rows.map((r) => h("div", { class: `bl-odds-row bl-odds-${r.outcome}` },
          h("span", { class: "bl-odds-name" }, r.outcome === "attacker" ? `${SHORT[cur.attacker]} wins` : r.outcome === "defender" ? `${SHORT[cur.defender]} wins` : "both destroyed"),
          h("span", { class: "bg-bar-bg" }, h("span", { class: "bg-bar", style: { width: `${r.prob * 100}%` } })),
          h("span", { class: "bg-prob" }, probText(r))))));
    }
    const co = (ctx.extra || {}).card_odds || [];
    if (co.length) {
      parts.push(h("div", { class: "bl-card-odds" }, h("h5", null, "Your odds after playing\u2026"),
        h("ul", null, co.map((r) => h("li", null, `${r.card || "no card"}: `, probText({ p: r.p, prob: r.p_win }))))));
    }
  }
  if (keep) {
    parts.push(h("div", { class: "bl-keep" },
      h("span", null, `${SHORT[keep.winner]} won on sector ${keep.sector} by ${keep.difference}: keeps Force \u2264 ${keep.difference} or any one unit.`),
      keep.kept.length ? h("span", { class: "bg-muted" }, ` Kept so far: ${keep.kept.join(" + ")}.`) : null,
      plan.keep.length ? h("div", { class: "bg-row" }, plan.keep.map((a) => h("button", { class: "bg-btn bg-act bl-primary", type: "button", "data-action": a }, `Keep a ${a.slice(5)}`))) : null));
  }
  const coming = (x.coming || []);
  if (coming.length) {
    parts.push(h("div", { class: "bl-coming" }, h("h5", null, "Fights to come (exact odds before cards)"),
      h("ul", null, coming.map((c) => h("li", null, `sector ${c.sector}: ${SHORT[c.attacker]} (attacker) wins `, probText({ p: c.p, prob: c.p_attacker }))))));
  }
  if (!parts.length && v.last_fight) {
    const l = v.last_fight;
    parts.push(h("div", { class: "bg-muted" }, `Last fight, sector ${l.sector}: ${l.attacker_total} against ${l.defender_total}, `
      + (l.winner ? `${SHORT[l.winner]} won` : "both destroyed")));
  }
  if (!parts.length) return null;
  return h("section", { class: "bl-section bl-fight", "aria-label": "fight" },
    h("h4", null, f ? `Fight on sector ${f.sector}` : keep ? "Survivors" : "Fights"), parts);
}

function handPanel(ctx, plan, st, v) {
  if (!Array.isArray(v.hand)) {
    return h("section", { class: "bl-section bl-hand", "aria-label": "hands" }, h("h4", null, "Hands"),
      h("span", { class: "bg-muted" }, "hidden from spectators"));
  }
  const placed = new Set();  // one button per action (a hand may hold two copies)
  const cards = v.hand.map((name, i) => {
    const direct = plan.card.get(`play ${name}`) || plan.card.get(`discard ${name}`);
    const targeted = plan.die.has(name) || plan.cardTargets.has(name);
    const selected = st.sel && st.sel.type === "card" && st.sel.card === name;
    const cls = "bl-card" + (direct || targeted ? " bl-playable" : "") + (selected ? " bl-selected" : "");
    const verb = direct ? direct.split(" ")[0] : targeted ? "choose a target" : null;
    if (direct && !placed.has(direct)) {
      placed.add(direct);
      return h("button", { class: cls, type: "button", "data-action": direct, "data-key": `card${i}:${name}`, ...ctx.describe(name, direct) }, name,
        h("span", { class: "bl-verb" }, verb));
    }
    if (targeted) {
      return h("button", { class: cls, type: "button", "data-key": `card${i}:${name}`, "aria-pressed": selected ? "true" : "false",
        "data-select": "card", "data-card": name, ...ctx.describe(name, `${name}: click, then choose its target`) }, name,
      h("span", { class: "bl-verb" }, verb));
    }
    if (name === "Jam Transmission" && plan.jam.size) {  // its targets are the enemy chips
      return h("div", { class: `${cls} bl-playable`, "data-key": `card${i}:${name}`, ...ctx.describe(name, name) }, name,
        h("span", { class: "bl-verb" }, "click an enemy unit"));
    }
    return h("div", { class: cls, "data-key": `card${i}:${name}`, ...ctx.why(`play ${name}`), ...ctx.describe(name, name) }, name);
  });
  const spied = Array.isArray(v.opponent_hand)
    ? h("div", { class: "bl-spied" }, h("span", { class: "bg-muted" }, "Their hand (Espionage, this turn only): "),
      v.opponent_hand.map((c) => h("span", { class: "bg-chip", ...ctx.describe(c) }, c)))
    : ctx.extra && ctx.extra.spied
      ? h("div", { class: "bl-spied", "data-spied-turn": String(ctx.extra.spied.turn) },
        h("span", { class: "bg-muted" }, `Their hand as Espionage showed it at the end of turn ${ctx.extra.spied.turn} (until your next action): `),
        ctx.extra.spied.hand.map((c) => h("span", { class: "bg-chip", ...ctx.describe(c) }, c)))
      : null;
  return h("section", { class: "bl-section bl-hand", "aria-label": "your hand" },
    h("h4", null, `Your hand ${v.hand.length}/${(v.hand_limits || [])[SIDES.indexOf(v.side)]}`),
    h("div", { class: "bl-cards" }, cards.length ? cards : h("span", { class: "bg-muted" }, "empty")), spied);
}

/** What the selected unit or card can do, as buttons (the destinations already on the
 *  track are not repeated), and a switch for the reach odds. */
function selectionPanel(ctx, plan, st, v, onTrack) {
  const sel = st.sel;
  const reachBtn = h("button", { class: "bg-btn bg-small", type: "button", "data-key": "reach-toggle", "aria-pressed": st.reach ? "true" : "false" },
    st.reach ? "Hide reach odds" : "Show reach odds");
  // a click on it (data-key reach-toggle) or on "Clear" (unselect): onSelect
  if (!sel) {
    return h("section", { class: "bl-section bl-selection" }, h("h4", null, "Selection"),
      h("span", { class: "bg-muted" }, "Click a unit to see its moves and where it can reach next roll. "), reachBtn);
  }
  let title;
  let items = [];
  if (sel.type === "unit") {
    title = `${SHORT[sel.side]} unit of force ${sel.force} on sector ${sel.sector}`;
    items = unitActions(plan, sel).filter((t) => !onTrack.has(t.action));
  } else {
    title = sel.card;
    items = (plan.cardTargets.get(sel.card) || []);
    if (plan.die.has(sel.card)) title += ": click a die in the middle of the track";
  }
  const reach = reachRow(ctx, st);
  const best = reach ? reach.map((p, i) => [p, i + 1]).filter(([p]) => p > 0).sort((a, b) => b[0] - a[0]).slice(0, 4) : [];
  const clear = h("button", { class: "bg-btn bg-small", type: "button", "data-key": "unselect" }, "Clear");
  return h("section", { class: "bl-section bl-selection", "aria-label": "selection" },
    h("h4", null, title),
    items.length ? h("div", { class: "bg-row" }, items.map((t) => h("button", { class: `bg-btn bg-act bl-dest-btn bl-dest-${t.kind}`,
      type: "button", "data-action": t.action, title: t.action }, `${KIND_TEXT[t.kind] || t.kind} \u2192 ${t.to ? `sector ${t.to}` : t.unit}`))) : null,
    best.length ? h("div", { class: "bl-reach-best" }, "Next roll, it can land on: ",
      best.map(([p, n]) => h("span", { class: "bg-chip" }, `${n}: ${pct(p)}`))) : null,
    h("div", { class: "bg-row" }, reachBtn, clear));
}

function recent(ctx) {
  const lines = (ctx.live ? ctx.model.get("log") : ctx.model.get("scrub_log")) || [];
  const last = lines.slice(-4);
  if (!last.length) return null;
  return h("ol", { class: "bl-recent", "aria-label": "latest events" }, last.map((l) => h("li", null, l)));
}

// ---------------------------------------------------------------------- main
function renderMain(ctx) {
  const v = ctx.view;
  if (!v || !v.sectors) return h("p", null, "No position to show.");
  const st = local(ctx.model);
  const version = ctx.model.get("version");
  if (st.version !== version) {  // a new position: keep the selection only if it still applies
    st.version = version;
    if (st.follow) { st.sel = st.follow; st.follow = null; }
    if (st.sel && st.sel.type === "unit") {
      const sec = (v.sectors || [])[st.sel.sector - 1];
      if (!sec || !(sec[st.sel.side] || []).includes(st.sel.force)) st.sel = null;
    } else if (st.sel && st.sel.type === "card" && !(v.hand || []).includes(st.sel.card)) {
      st.sel = null;
    }
  }
  const plan = makePlan(ctx);
  const t = track(ctx, plan, st, v);
  return h("div", { class: "bl-board" },
    h("div", { class: "bl-left" }, t.area),
    h("div", { class: "bl-right" }, sidesBar(ctx, v), phaseTrack(v), prompt(ctx, plan, v), fightPanel(ctx, plan, v),
      selectionPanel(ctx, plan, st, v, t.onTrack), handPanel(ctx, plan, st, v), recent(ctx)));
}

/** After a keyboard selection, go on to its first target (else the common focus keeper
 *  keeps the focus where it was). */
function afterDraw(ctx, content) {
  const st = local(ctx.model);
  if (!st.keyboard) return;
  st.keyboard = false;
  if (!st.sel) return;
  const target = content.querySelector(".bl-board .bl-dest, .bl-board .bl-die-target, .bl-board .bl-selection [data-action]");
  if (target) target.focus({ preventScroll: true });
}

function render({ model, el, host, signal }) {
  const st = local(model);
  let board = null;
  // This board's own elements (not a what-if board's, nested in its forks area).
  const mine = (target, sel) => {
    const e = target instanceof Element ? target.closest(sel) : null;
    return e && board && e.closest(".bg-board") === board.root && !e.closest(".bg-forks") ? e : null;
  };
  // The selection (kept in the browser): a unit chip or a card with targets, the reach
  // switch, "Clear"; redrawn at once.
  const onSelect = (ev) => {
    const e = mine(ev.target, '[data-select], [data-key="reach-toggle"], [data-key="unselect"]');
    if (!e || e.dataset.action) return;
    ev.preventDefault();
    if (e.dataset.key === "reach-toggle") st.reach = !st.reach;
    else if (e.dataset.key === "unselect") st.sel = null;
    else {
      st.keyboard = ev.detail === 0;
      const sel = st.sel;
      if (e.dataset.select === "card") {
        const card = e.dataset.card;
        st.sel = sel && sel.type === "card" && sel.card === card ? null : { type: "card", card };
      } else {
        const [sector, force] = e.dataset.unit.split(":").map(Number);
        const side = e.dataset.side;
        const same = sel && sel.type === "unit" && sel.side === side && sel.sector === sector && sel.force === force;
        st.sel = same ? null : { type: "unit", side, sector, force };
      }
    }
    board.redraw();
  };
  // A click on a destination: select the moved unit where it lands, for the next die.
  const onDest = (ev) => {
    const e = mine(ev.target, ".bl-dest[data-action], .bl-dest-btn[data-action]");
    if (!e) return;
    const sel = st.sel;
    const to = Number(e.dataset.sector || "0");
    if (sel && sel.type === "unit" && to && e.dataset.action.startsWith("move ")) {
      st.follow = { type: "unit", side: sel.side, sector: to, force: sel.force };
    }
  };
  const onKey = (ev) => {
    if (ev.key !== "Escape" || !st.sel || !mine(ev.target, ".bl-board")) return;
    ev.preventDefault();
    st.sel = null;
    board.redraw();
  };
  el.addEventListener("click", onDest, { capture: true });
  el.addEventListener("click", onSelect);
  el.addEventListener("keydown", onKey);
  board = mountBoard({ model, el, host, signal }, {
    game: "blast",
    title: (ctx) => {
      const side = ctx.view && ctx.view.side;
      return side ? `Blast \u00b7 you are the ${NAMES[side]}` : "Blast";
    },
    renderMain,
    afterDraw,
    renderDice: () => null,  // the dice are drawn in the middle of the ring
  });
  return () => {
    el.removeEventListener("click", onDest, { capture: true });
    el.removeEventListener("click", onSelect);
    el.removeEventListener("keydown", onKey);
    board();
  };
}

export default { render };
