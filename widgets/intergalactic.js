// The Intergalactic board (2-6 players). Draws game.view(player) and the board's `extra`
// (boardgames/ui/intergalactic.py): a race-record sheet per player, the list being read
// with the rolled entry lit, the token choice as one decision (a button per entry within
// reach, "keep <total>" or "land on <t> <entry> (<n> IT)", and a slider that previews any
// total and lands there with one click), the Conflict stage (both players' attributes
// compared, BAT, exact battle odds, "add k" IT in one click), set-up choices. Every legal
// action sits on one element carrying data-action="<notation>"; the rest go to "Other
// actions".
import { mountBoard, h, playerClass, probText } from "./common.js";

const STAGES = [
  ["research", "I Research"], ["exploration", "II Exploration"], ["development", "III Development"],
  ["buildup", "IV Buildup"], ["conflict", "V Conflict"],
];
const KINDS = [["technology", "Technologies"], ["world", "Worlds"], ["development", "Developments"], ["fleet", "Fleets"]];
const ATTRS = ["Weapons", "Defense", "Fleet", "Speed", "Population", "Intelligence", "Scan", "Strategy",
  "Terraforming", "Finance", "Manufacturing", "Metals", "Energy"];
const BATTLE = new Set(["Weapons", "Defense", "Fleet", "Speed", "Population", "Energy", "Intelligence", "Scan",
  "Strategy", "Terraforming"]);
const SHORT = { Weapons: "WEA", Defense: "DEF", Fleet: "FLT", Speed: "SPD", Population: "POP", Intelligence: "INT",
  Scan: "SCN", Strategy: "STR", Terraforming: "TER", Finance: "FIN", Manufacturing: "MAN", Metals: "MET", Energy: "ENE" };

/** A player's name ("Flil (P0)") and who plays it ("(you)", "(computer)" or ""). */
function whoParts(ctx, p) {
  const agents = ctx.model.get("agents") || {};
  const tag = p === ctx.player ? "(you)" : agents[String(p)] !== undefined ? "(computer)" : "";
  return [(ctx.model.get("names") || {})[String(p)] || `P${p}`, tag];
}

function who(ctx, p) {
  if (p === null || p === undefined) return "\u2014";
  const [name, tag] = whoParts(ctx, p);
  return tag ? `${name} ${tag}` : name;
}

function chipP(ctx, p, extra = "") {
  return h("span", { class: `bg-chip ${playerClass(p)} ${extra}` }, who(ctx, p));
}

function pct(row) {
  return row ? `${(row.prob * 100).toFixed(1)}%` : "";
}

function oddsOf(rows, name) {
  return (rows || []).find((r) => r.outcome === name);
}

// ------------------------------------------------------------------ status and prompt
function statusBar(ctx, v, x) {
  const track = h("ol", { class: "ig-stages", "aria-label": "stages" },
    STAGES.map(([key, label]) => h("li", { class: key === v.stage ? "ig-now" : "", "aria-current": key === v.stage ? "step" : null,
      title: label, "aria-label": label }, key === v.stage ? label : label.split(" ")[0])));
  const order = (v.order || []).map((p) => {
    const chip = chipP(ctx, p, p === v.current_player ? "ig-order-now" : "");
    const [name, tag] = whoParts(ctx, p);
    if (tag === "(computer)") {  // (the records' names say "(computer)"; here, its tooltip)
      chip.textContent = name;
      chip.title = "a computer player";
    }
    return chip;
  });
  const limit = v.stage === "conflict"
    ? `end roll (1D10, 5 or less ends) after turn ${x.end_roll_after}`
    : (v.stage === "setup" || v.stage === "over" ? "" : `${x.turns_per_stage} turns per player`);
  return h("div", { class: "ig-status" }, track,
    limit ? h("span", { class: "bg-muted ig-limit" }, limit) : null,
    h("span", { class: "ig-order" }, h("span", { class: "bg-muted" }, "turn order "), order));
}

const PROMPTS = {
  race: "Set-up: choose your Race (click a row), or roll 1D10 for it.",
  homeworld: "Set-up: choose your Homeworld (click a row), or roll 1D10 for it.",
  spend: "Keep the roll, or spend IT (1 a point, up or down) to land on another entry.",
  pick: "Pick one of the Above: click the entry you take.",
  extra: "Buy an extra roll for 5 IT, or end your turn.",
  challenge: "Challenge: choose the opponent you attack (the exact odds are shown before stratagems and tokens).",
  again: "Attack again for 5 IT (from the Challenge phase), or end your turn.",
  prevent: "Diplomacy / Truce: you may prevent this battle.",
  steal: "Steal Technology: click a technology of an opponent to take a copy.",
  sabotage: "Sabotage: click one of your opponent's fleets to destroy it.",
  bat: "Advantage: choose how many IT to add to your BAT (1 IT per point): one click.",
  discard: "You lose a fleet: click the fleet you discard.",
  spoils: "You won: take a world of the loser, or eliminate one of their developments.",
};

