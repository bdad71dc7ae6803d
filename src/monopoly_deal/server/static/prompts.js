// @ts-check
// Decisions in context: what is at stake in words ("Bob plays Sly Deal to take your green (4M). Just Say
// No, or accept?"), paying with a running total, and the legal actions as buttons, those of the card you
// picked first. Cards you can act on directly (paying, putting back, giving) are buttons on the table too.
import { el } from "./dom.js";
import { subjectOf } from "./marks.js";

/**
 * A decision as a seat sees it: what every sentence about it reads.
 * @typedef {object} Seen
 * @property {any} game   the seat's view
 * @property {number | null} you   the seat (null: a spectator)
 * @property {string[]} names   every seat's name as shown
 * @property {import("./marks.js").Action[]} legal   the seat's legal actions
 */

// A card named with its value and owner: "your green (4M)", "Bob's green (4M)".
function cardOf(words, seen, owner, key) {
  const info = words.C.cards[key] || { name: key, value: 0 };
  const params = { player: owner, card: info.name, value: `${info.value}M` };
  return owner === seen.game.names[seen.you] ? words.t("prompt.your-card", params) : words.t("prompt.card-of", params);
}

// The decision in words, for everyone at the table (and the title of the end), its sentences set as the
// page's language sets them (Chinese: no space between them).
/** @param {Seen} seen */
export const decisionText = (words, seen) => words.set(decisionWords(words, seen));

/** @param {Seen} seen */
function decisionWords(words, seen) {
  const game = seen.game;
  const d = game.decision;
  const name = (p) => seen.names[p];
  if (d.type === "over") return game.winner >= 0 ? words.ui("winner", { player: name(game.winner) }) : words.ui("no-winner");
  const player = name(d.player);
  const mine = d.player === seen.you;
  if (d.type === "respond") {
    const card = words.C.cards[d.action].name;
    const actor = name(d.against);
    const tail = () => words.t(seen.legal.some((a) => a.verb === "no") ? "prompt.no-or-accept" : "prompt.accept-only");
    if (d.noes) {   // a Just Say No chain: an odd count is the target's No, an even one the actor's No back
      const params = { actor, target: name(d.target), card };
      const said = words.t(`prompt.said-no${d.noes % 2 ? "" : "-back"}${mine ? "-you" : ""}`, params);
      return mine ? `${said} ${tail()}` : `${said} ${words.t("prompt.waits", { player })}`;
    }
    let what;
    if (d.amount) what = words.t(mine ? "prompt.charge-you" : "prompt.charge", { actor, card, player, amount: `${d.amount}M` });
    else if (d.cards) what = words.t("prompt.cards", { actor, card, what: d.cards.map(([owner, , key]) => cardOf(words, seen, owner, key)).join(words.t("list-sep")) });
    else what = words.t("prompt.against", { actor, card, player });
    if (!mine) return `${what} ${words.t("prompt.waits", { player })}`;
    return `${what} ${tail()}`;
  }
  if (d.type === "pay") {
    const params = { player, receiver: name(d.receiver), owed: `${d.owed}M`, paid: `${d.paid}M` };
    return words.t(mine ? "prompt.pay-you" : "prompt.pay", params);
  }
  if (d.type === "give" && d.cards && d.cards.length) {   // Forced Deal: the card you get, then the one you give
    const what = d.cards.map(([owner, , key]) => cardOf(words, seen, owner, key)).join(words.t("list-sep"));
    return words.t(mine ? "prompt.give-you" : "prompt.give", { card: words.C.cards[d.action].name, player, what });
  }
  if (d.type === "place") return words.ui("decide.place", { player, card: words.C.cards[d.building].name });
  if (d.type === "play") {
    if (!mine) return words.t("prompt.plays", { player, plays: game.plays_left });
    return game.plays_left ? words.ui("decide.play", { player, plays: game.plays_left }) : words.t("prompt.no-plays-left", { player });
  }
  return words.ui(`decide.${d.type}`, { player, plays: game.plays_left });
}

