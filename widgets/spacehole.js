// The Spacehole board (classic and Babylon 5). Draws game.view(player) and places every
// legal action where it belongs: a card in hand builds it, a damaged card in play
// repairs it, the Space Virus / overflow / peek / take choices sit on the cards they
// name, power tokens go on structures; pass, end turn and power buttons in the prompt.
import { mountBoard, h, diceRow, probText } from "./common.js";

const PHASES = [
  ["karma", "Space Karma"], ["event", "Event"], ["build", "Build"],
  ["power", "Power"], ["income", "Income"], ["end", "End"],
];

const PROMPTS = {
  discard: "Your hand is over its limit: click a card in hand to discard it.",
  build: "Build: click a card in hand to build it, a damaged card to repair it, or pass.",
  take_defender: "Reinforcements: click a Defender in the discard pile to take it into your hand.",
  take_structure: "Repairs: click a Structure in the discard pile to take it into your hand.",
  virus: "Space Virus: click a Defender or Colony to discard it.",
  overflow: "Too many Defenders for your structures: click one to discard it.",
  power: "Power: click structures to place power tokens on them, or use the optimal allocation.",
  end: "End of turn: discard a scouting Defender to look at the deck, or end the turn.",
};

const CHANCE_TEXT = {
  draw: "drawing a card", reveal: "looking at the next card of the deck",
  inv_dice: "the invader rolls", def_dice: "the defenders roll", target: "a random defender is hit",
  flare: "the solar flare hits a random defender", random_defender: "a random defender is lost",
  random_structure: "a random structure is lost", peek_die: "rolling 1D6 cards to look at",
};

function isB5(ctx) {
  return (ctx.extra && ctx.extra.theme === "babylon5") || (ctx.view && ctx.view.variant === "babylon5");
}

function pips(current, max, cls) {
  const out = h("span", { class: `sh-pips ${cls || ""}`, "aria-label": `${current} of ${max}` });
  for (let i = 0; i < max; i++) out.append(h("span", { class: "sh-pip" + (i < current ? " sh-on" : "") }));
  return out;
}

/** A card: a <button data-action> when an action is placed on it, else a <div>. */
function card(ctx, opts) {
  let action = null;
  for (const a of opts.actions) {
    action = ctx.take(a);
    if (action) break;
  }
  const own = action || opts.hint || null;
  const described = ctx.describe(opts.glossary || opts.name, own);
  const attrs = {
    class: `sh-card sh-${opts.kind}` + (action ? " sh-actionable" : "") + (opts.cls ? ` ${opts.cls}` : ""),
    title: described.title || (action ? `${action}${opts.note ? ` \u2014 ${opts.note}` : ""}` : opts.note || null),
    "aria-describedby": described["aria-describedby"] || null,
    "data-rule": described["data-rule"] || null,
    "data-key": opts.key,
  };
  const body = [h("span", { class: "sh-name" }, opts.name), ...(opts.body || [])];
  if (action) {
    return h("button", { ...attrs, type: "button", "data-action": action }, body,
      h("span", { class: "sh-verb" }, `\u25b8 ${action.split(" ")[0]}`));
  }
  return h("div", { ...attrs, ...(opts.why ? ctx.why(opts.why) : {}) }, body);
}

function statusBar(ctx, v) {
  const b5 = isB5(ctx);
  const chip = (label, value, cls = "") => h("span", { class: `sh-stat ${cls}` },
    h("span", { class: "sh-stat-label" }, label), h("span", { class: "sh-stat-value" }, value));
  const track = h("ol", { class: "sh-phases", "aria-label": "phases of the turn" },
    PHASES.map(([key, label]) => h("li", { class: key === v.phase ? "sh-now" : "", "aria-current": key === v.phase ? "step" : null }, label)));
  const power = v.power || {};
  return h("div", { class: "sh-status" },
    chip("Turn", v.turn),
    chip(b5 ? "Credits" : "Megacredits", v.megacredits, "sh-mc"),
    chip("Deck", v.deck_size),
    chip("Hand", `${v.hand_size}/${v.hand_limit}`),
    chip("Power used/made", `${power.upkeep ?? 0}/${power.generated ?? 0}`, "sh-power"),
    chip("Defenders", `${(v.defenders || []).length}/${v.capacity}`),
    v.terraform ? chip("Terraform", `\u00d7${v.terraform}`) : null,
    v.seismic ? chip("Seismic", "no income", "sh-warn") : null,
    v.last_income !== null && v.last_income !== undefined ? chip("Last income", v.last_income) : null,
    ((ctx.extra && ctx.extra.house_rules) || []).map((text) => chip("House rule", text, "sh-house")),
    track);
}