function prompt(ctx, v) {
  let text;
  if (v.is_over) {
    const w = v.winner;
    text = `Game over. ${w === null || w === undefined ? "No single winner" : `${who(ctx, w)} wins`} \u2014 VP ${(v.scores || []).join(" / ")}`;
  } else if (v.current_player === -1) {
    text = ctx.live && (ctx.model.get("chance") || []).length ? "Chance: pick the outcome in the chance panel, or roll." : "Rolling\u2026";
  } else if (ctx.live && ctx.legal.length === 0) {
    text = `Waiting for ${who(ctx, v.current_player)} (${v.phase})\u2026`;
  } else {
    text = PROMPTS[v.phase] || v.phase;
  }
  const buttons = [
    ctx.actionButton("extra roll", "Extra roll (5 IT)", "ig-primary"),
    ctx.actionButton("attack again", "Attack again (5 IT)", "ig-primary"),
    ctx.actionButton("prevent battle", "Prevent the battle"),
    ctx.actionButton("allow battle", "Let the battle go on"),
    ctx.actionButton("end turn", "End turn"),
  ].filter(Boolean);
  return h("div", { class: "ig-prompt", role: "status" }, h("span", { class: "ig-prompt-text" }, text),
    buttons.length ? h("span", { class: "bg-row" }, buttons) : null);
}

// ------------------------------------------------------------------ the roll and tokens
function previewText(p) {
  if (!p) return "";
  const entry = `${p.total}: ${p.entry || "nothing"}`;
  const cost = p.action && p.action.startsWith("land on ") ? p.action.slice(p.action.lastIndexOf("(")) : "(0 IT)";
  return `${p.shift > 0 ? "+" : ""}${p.shift} \u2192 ${entry} \u2014 ${p.action || ""} ${p.action ? cost : ""}${p.gives ? "" : " \u2014 gives nothing"}`.trim();
}

function rollPanel(ctx, v, x, local) {
  const r = v.roll;
  if (!r) return null;
  const rec = (v.records || [])[r.player] || {};
  const landing = r.entry ? r.entry : "nothing";
  const preview = x.preview || [];
  const live = ctx.live && v.phase === "spend" && ctx.legal.length > 0;
  const head = h("div", { class: "ig-roll-head" },
    chipP(ctx, r.player),
    h("span", { class: "ig-die", title: "the d100 as rolled" }, r.die),
    h("span", { class: "ig-mod" }, `${r.modifier >= 0 ? "+" : "\u2212"} ${Math.abs(r.modifier)} modifier = ${r.total}`),
    h("span", { class: "ig-shiftval" }, r.shift ? ` ${r.shift > 0 ? "+" : "\u2212"} ${Math.abs(r.shift)} shift (${Math.abs(r.shift)} IT)` : ""),
    h("span", { class: "ig-arrow" }, "\u2192"),
    h("span", { class: "ig-landing", "data-key": "landing" }, `${r.landing}: ${landing}`),
    h("span", { class: "bg-muted ig-roll-it", title: `a roll on the ${r.list} list; ${rec.tokens ?? 0} IT to spend` },
      `\u00b7 ${rec.tokens ?? 0} IT`));
  const parts = [head];
  if (live && preview.length > 1) {
    const lo = preview[0].shift;
    const hi = preview[preview.length - 1].shift;
    if (local.slider === null || local.slider < lo || local.slider > hi || local.sliderVersion !== ctx.version) {
      local.slider = 0;
      local.sliderVersion = ctx.version;
    }
    const at = preview.find((p) => p.shift === local.slider) || preview.find((p) => p.now);
    const slider = h("input", { type: "range", class: "ig-slider bg-range", min: String(lo), max: String(hi), step: "1",
      value: String(local.slider), "data-control": "ig-slider", "aria-label": "preview a total within reach (tokens)",
      "aria-valuetext": at ? `shift ${at.shift}: ${at.entry || "nothing"}` : "" });
    const show = h("span", { class: "ig-preview-text", "data-key": "preview" }, previewText(at));
    listen(slider, "input", () => {
      local.slider = Number(slider.value);
      const p = preview.find((q) => q.shift === local.slider);
      // the preview text next to it in the live board (a redraw may have kept the old one)
      const shown = slider.parentElement && slider.parentElement.querySelector(".ig-preview-text");
      if (shown) shown.textContent = previewText(p);
      for (const row of document.querySelectorAll(`[data-ig-board="${local.id}"] .ig-list tr[data-name]`)) {
        row.classList.toggle("ig-aim", !!p && row.dataset.name === (p.entry || ""));
      }
    });
    const go = h("button", { class: "bg-btn ig-primary", type: "button", "data-control": "ig-land",
      title: "take the previewed entry: its one action (the cheapest total that lands on it)" }, "Land there");
    parts.push(h("div", { class: "ig-tokens" }, slider, go, show));
  }
  if (live) parts.push(previewLadder(ctx, preview));
  // (while the roll is to spend, the prompt right above asks where it lands: no heading)
  return h("section", { class: "bg-section ig-roll", "aria-label": "the roll" },
    live ? null : h("h4", null, v.phase === "spend" ? "Roll: where does it land?" : "Last roll"), parts);
}