// A picked card's choices open at the card when they are few; many (a Forced Deal at a full table) stay in
// the decision panel, which scrolls, rather than run off the screen.
const AT_CARD_MOST = 6;

/**
 * The decision panel: the decision in words, your choices as buttons (those of the picked card, or none
 * picked: the general ones), the running total of a payment, the hint and back buttons, a lesson's coach.
 * @param {Seen & { selected: string | null, hint: string | null, lesson: any, timed: boolean,
 *   hintsAllowed: boolean, hintPending: boolean }} seen   `hint`: the notation to highlight; `timed`: a clock runs
 * @param {{ send: (notation: string) => void, select: (subject: string | null) => void, askHint: () => void }} on
 */
export function prompt(words, seen, on) {
  const { selected, hint, lesson } = seen;
  const d = seen.game.decision;
  const mine = seen.legal.length > 0;
  const subjects = seen.legal.map((a) => subjectOf(d.type, a));
  const buttons = seen.legal.map((a, i) => {
    const subject = subjects[i];
    const hidden = subject !== "" && subject !== selected;
    const hinted = hint === a.notation;
    const lessonElse = Boolean(lesson && lesson.expect) && !hinted;   // a lesson asks for one move
    return el("button", { class: `act${a.verb === "no" ? " danger" : ""}${hinted ? " hinted" : ""}${subject ? "" : " general"}`, "data-action": a.notation,
      "data-subject": subject, "data-key": `act-${a.notation}`, hidden, disabled: lessonElse, onclick: () => on.send(a.notation) }, a.label);
  });
  const atCard = selected !== null && subjects.filter((s) => s === selected).length <= AT_CARD_MOST;
  const clock = seen.timed ? el("span", { class: "clock", id: "clock", role: "timer" }) : null;
  const extras = [];
  if (d.type === "pay" && mine) {
    extras.push(el("p", { class: "running", id: "running-total" },
      el("span", {}, words.t("paid-so-far", { amount: `${d.paid}M` })), " · ",
      el("strong", {}, words.t("still-owed", { amount: `${d.owed}M` }))));
  }
  if (d.type === "play" && mine && !selected) extras.push(el("p", { class: "pick" }, words.t("pick-card")));
  const tools = mine ? el("div", { class: "tools" },
    seen.hintsAllowed ? el("button", { id: "hint", onclick: on.askHint, disabled: seen.hintPending }, seen.hintPending ? words.t("hint-thinking") : words.t("hint")) : null,
    selected ? el("button", { id: "unselect", onclick: () => on.select(null) }, words.t("back")) : null) : null;
  return el("div", { class: `panel prompt${mine ? " yours" : ""}`, id: "prompt", role: "region", "aria-label": words.t("decision") },
    lesson ? coach(words, lesson) : null,
    el("p", { id: "decision", class: "status", "aria-live": "polite" }, decisionText(words, seen), " ", clock),
    extras, mine ? el("div", { class: `choices${atCard ? " at-card" : ""}`, id: "choices", role: "group",
      "aria-label": words.t("choices") }, buttons) : null, tools);
}

/**
 * A lesson's coach: what this step teaches and the move to make (shown on the card and its button, as a
 * hint is), and how far the lesson has come.
 * @param {{ name: string, say: string, step: number, steps: number, expect: string | null }} lesson
 */
export function coach(words, lesson) {
  return el("div", { class: "coach", id: "coach", role: "note", "aria-label": words.t("coach") },
    el("p", {}, el("strong", {}, `${words.t("coach")}: `), words.t(`lesson.${lesson.name}.${lesson.say}`)),
    el("small", {}, words.t("lesson-step", { n: Math.min(lesson.step + (lesson.expect ? 1 : 0), lesson.steps), total: lesson.steps })));
}
