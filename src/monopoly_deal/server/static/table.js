// @ts-check
// The table: opponents in a strip at the top, compact (name, hand size, bank total, sets) and expandable
// to their whole table (the player being charged, stolen from or answered opens by itself); the draw and
// discard piles and the latest moves in the middle; your table and your hand. Each region is a named
// landmark ("Your hand", "Your table", "Piles"); style.css lays them out to fit the screen. Drawn fresh
// from the seat's view on each message, then morphed in place.
import { card } from "./cards.js";
import { el, reuse } from "./dom.js";

// "P2 Bob · 5 cards in hand": a seat's heading (the words for one card and for many).
export function handCount(words, count) {
  return count === 1 ? words.t("hand-one") : words.ui("hand-size", { count });
}

function group(ctx, p, g) {
  const { words } = ctx;
  const colour = words.C.colours[g.colour] || { name: g.colour, size: 0 };
  const mine = p === ctx.you;
  const where = `table:${g.colour}:${g.group}`;
  const setAim = mine ? null : ctx.aims.get(`seat:${p}:${g.colour}:${g.group}`);
  const cards = g.cards.map((key, i) => {
    const subject = `${where}:${key}`;
    const aim = mine ? null : setAim || ctx.aims.get(`seat:${p}:${g.colour}:${g.group}:${key}`);
    const direct = mine ? ctx.direct.get(subject) : aim && !aim.shared ? aim : null;
    const clickable = (mine && ctx.subjects.has(subject)) || direct;
    return card(words, key, {
      as: g.colour, small: true, key: `t${p}-${g.colour}-${g.group}-${key}-${i}`,
      selected: ctx.selected === subject, highlight: ctx.marked.has(`${p}:${g.colour}:${key}`) || ctx.hinted.has(subject) || Boolean(aim),
      onclick: clickable ? () => (direct ? ctx.send(direct.notation) : ctx.select(subject)) : null,
      data: clickable ? { subject: aim ? `aim:${p}:${g.colour}:${g.group}:${key}` : subject } : {}, label: direct ? direct.label : null });
  });
  for (const building of [g.house, g.hotel]) {
    if (building) cards.push(card(words, building, { small: true, key: `t${p}-${g.colour}-${g.group}-${building}` }));
  }
  const size = colour.size || "–";
  // a multi-colour wild laid alone stands as no colour until it is moved onto a set: say so
  const label = g.colour === "none" ? words.t("no-colour-yet") : `${colour.name}${g.group ? ` #${g.group + 1}` : ""} ${g.cards.length}/${size} · ${g.rent}M${g.complete ? " ✓" : ""}`;
  return el("div", { class: `group${g.complete ? " complete" : ""}`, "data-colour": g.colour, "data-key": `g${p}-${g.colour}-${g.group}`,
    role: "group", "aria-label": `${label}${g.complete ? ", " + words.ui("complete") : ""}` },
  el("span", { class: "label" }, el("span", { class: `chip c-${g.colour}` }), label),
  el("div", { class: "cards" }, cards));
}

function bank(ctx, p, cards) {
  const { words } = ctx;
  const total = cards.reduce((sum, key) => sum + (words.C.cards[key] || { value: 0 }).value, 0);
  const counts = new Map();
  return el("div", { class: "bank", "data-key": `bank${p}`, ...(p === ctx.you ? ctx.dropZone("bank") : {}) },
    el("span", { class: "bank-total", id: `bank-total-${p}` }, words.ui("bank", { amount: `${total}M` })),
    el("div", { class: "bankcards" }, cards.map((key) => {
      const n = (counts.get(key) || 0) + 1;
      counts.set(key, n);
      const subject = `bank:${key}`;
      const direct = p === ctx.you ? ctx.direct.get(subject) : null;
      return card(words, key, { small: true, key: `b${p}-${key}-${n}`, highlight: direct && ctx.hinted.has(subject),
        onclick: direct ? () => ctx.send(direct.notation) : null, data: direct ? { subject } : {}, label: direct ? direct.label : null });
    })));
}