function previewLadder(ctx, preview) {
  // one button per token-spending action: the cheapest total that lands on its entry
  const best = new Map();
  for (const p of preview) {
    if (!p.action) continue;
    const old = best.get(p.action);
    if (!old || p.cost < old.cost) best.set(p.action, p);
  }
  const items = preview.filter((p) => p.action && best.get(p.action) === p).map((p) => {
    const button = ctx.actionButton(p.action, [
      h("span", { class: "ig-pv-shift" }, `${p.shift > 0 ? "+" : ""}${p.shift}`),
      h("span", { class: "ig-pv-entry" }, p.entry || "nothing"),
      p.shift === 0 || p.cost !== Math.abs(p.shift)
        ? h("span", { class: "ig-pv-cost bg-muted" }, p.cost ? ` ${p.cost} IT` : " keep") : null], "ig-pv-btn");
    return h("li", { class: `ig-pv${p.now ? " ig-pv-now" : ""}${p.gives ? "" : " ig-pv-none"}`,
      title: `${p.action}: total ${p.total}, ${p.cost} IT` }, button);
  });
  return h("ol", { class: "ig-preview", "aria-label": "where the roll can land" }, items);
}

// ------------------------------------------------------------------ the list
function listPanel(ctx, v, x) {
  const rows = x.list || [];
  if (!rows.length) return null;
  const reach = new Set((x.preview || []).map((p) => p.entry).filter(Boolean));
  // drawn again only when the list, the lit entry, the reachable entries or the legal
  // actions change (not at every shift of a token that lands on the same entry)
  return ctx.memo("list", [rows, x.lit, x.list_name, [...reach].join("\n"), ctx.legalKey],
    () => listTable(ctx, x, rows, reach));
}

function listTable(ctx, x, rows, reach) {
  const verb = x.list_name === "race" ? "race" : x.list_name === "homeworld" ? "homeworld" : "pick";
  const body = rows.map((r) => {
    const action = ctx.take(`${verb} ${r.name}`);
    const cls = ["ig-row"];
    if (r.name === x.lit) cls.push("ig-lit");
    if (r.held) cls.push("ig-held");
    if (!r.ok) cls.push("ig-unmet");
    if (r.taken) cls.push("ig-taken");
    if (reach.has(r.name)) cls.push("ig-reach");
    const name = action
      ? h("button", { class: "bg-btn bg-act ig-pick", type: "button", "data-action": action, ...ctx.describe(r.name, action) }, r.name)
      : h("span", { class: "ig-name", ...ctx.why(`${verb} ${r.name}`), ...ctx.describe(r.name) }, r.name);
    const flags = [
      r.held ? h("span", { class: "ig-flag" }, "held") : null,
      !r.ok ? h("span", { class: "ig-flag ig-flag-warn" }, "req not met") : null,
      r.taken ? h("span", { class: "ig-flag" }, "taken") : null,
      r.criminal ? h("span", { class: "ig-flag ig-flag-warn" }, "criminal") : null,
      r.advanced ? h("span", { class: "ig-flag" }, "advanced") : null,
    ];
    return h("tr", { class: cls.join(" "), "data-name": r.name, "aria-current": r.name === x.lit ? "true" : null },
      h("td", { class: "ig-dc", title: r.range ? `a roll of ${r.range} lands here` : null }, r.range || r.label), h("td", null, name, r.description ? h("span", { class: "bg-muted" }, ` (${r.description})`) : null),
      h("td", { class: "ig-note" }, r.note, " ", flags));
  });
  const title = { race: "Races (1D10)", homeworld: "Homeworlds (1D10)" }[x.list_name] || `${x.list_name[0].toUpperCase()}${x.list_name.slice(1)} list`;
  const roll = ctx.actionButton(`${verb} roll`, "Roll 1D10 for it");
  const lit = rows.find((r) => r.name === x.lit);
  return h("details", { class: "bg-section ig-listbox", open: true },
    h("summary", { "data-key": "list" }, title, lit ? h("span", { class: "bg-muted" }, ` \u2014 lit: ${lit.label} ${lit.name}`) : null),
    roll ? h("div", { class: "bg-row" }, roll) : null,
    h("div", { class: "ig-listwrap" }, h("table", { class: "ig-list", "data-list": x.list_name }, h("tbody", null, body))));
}