function prompt(ctx, v) {
  const parts = [];
  let text = "";
  if (v.is_over) {
    const sum = ctx.extra && ctx.extra.summary;
    text = v.lost ? `The ${v.base.name} is destroyed: the game is lost (score 0).` : `Game over: score ${v.megacredits}.`;
    if (sum) {
      parts.push(h("div", { class: "sh-summary", "data-key": "summary", role: "status" },
        h("strong", null, sum.lost ? "Game lost. " : "Game over. "),
        `Turns survived: ${sum.turns_survived}. Score: ${sum.score}. Ended because ${sum.ended}.`,
        sum.loss_odds ? h("span", null, " As that battle began, the Base's exact chance of losing it was ",
          probText(sum.loss_odds), ".") : null,
        sum.house_rule ? h("div", { class: "sh-house" }, sum.house_rule) : null));
    }
  } else if (v.current_player === -1) {
    const choosable = ctx.live && (ctx.model.get("chance") || []).length > 0 && ctx.player !== null;
    text = `Chance: ${CHANCE_TEXT[v.chance] || v.chance}` +
      (choosable ? " \u2014 pick the outcome in the chance panel below, or roll." : ".");
  } else if (!ctx.live) {
    text = v.pending ? PROMPTS[v.pending] || v.pending : "";
  } else if (ctx.legal.length === 0 && v.pending) {
    text = "Waiting\u2026";
  } else {
    text = PROMPTS[v.pending] || "";
  }
  parts.push(h("span", { class: "sh-prompt-text" }, text));
  const buttons = [
    ctx.actionButton("pass", "Pass (build nothing)"),
    ctx.actionButton("power optimal", "Power: optimal allocation", "sh-primary"),
    ctx.actionButton("power done", "Power: done"),
    ctx.actionButton("end turn", "End turn", "sh-primary"),
  ].filter(Boolean);
  if (buttons.length) parts.push(h("span", { class: "bg-row" }, buttons));
  const opt = ctx.extra && ctx.extra.optimal_power;
  if (opt && ctx.live) {
    const entries = Object.entries(opt).filter(([, n]) => n > 0);
    parts.push(h("div", { class: "sh-optimal bg-muted" },
      `Optimal allocation: ${entries.length ? entries.map(([r, n]) => `${n}\u00d7 ${r}`).join(", ") : "nothing to power"}`));
  }
  return h("div", { class: "sh-prompt", role: "status" }, parts);
}

function battlePanel(ctx, v) {
  const x = ctx.extra || {};
  const battle = x.battle;
  const cur = v.current;
  const isInvader = cur && cur.kind === "invader";
  // a battle of an earlier turn stays until the player's first decision after that turn
  // (Python's shown_battle): drawn under this turn's event card, if there is one
  const earlier = battle && !isInvader && battle.turn !== v.turn;
  const event = cur && !isInvader
    ? h("section", { class: "sh-section sh-event" },
      h("h4", null, "Event"), h("div", { class: "sh-card sh-eventcard", "data-key": "event", ...ctx.describe(cur.name) },
        h("span", { class: "sh-name" }, cur.name), h("span", { class: "sh-note" }, cur.note)))
    : null;
  if (!battle && !isInvader) return event;
  if (earlier) return [event, battleSection(ctx, v, battle, false, true)];
  return battleSection(ctx, v, battle, isInvader, false);
}