// A seat's sets in brief: a colour chip with "cards/needed" for each group, complete ones ticked.
function setChips(ctx, p) {
  const { words } = ctx;
  return el("span", { class: "set-chips" }, ctx.state.game.groups[p].map((g) => {
    const colour = words.C.colours[g.colour] || { name: g.colour, size: 0 };
    return el("span", { class: `set-chip${g.complete ? " complete" : ""}`, "data-key": `chip${p}-${g.colour}-${g.group}`,
      title: colour.name }, el("span", { class: `chip c-${g.colour}` }), `${g.cards.length}/${colour.size || "–"}`);
  }));
}

function bankTotal(ctx, p) {
  return ctx.state.game.banks[p].reduce((sum, key) => sum + (ctx.words.C.cards[key] || { value: 0 }).value, 0);
}

function seat(ctx, p) {
  const { state, words } = ctx;
  const game = state.game;
  const d = game.decision;
  const mine = p === ctx.you;
  const open = mine || Boolean(game.hands) || ctx.expanded(p);   // at the end every hand is shown
  const complete = game.groups[p].filter((g) => g.complete).length;
  const classes = ["panel", "table", mine ? "mine" : "opponent", open ? "open" : "compact", p === game.active ? "active" : "",
    d.type !== "over" && p === d.player ? "deciding" : "", ctx.targets.has(p) ? "target" : "", game.winner === p ? "winner" : ""];
  const heading = `P${p + 1} ${ctx.seatName(p)}${mine ? " ★" : ""} · ${handCount(words, game.hand_sizes[p])}`;
  const toggle = mine ? null : el("button", { class: "expand", "aria-expanded": open ? "true" : "false", "aria-controls": open ? `seat-body-${p}` : null,
    "aria-label": words.t(open ? "hide-table" : "show-table", { player: ctx.seatName(p) }), onclick: () => ctx.toggleSeat(p, !open) },
  el("span", { class: "caret", "aria-hidden": "true" }));
  // your table scrolls inside itself when it holds more than fits: focusable, so the keyboard can scroll it
  return el("section", { class: classes.filter(Boolean).join(" "), id: `table-${p}`, "aria-label": mine ? words.t("landmark-table") : heading,
    tabindex: mine ? 0 : null, ...ctx.dropZone(mine ? "table" : p) },
    el("div", { class: "seat-head" },
      el("span", { class: "avatar", "aria-hidden": "true" }, String(p + 1)),
      el("h2", {}, heading, game.jailed[p] ? el("span", { class: "jailed" }, ` · ${words.ui("jailed")}`) : null),
      toggle),
    el("div", { class: "stats" },
      el("span", { class: "hand-stack", id: `hand-count-${p}`, "aria-hidden": "true" }, String(game.hand_sizes[p])),
      el("span", { class: "bank-short" }, words.t("bank-short", { amount: `${bankTotal(ctx, p)}M` })),
      el("span", { class: "sets-done" }, words.t("sets-done", { count: complete, goal: game.sets_to_win })),
      open ? null : setChips(ctx, p)),
    open ? el("div", { class: "seat-body", id: `seat-body-${p}` },
      game.groups[p].length ? el("div", { class: "sets" }, game.groups[p].map((g) => group(ctx, p, g)))
        : el("p", { class: "none" }, words.ui("no-properties")),
      bank(ctx, p, game.banks[p]),
      game.hands && !mine ? el("div", { class: "open-hand", role: "group", "aria-label": words.t("hand-of", { player: ctx.seatName(p) }) },
        el("span", { class: "bank-total" }, words.t("hand-of", { player: ctx.seatName(p) })),
        game.hands[p].map((key, i) => card(words, key, { small: true, key: `oh${p}-${key}-${i}` }))) : null) : null);
}