// ------------------------------------------------------------------ the conflict stage
function challengePanel(ctx, v, x) {
  const targets = x.targets || [];
  if (!targets.length || v.phase !== "challenge") return null;
  return h("section", { class: "bg-section ig-challenge", "aria-label": "challenge" },
    h("h4", null, `Challenge: ${who(ctx, v.current_player)} chooses whom to attack`),
    h("div", { class: "ig-targets" }, targets.map((t) => {
      const win = oddsOf(t.odds, "attacker");
      const a = ctx.take(`attack ${t.player}`);
      const body = [chipP(ctx, t.player), h("span", null, ` BAT ${t.bat.attacker} vs ${t.bat.defender}`),
        h("span", { class: "ig-odds-inline" }, " win ", win ? probText(win) : ""),
        h("span", { class: "bg-muted" }, ` \u00b7 ${t.fleets} fleet${t.fleets === 1 ? "" : "s"} \u00b7 ${t.vp} VP`)];
      return a ? h("button", { class: "bg-btn bg-act ig-target", type: "button", "data-action": a, title: a }, "Attack ", body)
        : h("div", { class: "ig-target" }, body);
    })));
}

function oddsBars(rows, label) {
  return h("div", { class: "ig-odds", "aria-label": label },
    h("h5", null, label),
    ["attacker", "tie", "defender"].map((name) => {
      const r = oddsOf(rows, name);
      if (!r) return null;
      return h("div", { class: `ig-odds-row ig-odds-${name}` },
        h("span", { class: "ig-odds-name" }, name === "tie" ? "tie" : `${name} wins`),
        h("span", { class: "bg-bar-bg" }, h("span", { class: "bg-bar", style: { width: `${r.prob * 100}%` } })),
        h("span", { class: "bg-prob" }, probText(r)));
    }));
}

function batChoice(ctx, b, local) {
  // how many IT to add: one action "add k"; a slider previews k's win chance, and every
  // k is a button of its own
  const ladder = b.ladder || [];
  const top = ladder.length - 1;
  if (local.batVersion !== ctx.version || local.bat > top) { local.bat = 0; local.batVersion = ctx.version; }
  const side = b.spender === b.attacker ? "attacker" : "defender";
  const text = (l) => l ? `add ${l.tokens} IT: BAT ${b.bat[side] + l.tokens}, win ${(l.prob * 100).toFixed(1)}% (exactly ${l.p})` : "";
  const parts = [h("span", null, `${who(ctx, b.spender)} adds IT to the BAT`)];
  if (top > 0 && ctx.live && ctx.legal.includes("add 0")) {
    const slider = h("input", { type: "range", class: "ig-slider bg-range", min: "0", max: String(top), step: "1",
      value: String(local.bat), "data-control": "ig-bat-slider", "aria-label": "IT to add to the BAT" });
    const show = h("span", { class: "ig-bat-preview", "data-key": "bat-preview" }, text(ladder[local.bat]));
    listen(slider, "input", () => {
      local.bat = Number(slider.value);
      const shown = slider.parentElement && slider.parentElement.querySelector(".ig-bat-preview");
      if (shown) shown.textContent = text(ladder[local.bat]);
    });
    parts.push(h("div", { class: "ig-tokens" }, slider,
      h("button", { class: "bg-btn ig-primary", type: "button", "data-control": "ig-add",
        title: "add the previewed IT: one action" }, "Add"), show));
  }
  const buttons = ladder.map((l) => {
    const btn = ctx.actionButton(l.action, `+${l.tokens}`, "ig-add-btn");
    if (btn) btn.title = text(l);
    return btn;
  }).filter(Boolean);
  if (buttons.length) parts.push(h("div", { class: "bg-row ig-adds", "aria-label": "IT to add" }, buttons));
  return h("div", { class: "ig-spend" }, parts);
}