function battleSection(ctx, v, battle, isInvader, earlier) {
  const x = ctx.extra || {};
  const cur = v.current;
  const turn = battle && battle.turn !== null && battle.turn !== undefined ? battle.turn : v.turn;
  const name = isInvader ? cur.name : battle.invader;
  const invCard = isInvader
    ? h("div", { class: "sh-card sh-invader", "data-key": "invader", ...ctx.describe(name) },
      h("span", { class: "sh-name" }, name),
      h("span", { class: "sh-force" }, "Force ", pips(cur.current_force, cur.force, "sh-red"), ` ${cur.current_force}/${cur.force}`))
    : h("div", { class: "sh-card sh-invader sh-gone", "data-key": "invader", ...ctx.describe(name) }, h("span", { class: "sh-name" }, name),
      h("span", { class: "sh-note" }, battle.result === "destroyed" ? "destroyed" : battle.result === "lost" ? "won: the base fell" : "battle over"));
  const rounds = (battle && battle.rounds) || [];
  const SHOWN = 8;
  const shown = rounds.slice(-SHOWN);
  let falling = 0;  // rounds rolled since the last drawing fall one after the other
  const table = h("table", { class: "sh-rounds" },
    h("thead", null, h("tr", null, h("th", null, "Round"), h("th", null, name), h("th", null, "Defenders"))),
    h("tbody", null,
      rounds.length > SHOWN ? h("tr", null, h("td", { colspan: "3", class: "bg-muted" },
        `\u2026 ${rounds.length - SHOWN} earlier round${rounds.length - SHOWN === 1 ? "" : "s"} (see the log)`)) : null,
      shown.map((r, i) => {
        const cell = (side, key) => {
          if (!side) return h("td", { class: "bg-muted" }, "\u2014");
          const k = `${name}|${turn}|${r.round}|${key}`;
          const fresh = ctx.live && !ctx.firstRender && !ctx.seenDice.has(k);
          ctx.seenDice.add(k);
          const delay = fresh ? Math.min(falling++, 12) * 160 : 0;
          return h("td", null, diceRow(side.dice, side.hits, { fresh, delay }),
            h("span", { class: "sh-hits" }, ` ${side.hits}/${side.dice} hit${side.hits === 1 ? "" : "s"}`));
        };
        return h("tr", { class: i === shown.length - 1 ? "sh-last" : "" },
          h("th", null, r.round), cell(r.invader, "inv"), cell(r.defenders, "def"));
      })));
  const odds = x.odds;
  const oddsBox = odds
    ? h("div", { class: "sh-odds", "aria-label": "exact odds of this battle" },
      h("h5", null, "Exact odds of this battle"),
      odds.map((row) => h("div", { class: `sh-odds-row sh-odds-${row.outcome}` },
        h("span", { class: "sh-odds-name" }, row.outcome),
        h("span", { class: "bg-bar-bg" }, h("span", { class: "bg-bar", style: { width: `${row.prob * 100}%` } })),
        h("span", { class: "bg-prob" }, probText(row)))))
    : (x.odds_error && isInvader ? h("div", { class: "sh-odds bg-muted" }, x.odds_error) : null);
  const next = v.battle && isInvader && !v.is_over  // (no "next" round once the game is over)
    ? h("div", { class: "bg-muted" }, `Next: ${v.battle.invader_dice} invader dice against ${v.battle.defender_dice} defender dice`)
    : null;
  const outcome = battle && battle.result !== "fighting" && !(isInvader && battle.result === "over")
    ? h("div", { class: "sh-battle-result", role: "status" }, battle.result === "destroyed"
      ? `${name} was destroyed in round ${rounds.length}: the ${v.base.name} held.`
      : battle.result === "lost" ? `${name} destroyed the ${v.base.name} in round ${rounds.length}: the game is lost.`
        : `The battle with ${name} is over (${rounds.length} round${rounds.length === 1 ? "" : "s"}).`)
    : null;
  const title = isInvader ? `Battle \u2014 round ${v.battle ? v.battle.round : 1}`
    : !earlier ? "Last battle this turn"
      : battle.turn === null || battle.turn === undefined ? "Last battle (an earlier turn)" : `Last battle (turn ${battle.turn})`;
  return h("section", { class: "sh-section sh-battle", "aria-label": "battle", "data-turn": String(turn) },
    h("h4", null, title),
    h("div", { class: "sh-battle-grid" }, invCard, h("div", null, table, next, outcome), oddsBox));
}

