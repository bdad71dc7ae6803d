// @ts-check
// The table: opponents in a strip at the top, compact (name, hand size, bank total, sets) and expandable
// to their whole table (the player being charged, stolen from or answered opens by itself); the draw and
// discard piles and the latest moves in the middle; your table and your hand. Each region is a named
// landmark ("Your hand", "Your table", "Piles"); style.css lays them out to fit the screen. Drawn fresh
// from the seat's view on each message, then morphed in place.
import { card } from "./cards.js";
import { el, reuse } from "./dom.js";

/**
 * A table as one seat sees it, with what the legal actions mark on it (marks.js).
 * @typedef {object} Seats
 * @property {any} game   the seat's view
 * @property {number | null} you   the seat (null: a spectator)
 * @property {string[]} names   every seat's name as shown
 * @property {boolean[]} open   whether each opponent's whole table shows (else its summary)
 * @property {import("./marks.js").Marks} marks
 * @property {string | null} selected   the card picked
 * @property {string[]} ticker   the latest lines of the log
 * @property {number} logSize   how many lines the log has (the ticker's keys)
 * @property {boolean} reuse   whether a seat drawn as it was last time may be kept (not in a replay)
 */

/**
 * What a click or a drop on the table does.
 * @typedef {object} TableActions
 * @property {(notation: string) => void} send
 * @property {(subject: string | null) => void} select
 * @property {(p: number, open: boolean) => void} toggleSeat
 * @property {(place: string | number) => object} dropZone   the attributes of a place that takes a dragged card
 */

// "P2 Bob · 5 cards in hand": a seat's heading (the words for one card and for many).
export function handCount(words, count) {
  return count === 1 ? words.t("hand-one") : words.ui("hand-size", { count });
}