/** The odds as they stand: after the tokens added, and after each Combat Roll made
 *  (never the odds from before a roll once it is made). */
function oddsNow(b) {
  const rolled = b.rolled || [];
  if (!rolled.length && JSON.stringify(b.odds) === JSON.stringify(b.odds_base)) return null;
  const label = rolled.length === 2 ? "Result (both have rolled)"
    : rolled.length ? `Exact odds now (after the ${rolled[0]}'s roll of ${b.rolls[rolled[0]]})`
      : "Exact odds now (tokens added)";
  const bars = oddsBars(b.odds, label);
  bars.dataset.rolled = String(rolled.length);
  return bars;
}

/** The last battle rolled since this board's player acted: it stays until they act. */
function lastBattlePanel(ctx, r) {
  const line = (side) => {
    const s = r[side];
    return h("div", { class: `ig-last-${side}` }, `${side === "attacker" ? "Attacker" : "Defender"} `, chipP(ctx, s.player),
      h("span", { class: "ig-crs" }, " rolled ", h("span", { class: "ig-die" }, s.roll), ` + BAT ${s.bat} = `,
        h("strong", null, String(s.total))));
  };
  const result = r.winner === null || r.winner === undefined
    ? `Tied at ${r.attacker.total}: each loses a fleet`
    : `${who(ctx, r.winner)} won, ${Math.max(r.attacker.total, r.defender.total)} against ${Math.min(r.attacker.total, r.defender.total)}`;
  return h("section", { class: "bg-section ig-battle ig-last-battle", "aria-label": "last battle", role: "status" },
    h("h4", null, "Last battle"), line("attacker"), line("defender"),
    h("div", { class: "ig-result" }, result));
}

function battlePanel(ctx, v, x, local) {
  const b = x.battle;
  if (!b) return x.last_battle ? lastBattlePanel(ctx, x.last_battle) : null;
  const bonus = b.bonus || {};
  const cell = (side, row) => {
    const plus = (bonus[side] || {})[row.attribute];
    return h("td", { class: `ig-num${row.advantage === side ? " ig-adv" : ""}` }, String(row[side]),
      plus ? h("span", { class: "ig-bonus", title: "stratagem bonus, this battle only" }, ` (+${plus})`) : null,
      row.advantage === side ? h("span", { class: "ig-plus5", "aria-label": "advantage" }, " +5") : null);
  };
  const table = h("table", { class: "ig-compare" },
    h("thead", null, h("tr", null, h("th", null, "Attribute"),
      h("th", null, "Attacker ", chipP(ctx, b.attacker)), h("th", null, "Defender ", chipP(ctx, b.defender)))),
    h("tbody", null, b.rows.map((row) => h("tr", null, h("th", null, row.attribute), cell("attacker", row), cell("defender", row)))),
    h("tfoot", null, h("tr", null, h("th", null, b.computed ? "BAT" : "BAT (provisional)"),
      h("td", { class: "ig-num ig-bat" }, b.bat.attacker), h("td", { class: "ig-num ig-bat" }, b.bat.defender))));
  const rolls = b.rolls || {};
  const crs = (side) => rolls[side] !== undefined
    ? h("span", { class: "ig-crs" }, h("span", { class: "ig-die" }, rolls[side]), ` + ${b.bat[side]} = ${rolls[side] + b.bat[side]}`)
    : h("span", { class: "bg-muted" }, "not rolled");
  const spend = b.spender !== null && b.spender !== undefined ? batChoice(ctx, b, local) : null;
  return h("section", { class: "bg-section ig-battle", "aria-label": "battle" },
    h("h4", null, `Battle: ${who(ctx, b.attacker)} attacks ${who(ctx, b.defender)}`),
    h("div", { class: "ig-battle-grid" }, table,
      h("div", { class: "ig-battle-side" },
        oddsBars(b.odds_base, "Exact odds from the attributes (before tokens)"),
        oddsNow(b),
        spend,
        h("div", { class: "ig-rolls" }, h("div", null, "Attacker: ", crs("attacker")), h("div", null, "Defender: ", crs("defender"))),
        b.loser !== null && b.loser !== undefined ? h("div", { class: "ig-result" }, `${who(ctx, b.loser)} lost the battle`) : null)));
}