function baseRow(ctx, v) {
  const b = v.base;
  const hits = b.max_hits;
  const baseCard = card(ctx, {
    kind: "base", key: "base", name: b.name, note: `generates ${b.generates} power; built-in turret (1 die)`,
    actions: [`repair ${b.name}`, `virus ${b.name}`],
    body: [h("span", { class: "sh-line" }, `\u26a1 +${b.generates}`),
      h("span", { class: b.damage ? "sh-line sh-damage" : "sh-line" }, `Damage ${b.damage}/${hits}`, pips(hits - b.damage, hits, "sh-hull"))],
  });
  // Identical structures (same card, damage and power) are one card with a count: their
  // actions are the same (a label names the card and its damage).
  const groups = [];
  for (const s of v.structures || []) {
    const same = groups.find((g) => g.s.label === s.label && g.s.powered === s.powered);
    if (same) same.n += 1;
    else groups.push({ s, n: 1 });
  }
  const structures = groups.map(({ s, n }, i) => {
    const tok = s.powered ? h("span", { class: "sh-token", title: "powered" }, "\u26a1") : null;
    return card(ctx, {
      kind: "structure", key: `s${i}:${s.label}:${s.powered ? 1 : 0}`, name: n > 1 ? `${s.name} \u00d7${n}` : s.name,
      glossary: s.name, note: s.note, cls: s.powered ? "sh-powered" : "",
      actions: [`repair ${s.label}`, `virus ${s.label}`, ...(s.powered ? [] : [`power ${s.name}`])],
      body: [
        h("span", { class: "sh-line" },
          s.income ? h("span", { class: "sh-income", title: "income when powered" }, `$${s.income}`) : null,
          s.power ? h("span", { class: "sh-upkeep", title: "power it needs" }, ` P${s.power}`) : null,
          s.generates ? h("span", { class: "sh-gen", title: "power it generates" }, ` \u26a1+${s.generates}`) : null, tok),
        s.max_hits ? h("span", { class: s.damage ? "sh-line sh-damage" : "sh-line" }, `Hits ${s.damage}/${s.max_hits}`) : null,
      ],
    });
  });
  return h("section", { class: "sh-section sh-structures", "aria-label": "base and structures" },
    h("h4", null, `${b.name} and structures`), h("div", { class: "sh-cards" }, baseCard, structures));
}

function defendersRow(ctx, v) {
  const defs = (v.defenders || []).map((d, i) => card(ctx, {
    kind: "defender", key: `d${i}:${d.label}`, name: d.name, note: d.note,
    cls: d.fights ? "" : "sh-idle",
    actions: [`repair ${d.label}`, `virus ${d.label}`, `remove ${d.label}`, `peek ${d.label}`],
    body: [h("span", { class: "sh-force" }, "Force ", pips(d.current_force, d.force), ` ${d.current_force}/${d.force}`),
      d.damage ? h("span", { class: "sh-line sh-damage" }, `Damage ${d.damage}`) : null,
      d.fights ? null : h("span", { class: "sh-line sh-warn" }, "does not fight")],
  }));
  return h("section", { class: "sh-section sh-defenders", "aria-label": "defenders" },
    h("h4", null, `Defenders ${defs.length}/${v.capacity}`),
    h("div", { class: "sh-cards" }, defs.length ? defs : h("span", { class: "bg-muted" }, "no defenders")));
}

function handRow(ctx, v) {
  if (!Array.isArray(v.hand)) {
    return h("section", { class: "sh-section sh-hand", "aria-label": "hand" },
      h("h4", null, `Hand ${v.hand_size}/${v.hand_limit}`), h("span", { class: "bg-muted" }, "hidden from spectators"));
  }
  const hints = (ctx.extra && ctx.extra.hints) || {};
  const cards = v.hand.map((n, i) => card(ctx, {
    kind: "hand", key: `h${i}:${n}`, name: n, hint: hints[`build ${n}`] || null,
    cls: hints[`build ${n}`] ? "sh-blocked" : "",
    actions: [`build ${n}`, `discard ${n}`], why: `build ${n}`,
  }));
  const known = (v.known_top || []).length
    ? h("div", { class: "sh-known" }, h("span", { class: "bg-muted" }, "Seen on top of the deck: "),
      v.known_top.map((n, i) => h("span", { class: "bg-chip", "data-key": `k${i}`, ...ctx.describe(n) }, `${i + 1}. ${n}`)))
    : null;
  return h("section", { class: "sh-section sh-hand", "aria-label": "hand" },
    h("h4", null, `Hand ${v.hand.length}/${v.hand_limit}`),
    h("div", { class: "sh-cards" }, cards.length ? cards : h("span", { class: "bg-muted" }, "empty")), known);
}