function middle(ctx) {
  const { state, words } = ctx;
  const game = state.game;
  const top = game.discard[game.discard.length - 1];
  return el("section", { class: "middle", id: "middle", "aria-label": words.t("landmark-piles") },
    el("div", { class: "piles" },
      el("div", { class: "pile draw", id: "draw-pile", role: "img", "aria-label": words.ui("draw-pile", { count: game.draw_size }) },
        el("div", { class: "card back" }, el("span", {}, String(game.draw_size)))),
      el("div", { class: "pile discard", id: "discard-pile", role: "group", "aria-label": top ? words.ui("discard-pile", { count: game.discard.length, card: words.C.cards[top].name }) : words.ui("discard-empty") },
        top ? card(words, top, { small: true, key: `discard-${game.discard.length}` }) : el("div", { class: "card empty" }))),
    el("ol", { class: "ticker", id: "ticker", "aria-live": "polite", "aria-label": words.t("ticker") },
      ctx.ticker.map((line, i) => el("li", { "data-key": `tick-${ctx.logSize - ctx.ticker.length + i}` }, line))));
}

// Your hand: every card, the playable ones as buttons (arrow keys move between them).
export function hand(ctx) {
  const { state, words } = ctx;
  const counts = new Map();
  return el("section", { class: "panel hand", id: "hand", "aria-label": words.t("landmark-hand") },
    el("h2", {}, words.ui("your-hand", { count: state.game.hand.length })),
    el("div", { class: "cards", onkeydown: arrows, tabindex: 0, role: "group", "aria-label": words.ui("your-hand", { count: state.game.hand.length }) },
      state.game.hand.map((key) => {
      const n = (counts.get(key) || 0) + 1;
      counts.set(key, n);
      const subject = `hand:${key}`;
      const direct = ctx.direct.get(subject);
      const clickable = ctx.subjects.has(subject) || direct;
      return card(words, key, { key: `h-${key}-${n}`, selected: ctx.selected === subject, highlight: ctx.hinted.has(subject),
        onclick: clickable ? () => (direct ? ctx.send(direct.notation) : ctx.select(subject)) : null,
        data: clickable ? { subject } : {}, label: direct ? direct.label : null, drag: ctx.subjects.has(subject) ? subject : null });
    }), state.game.hand.length ? null : el("p", { class: "empty-hand" }, words.t("hand-empty"))));
}

// Left and right arrows move between the focusable cards of a row.
function arrows(event) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const cards = [...event.currentTarget.querySelectorAll(".card[tabindex]")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  event.preventDefault();
  cards[(at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length].focus();
}

// A seat as it was drawn last time, if nothing it shows has changed (most updates change one or two seats).
function seatOnce(ctx, p) {
  if (!ctx.reuse) return seat(ctx, p);
  const game = ctx.state.game;
  const d = game.decision;
  const signature = JSON.stringify([ctx.lang, ctx.you, ctx.seatName(p), ctx.expanded(p), game.groups[p], game.banks[p], game.hand_sizes[p],
    game.jailed[p], game.active === p, d.player === p, d.type, game.winner, ctx.targets.has(p), game.hands && game.hands[p],
    ctx.selected, [...ctx.subjects], [...ctx.direct.keys()], [...ctx.aims.keys()], [...ctx.hinted], [...ctx.marked]]);
  return reuse(`table-${p}`, signature, () => seat(ctx, p));
}

// Every seat around the middle: the opponents in a strip (in seat order from yours), the piles, then you.
export function table(ctx) {
  const players = ctx.state.game.names.length;
  const start = ctx.you ?? -1;
  const others = [...Array(players).keys()].map((i) => (start + 1 + i) % players).filter((p) => p !== ctx.you);
  return el("div", { class: `tables n${players}`, id: "tables" },
    el("section", { class: "opponents", id: "opponents", "aria-label": ctx.words.t("landmark-opponents") },
      others.map((p) => seatOnce(ctx, p))),
    middle(ctx), ctx.you !== null ? seatOnce(ctx, ctx.you) : null);
}