// ------------------------------------------------------------------ race records
/** The verbs whose action may sit on player p's entries now (so an entry two players
 *  hold gets the action on the right sheet). */
function verbsFor(v, x, p) {
  const me = v.current_player;
  const b = x.battle;
  const out = [];
  if (p === me) out.push("discard");
  if (b && p !== me && (p === b.attacker || p === b.defender)) out.push("sabotage");
  if (b && p === b.loser) out.push("take", "remove");
  if (p !== me) out.push("steal");
  return out;
}

function entryChip(ctx, name, note, verbs) {
  for (const verb of verbs) {
    const a = ctx.take(`${verb} ${name}`);
    if (a) {
      return h("button", { class: "bg-btn bg-act ig-entry ig-entry-act", type: "button", "data-action": a, ...ctx.describe(name, a) },
        h("span", { class: "ig-verb" }, verb), ` ${name}`);
    }
  }
  return h("span", { class: "ig-entry", title: note || "", ...(verbs.length ? ctx.why(`${verbs[0]} ${name}`) : {}), ...ctx.describe(name) }, name);
}

const KIND_SHORT = { technology: "Tech", world: "Worlds", development: "Dev", fleet: "Fleets" };

/** A record's holdings behind a click (a summary of their counts): open when the person
 *  opened it, or when one of its entries carries an action now (steal, sabotage, discard,
 *  take, remove: the entry to click is in view). */
function holdings(ctx, x, rec, verbs, opened) {
  const p = rec.player;
  const notes = x.notes || {};
  const names = KINDS.map(([k]) => (rec.held || {})[k] || []);
  const chips = names.map((list) => list.map((n) => entryChip(ctx, n, notes[n], verbs)));
  const acts = chips.some((list) => list.some((c) => c.dataset.action));
  const open = acts || opened;
  const held = KINDS.map(([k, label], i) => h("div", { class: "ig-kind", "data-kind": k },
    h("span", { class: "ig-kind-label" }, `${label} ${names[i].length}`),
    h("span", { class: "ig-entries" }, chips[i].length ? chips[i] : h("span", { class: "bg-muted" }, "\u2014"))));
  const counts = KINDS.map(([k], i) => `${KIND_SHORT[k]} ${names[i].length}`).join(" \u00b7 ");
  return h("details", { class: "ig-holdings", "data-player": String(p), "data-open": open ? "1" : "0", open: open ? true : null },
    h("summary", { "data-key": `holdings${p}`, title: "technologies, worlds, developments and fleets held: click to show or hide them" },
      h("span", { class: "ig-holdings-label" }, "Holdings "), h("span", { class: "ig-holdings-counts" }, counts)),
    h("div", { class: "ig-held" }, held));
}

function recordSheet(ctx, v, x, rec, opened) {
  const p = rec.player;
  const active = v.current_player === p;
  const capPct = rec.cap ? Math.min(100, (rec.tokens / rec.cap) * 100) : 0;
  // the thirteen attributes in a strip that wraps (a name, its value): a record stays
  // short enough for four of them to stay in view at 1024 x 768
  const attrs = h("ul", { class: "ig-attrs", "aria-label": "attributes" }, ATTRS.map((a) => {
    const val = rec.attributes[a];
    return h("li", { class: `ig-attr${BATTLE.has(a) ? " ig-battle-attr" : ""}`, title: `${a} ${val}` },
      h("span", { class: "ig-attr-name" }, SHORT[a]),
      h("span", { class: `ig-num${val < 0 ? " ig-neg" : val > 0 ? "" : " bg-muted"}` }, val));
  }));
  const verbs = ctx.live ? verbsFor(v, x, p) : [];
  const flags = [
    rec.alive ? null : h("span", { class: "ig-flag ig-flag-warn" }, "eliminated"),
    rec.next_bonus ? h("span", { class: "ig-flag" }, `+${rec.next_bonus} next roll`) : null,
    rec.jammed ? h("span", { class: "ig-flag ig-flag-warn" }, `jammed \u2212${rec.jammed}`) : null,
  ];
  const [name, tag] = whoParts(ctx, p);
  return h("article", { class: `ig-record ${playerClass(p)}${active ? " ig-active" : ""}${rec.alive ? "" : " ig-dead"}`,
    "data-player": String(p), "aria-label": `race record of player ${p}` },
  h("header", { class: "ig-record-head" },
    h("span", { class: "ig-who" }, h("strong", null, name), tag ? h("span", { class: "ig-who-tag" }, ` ${tag}`) : null),
    // (the race once chosen is in the player's name: "Flil (P0)")
    h("span", { class: "ig-race" }, `${rec.race && who(ctx, p).startsWith(rec.race) ? "" : `${rec.race || "no race yet"} \u00b7 `}${rec.homeworld || "no homeworld yet"}`),
    h("span", { class: "ig-vp", title: "Victory Points" }, `${rec.vp} VP`)),
  h("div", { class: "ig-it" },
    h("span", { title: `Intergalactic Tokens: ${rec.tokens} of a cap of ${rec.cap} (20 + Intelligence)` }, `IT ${rec.tokens}/${rec.cap}`),
    h("span", { class: "bg-bar-bg" }, h("span", { class: "bg-bar", style: { width: `${capPct}%` } })),
    h("span", { class: "bg-muted" }, `${rec.fleets} fleet${rec.fleets === 1 ? "" : "s"} \u00b7 ${rec.advanced} advanced`), flags),
  h("div", { class: "ig-record-body" }, attrs, holdings(ctx, x, rec, verbs, opened)));
}