function discardRow(ctx, v) {
  const entries = Object.entries(v.discard || {});
  const items = entries.map(([n, c]) => {
    const a = ctx.take(`take ${n}`);
    const label = `${n}${c > 1 ? ` \u00d7${c}` : ""}`;
    return a
      ? h("button", { class: "bg-btn bg-act sh-take", type: "button", "data-action": a, ...ctx.describe(n, a) }, label)
      : h("span", { class: "bg-chip sh-discarded", ...ctx.describe(n) }, label);
  });
  return h("details", { class: "sh-section sh-discard", open: entries.length && ctx.legal.some((a) => a.startsWith("take ")) ? true : null },
    h("summary", { "data-key": "discard" }, `Discard pile (${entries.reduce((s, [, c]) => s + c, 0)})`),
    h("div", { class: "bg-row" }, items.length ? items : h("span", { class: "bg-muted" }, "empty")));
}

/** The house rule the New game control offers (off by default, not in the rule text):
 *  grace_turns, an Invader drawn in the first N turns passes without a battle. */
function houseRow(ctx) {
  if (ctx.player === null || !ctx.extra) return null;
  const now = ctx.extra.grace_turns || 0;
  const choices = [...new Set([0, 1, 2, 3, 5, now])].sort((a, b) => a - b);
  const opts = choices.map((n) => h("option", { value: String(n), selected: n === now ? true : null },
    n === 0 ? "off (the rules as written)" : `no invasion in the first ${n} turn${n > 1 ? "s" : ""}`));
  return h("div", { class: "sh-house-rules bg-muted", "data-key": "house-rules" },
    h("label", null, "House rule for a new game (not in the rules; off by default): ",
      h("select", { "data-house": "grace_turns", "aria-label": "house rule: no invasion in the first turns" }, opts)),
    " ",
    h("button", { class: "bg-btn bg-small", type: "button", "data-house-new": "grace_turns" },
      "New game with this house rule"));
}

function renderMain(ctx) {
  const v = ctx.view;
  if (!v || !v.base) return h("p", null, "No position to show.");
  return h("div", { class: "sh-board" },
    statusBar(ctx, v), prompt(ctx, v), battlePanel(ctx, v), baseRow(ctx, v), defendersRow(ctx, v),
    handRow(ctx, v), discardRow(ctx, v), houseRow(ctx));
}

function render({ model, el, host, signal }) {
  // "New game with this house rule": the message new_house (a new game, the seed random).
  const onHouse = (ev) => {
    const btn = ev.target instanceof Element ? ev.target.closest("[data-house-new]") : null;
    if (!btn || !el.contains(btn)) return;
    const rule = btn.dataset.houseNew;
    const sel = btn.parentElement.querySelector(`select[data-house="${rule}"]`);
    const typed = ((el.querySelector(".bg-seed") || {}).value || "").trim();  // the New game seed box
    const seed = /^\d{1,15}$/.test(typed) ? Number(typed) : null;
    model.send({ type: "new_house", seed, rule, value: Number(sel ? sel.value : 0) });
  };
  el.addEventListener("click", onHouse);
  const board = mountBoard({ model, el, host, signal }, {
    game: "spacehole",
    title: (ctx) => (isB5(ctx) ? "Babylon 5 \u00b7 Spacehole" : "Spacehole"),
    themeClass: (ctx) => (isB5(ctx) ? "bg-theme-babylon5" : "bg-theme-classic"),
    renderMain,
  });
  return () => {
    el.removeEventListener("click", onHouse);
    board();
  };
}

export default { render };