/** @param {Seats} seats @param {TableActions} on */
function group(words, seats, on, p, g) {
  const { marks } = seats;
  const colour = words.C.colours[g.colour] || { name: g.colour, size: 0 };
  const mine = p === seats.you;
  const where = `table:${g.colour}:${g.group}`;
  const setAim = mine ? null : marks.aims.get(`seat:${p}:${g.colour}:${g.group}`);
  const cards = g.cards.map((key, i) => {
    const subject = `${where}:${key}`;
    const aim = mine ? null : setAim || marks.aims.get(`seat:${p}:${g.colour}:${g.group}:${key}`);
    const direct = mine ? marks.direct.get(subject) : aim && !aim.shared ? aim : null;
    const clickable = (mine && marks.subjects.has(subject)) || direct;
    return card(words, key, {
      as: g.colour, small: true, key: `t${p}-${g.colour}-${g.group}-${key}-${i}`,
      selected: seats.selected === subject, highlight: marks.marked.has(`${p}:${g.colour}:${key}`) || marks.hinted.has(subject) || Boolean(aim),
      onclick: clickable ? () => (direct ? on.send(direct.notation) : on.select(subject)) : null,
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

/** @param {Seats} seats @param {TableActions} on */
function bank(words, seats, on, p) {
  const cards = seats.game.banks[p];
  const total = bankTotal(words, cards);
  const counts = new Map();
  return el("div", { class: "bank", "data-key": `bank${p}`, ...(p === seats.you ? on.dropZone("bank") : {}) },
    el("span", { class: "bank-total", id: `bank-total-${p}` }, words.ui("bank", { amount: `${total}M` })),
    el("div", { class: "bankcards" }, cards.map((key) => {
      const n = (counts.get(key) || 0) + 1;
      counts.set(key, n);
      const subject = `bank:${key}`;
      const direct = p === seats.you ? seats.marks.direct.get(subject) : null;
      return card(words, key, { small: true, key: `b${p}-${key}-${n}`, highlight: direct && seats.marks.hinted.has(subject),
        onclick: direct ? () => on.send(direct.notation) : null, data: direct ? { subject } : {}, label: direct ? direct.label : null });
    })));
}

// A seat's sets in brief: a colour chip with "cards/needed" for each group, complete ones ticked.
function setChips(words, groups, p) {
  return el("span", { class: "set-chips" }, groups.map((g) => {
    const colour = words.C.colours[g.colour] || { name: g.colour, size: 0 };
    return el("span", { class: `set-chip${g.complete ? " complete" : ""}`, "data-key": `chip${p}-${g.colour}-${g.group}`,
      title: colour.name }, el("span", { class: `chip c-${g.colour}` }), `${g.cards.length}/${colour.size || "–"}`);
  }));
}

// What the cards of a bank (or any pile of cards) are worth, by this game's deck (the view's values).
function bankTotal(words, cards) {
  return cards.reduce((sum, key) => sum + (words.C.cards[key] || { value: 0 }).value, 0);
}

/** @param {Seats} seats @param {TableActions} on */
function seat(words, seats, on, p) {
  const game = seats.game;
  const d = game.decision;
  const mine = p === seats.you;
  const name = seats.names[p];
  const open = mine || Boolean(game.hands) || seats.open[p];   // at the end every hand is shown
  const complete = game.groups[p].filter((g) => g.complete).length;
  const classes = ["panel", "table", mine ? "mine" : "opponent", open ? "open" : "compact", p === game.active ? "active" : "",
    d.type !== "over" && p === d.player ? "deciding" : "", seats.marks.targets.has(p) ? "target" : "", game.winner === p ? "winner" : ""];
  const heading = `P${p + 1} ${name}${mine ? " ★" : ""} · ${handCount(words, game.hand_sizes[p])}`;
  const toggle = mine ? null : el("button", { class: "expand", "aria-expanded": open ? "true" : "false", "aria-controls": open ? `seat-body-${p}` : null,
    "aria-label": words.t(open ? "hide-table" : "show-table", { player: name }), onclick: () => on.toggleSeat(p, !open) },
  el("span", { class: "caret", "aria-hidden": "true" }));
  // your table scrolls inside itself when it holds more than fits: focusable, so the keyboard can scroll it
  return el("section", { class: classes.filter(Boolean).join(" "), id: `table-${p}`, "aria-label": mine ? words.t("landmark-table") : heading,
    tabindex: mine ? 0 : null, ...on.dropZone(mine ? "table" : p) },
    el("div", { class: "seat-head" },
      el("span", { class: "avatar", "aria-hidden": "true" }, String(p + 1)),
      el("h2", {}, heading, game.jailed[p] ? el("span", { class: "jailed" }, ` · ${words.ui("jailed")}`) : null),
      toggle),
    el("div", { class: "stats" },
      el("span", { class: "hand-stack", id: `hand-count-${p}`, "aria-hidden": "true" }, String(game.hand_sizes[p])),
      // an open table's bank says its total itself
      open ? null : el("span", { class: "bank-short" }, words.t("bank-short", { amount: `${bankTotal(words, game.banks[p])}M` })),
      el("span", { class: "sets-done" }, words.t("sets-done", { count: complete, goal: game.sets_to_win })),
      open ? null : setChips(words, game.groups[p], p)),
    open ? el("div", { class: "seat-body", id: `seat-body-${p}` },
      game.groups[p].length ? el("div", { class: "sets" }, game.groups[p].map((g) => group(words, seats, on, p, g)))
        : el("p", { class: "none" }, words.ui("no-properties")),
      bank(words, seats, on, p),
      game.hands && !mine ? el("div", { class: "open-hand", role: "group", "aria-label": words.t("hand-of", { player: name }) },
        el("span", { class: "bank-total" }, words.t("hand-of", { player: name })),
        game.hands[p].map((key, i) => card(words, key, { small: true, key: `oh${p}-${key}-${i}` }))) : null) : null);
}

/** @param {Seats} seats */
function middle(words, seats) {
  const { game, ticker, logSize } = seats;
  const top = game.discard[game.discard.length - 1];
  return el("section", { class: "middle", id: "middle", "aria-label": words.t("landmark-piles") },
    el("div", { class: "piles" },
      el("div", { class: "pile draw", id: "draw-pile", role: "img", "aria-label": words.ui("draw-pile", { count: game.draw_size }) },
        el("div", { class: "card back" }, el("span", {}, String(game.draw_size)))),
      el("div", { class: "pile discard", id: "discard-pile", role: "group", "aria-label": top ? words.ui("discard-pile", { count: game.discard.length, card: words.C.cards[top].name }) : words.ui("discard-empty") },
        top ? card(words, top, { small: true, key: `discard-${game.discard.length}` }) : el("div", { class: "card empty" }))),
    el("ol", { class: "ticker", id: "ticker", "aria-live": "polite", "aria-label": words.t("ticker") },
      ticker.map((line, i) => el("li", { "data-key": `tick-${logSize - ticker.length + i}` }, line))));
}

/**
 * Your hand: every card, the playable ones as buttons (arrow keys move between them).
 * @param {string[]} cards
 * @param {import("./marks.js").Marks} marks
 * @param {string | null} selected
 * @param {{ send: (notation: string) => void, select: (subject: string | null) => void }} on
 */
export function hand(words, cards, marks, selected, on) {
  const counts = new Map();
  return el("section", { class: "panel hand", id: "hand", "aria-label": words.t("landmark-hand") },
    el("h2", {}, words.ui("your-hand", { count: cards.length })),
    el("div", { class: "cards", onkeydown: arrows, tabindex: 0, role: "group", "aria-label": words.ui("your-hand", { count: cards.length }) },
      cards.map((key) => {
      const n = (counts.get(key) || 0) + 1;
      counts.set(key, n);
      const subject = `hand:${key}`;
      const direct = marks.direct.get(subject);
      const clickable = marks.subjects.has(subject) || direct;
      return card(words, key, { key: `h-${key}-${n}`, selected: selected === subject, highlight: marks.hinted.has(subject),
        onclick: clickable ? () => (direct ? on.send(direct.notation) : on.select(subject)) : null,
        data: clickable ? { subject } : {}, label: direct ? direct.label : null, drag: marks.subjects.has(subject) ? subject : null });
    }), cards.length ? null : el("p", { class: "empty-hand" }, words.t("hand-empty"))));
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
/** @param {Seats} seats @param {TableActions} on */
function seatOnce(words, seats, on, p) {
  if (!seats.reuse) return seat(words, seats, on, p);
  const { game, marks } = seats;
  const d = game.decision;
  const signature = JSON.stringify([words.lang, seats.you, seats.names[p], seats.open[p], game.groups[p], game.banks[p], game.hand_sizes[p],
    game.jailed[p], game.active === p, d.player === p, d.type, game.winner, marks.targets.has(p), game.hands && game.hands[p],
    seats.selected, [...marks.subjects], [...marks.direct.keys()], [...marks.aims.keys()], [...marks.hinted], [...marks.marked]]);
  return reuse(`table-${p}`, signature, () => seat(words, seats, on, p));
}

/**
 * Every seat around the middle: the opponents in a strip (in seat order from yours), the piles, then you.
 * @param {Seats} seats
 * @param {TableActions} on
 */
export function table(words, seats, on) {
  const players = seats.game.names.length;
  const you = seats.you;
  const start = you ?? -1;
  const others = [...Array(players).keys()].map((i) => (start + 1 + i) % players).filter((p) => p !== you);
  return el("div", { class: `tables n${players}`, id: "tables" },
    el("section", { class: "opponents", id: "opponents", "aria-label": words.t("landmark-opponents") },
      others.map((p) => seatOnce(words, seats, on, p))),
    middle(words, seats), you !== null ? seatOnce(words, seats, on, you) : null);
}