function records(ctx, v, x, local) {
  // each sheet drawn again only when what it shows changes
  return h("section", { class: "bg-section ig-records", "aria-label": "race records" },
    (v.records || []).map((r) => {
      const opened = local.openHeld.has(r.player);
      return ctx.memo(`record${r.player}`, [JSON.stringify(r), x.notes, v.current_player,
        ctx.live ? verbsFor(v, x, r.player).join(",") : "", ctx.legalKey, ctx.player, opened],
      () => recordSheet(ctx, v, x, r, opened));
    }));
}

/** A record's holdings opened or closed by the person (not by a draw: a draw sets the
 *  state it drew in data-open first, so its own toggle matches it). */
function onHoldingsToggle(local, ev) {
  const t = ev.target;
  if (!(t instanceof HTMLDetailsElement) || !t.classList.contains("ig-holdings")) return;
  if (t.closest("[data-ig-board]")?.dataset.igBoard !== local.id) return;
  if (t.open === (t.dataset.open === "1")) return;
  const p = Number(t.dataset.player);
  if (t.open) local.openHeld.add(p);
  else local.openHeld.delete(p);
}

// ------------------------------------------------------------------ mount
let boards = 0;

function makeRender(local) {
  return function renderMain(ctx) {
    const v = ctx.view;
    const x = ctx.extra || {};
    if (!v || !v.records) return h("p", null, "No position to show.");
    local.lastCtx = ctx;
    // Scroll the list (not the page) to the lit row when it changes: in the next frame,
    // where reading the layout forces nothing the frame would not do anyway.
    queueMicrotask(() => {
      // the slider's aim (drawn by its input handler) is for the view it was moved on
      for (const row of document.querySelectorAll(`[data-ig-board="${local.id}"] .ig-list tr.ig-aim`)) {
        row.classList.remove("ig-aim");
      }
    });
    const lit = `${x.list_name}|${x.lit}`;
    if ((local.litShown !== lit || local.pvShown !== ctx.version) && !local.litFrame) {
      local.litFrame = requestAnimationFrame(() => {
        local.litFrame = 0;
        keepInView(local);
      });
    }
    return h("div", { class: "ig-board", "data-ig-board": local.id },
      statusBar(ctx, v, x), prompt(ctx, v), rollPanel(ctx, v, x, local), challengePanel(ctx, v, x),
      battlePanel(ctx, v, x, local), listPanel(ctx, v, x), records(ctx, v, x, local));
  };
}

/** The lit row in the middle of the list's box, and the roll's landing (keep) in the
 *  middle of the token ladder when that scrolls (a short window): each once for what it
 *  shows (the lit entry in this list box; the ladder of this version), and again when
 *  a box is laid out anew (`resized`: first shown, once the board is in the page, or
 *  resized; a ResizeObserver watches both boxes). */
function keepInView(local, resized = new Set()) {
  const ctx = local.lastCtx;
  const x = (ctx && ctx.extra) || {};
  const lit = `${x.list_name}|${x.lit}`;
  const board = local.el.querySelector(`[data-ig-board="${local.id}"]`);
  if (!ctx || !board) return;
  const box = board.querySelector(".ig-listwrap");
  const ladder = board.querySelector(".ig-preview");
  watchBoxes(local, box, ladder);
  if ((resized.has(box) || local.litShown !== lit || local.litBox !== box) && scrollToLit(box)) {
    local.litShown = lit;
    local.litBox = box;
  }
  const now = ladder && ladder.querySelector(".ig-pv-now");
  if ((resized.has(ladder) || local.pvShown !== ctx.version) && now && ladder.clientHeight) {
    if (ladder.scrollHeight > ladder.clientHeight) {
      const off = now.getBoundingClientRect().top - ladder.getBoundingClientRect().top;
      ladder.scrollTop += off - ladder.clientHeight / 2 + now.offsetHeight / 2;
    }
    local.pvShown = ctx.version;
  }
}

function watchBoxes(local, ...boxes) {
  if (!local.resize) return;
  boxes.forEach((box, i) => {
    if (local.watched[i] === box) return;
    if (local.watched[i]) local.resize.unobserve(local.watched[i]);
    if (box) local.resize.observe(box);
    local.watched[i] = box;
  });
}

function scrollToLit(box) {
  const row = box && box.querySelector("tr.ig-lit");
  if (!row || !box.clientHeight) return false;  // not shown (yet)
  const top = row.offsetTop - box.clientHeight / 2 + row.clientHeight / 2;
  box.scrollTop = Math.max(0, top);
  return true;
}

/** The computer's last action told above the board (the shared notice) when the "since
 *  your last move" account under it ends with the same lines: marked ig-told, which
 *  this board's CSS hides in a short window (the account holds it). Any other notice
 *  (saved, pace, a what-if board opened) stays. */
function markToldNotice(ctx, content) {
  const note = content.querySelector(":scope > .bg-notice:not(.bg-held):not(.bg-why)");
  if (!note) return;
  const since = ctx.live ? ctx.model.get("since") || [] : [];
  const last = since[since.length - 1];
  const told = Boolean(last) && content.querySelector(":scope > .bg-since") !== null
    && note.textContent.includes(last);
  if (note.classList.contains("ig-told") !== told) note.classList.toggle("ig-told", told);
}

/** The one action a slider control sends: the previewed landing's (ig-land) or "add k"
 *  for the BAT slider's k (ig-add); null when it is not a legal action now. */
function aimedAction(ctx, local, control) {
  const x = ctx.extra || {};
  let action = null;
  if (control === "ig-land") {
    const p = (x.preview || []).find((q) => q.shift === local.slider);
    action = p ? p.action : null;
  } else if (control === "ig-add") {
    action = `add ${local.bat}`;
  }
  return action && ctx.legal.includes(action) ? action : null;
}

function render({ model, el, host, signal }) {
  const local = { id: `ig${++boards}`, slider: null, sliderVersion: null, bat: 0, batVersion: null,
    lastCtx: null, litShown: null, litBox: null, pvShown: null, litFrame: 0, sent: null, openHeld: new Set(),
    el, watched: [null, null], resize: null };
  if (typeof ResizeObserver !== "undefined") {
    local.resize = new ResizeObserver((seen) => keepInView(local, new Set(seen.map((e) => e.target))));
  }
  const cleanup = mountBoard({ model, el, host, signal }, {
    game: "intergalactic",
    title: () => "Intergalactic",
    renderMain: makeRender(local),
    afterDraw: markToldNotice,
  });
  // A slider's button sends the one action it previews (a click, one intent).
  const onControl = (ev) => {
    const t = ev.target instanceof Element ? ev.target.closest('[data-control="ig-land"], [data-control="ig-add"]') : null;
    if (!t || !el.contains(t) || t.closest(".bg-forks")) return;
    if (t.closest("[data-ig-board]")?.dataset.igBoard !== local.id) return;
    const ctx = local.lastCtx;
    const action = ctx ? aimedAction(ctx, local, t.dataset.control) : null;
    if (!action || local.sent === ctx.version) return;  // one intent per view
    local.sent = ctx.version;
    ctx.model.send({ type: "intent", action, version: ctx.version });
  };
  const onToggle = (ev) => onHoldingsToggle(local, ev);
  el.addEventListener("click", onControl);
  el.addEventListener("toggle", onToggle, true);
  return () => {
    el.removeEventListener("click", onControl);
    el.removeEventListener("toggle", onToggle, true);
    if (local.litFrame) cancelAnimationFrame(local.litFrame);
    if (local.resize) local.resize.disconnect();
    if (cleanup) cleanup();
  };
}

export default { render };
