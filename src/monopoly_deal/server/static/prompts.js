// @ts-check
// Decisions in context: what is at stake in words ("Bob plays Sly Deal to take your green (4M). Just Say
// No, or accept?"), paying with a running total, and the legal actions as buttons, those of the card you
// picked first. Cards you can act on directly (paying, putting back, giving) are buttons on the table too.
import { el } from "./dom.js";

// A card named with its value and owner: "your green (4M)", "Bob's green (4M)".
function cardOf(ctx, owner, key) {
  const info = ctx.words.C.cards[key] || { name: key, value: 0 };
  const params = { player: owner, card: info.name, value: `${info.value}M` };
  return owner === ctx.state.game.names[ctx.you] ? ctx.words.t("prompt.your-card", params) : ctx.words.t("prompt.card-of", params);
}

// The decision in words, for everyone at the table (and the title of the end), its sentences set as the
// page's language sets them (Chinese: no space between them).
export const decisionText = (ctx) => ctx.words.set(decisionWords(ctx));

function decisionWords(ctx) {
  const { state, words } = ctx;
  const game = state.game;
  const d = game.decision;
  const name = (p) => ctx.seatName(p);
  if (d.type === "over") return game.winner >= 0 ? words.ui("winner", { player: name(game.winner) }) : words.ui("no-winner");
  const player = name(d.player);
  const mine = d.player === ctx.you;
  if (d.type === "respond") {
    const card = words.C.cards[d.action].name;
    const actor = name(d.against);
    const tail = () => words.t(state.legal.some((a) => a.verb === "no") ? "prompt.no-or-accept" : "prompt.accept-only");
    if (d.noes) {   // a Just Say No chain: an odd count is the target's No, an even one the actor's No back
      const params = { actor, target: name(d.target), card };
      const said = words.t(`prompt.said-no${d.noes % 2 ? "" : "-back"}${mine ? "-you" : ""}`, params);
      return mine ? `${said} ${tail()}` : `${said} ${words.t("prompt.waits", { player })}`;
    }
    let what;
    if (d.amount) what = words.t(mine ? "prompt.charge-you" : "prompt.charge", { actor, card, player, amount: `${d.amount}M` });
    else if (d.cards) what = words.t("prompt.cards", { actor, card, what: d.cards.map(([owner, , key]) => cardOf(ctx, owner, key)).join(words.t("list-sep")) });
    else what = words.t("prompt.against", { actor, card, player });
    if (!mine) return `${what} ${words.t("prompt.waits", { player })}`;
    return `${what} ${tail()}`;
  }
  if (d.type === "pay") {
    const params = { player, receiver: name(d.receiver), owed: `${d.owed}M`, paid: `${ctx.paid}M` };
    return words.t(mine ? "prompt.pay-you" : "prompt.pay", params);
  }
  if (d.type === "give" && d.cards && d.cards.length) {   // Forced Deal: the card you get, then the one you give
    const what = d.cards.map(([owner, , key]) => cardOf(ctx, owner, key)).join(words.t("list-sep"));
    return words.t(mine ? "prompt.give-you" : "prompt.give", { card: words.C.cards[d.action].name, player, what });
  }
  if (d.type === "place") return words.ui("decide.place", { player, card: words.C.cards[d.building].name });
  if (d.type === "play") {
    if (!mine) return words.t("prompt.plays", { player, plays: game.plays_left });
    return game.plays_left ? words.ui("decide.play", { player, plays: game.plays_left }) : words.t("prompt.no-plays-left", { player });
  }
  return words.ui(`decide.${d.type}`, { player, plays: game.plays_left });
}

// What an action is about: the card to click first to see it (a play decision), else "".
export function subjectOf(ctx, a) {
  if (ctx.state.game.decision.type !== "play" || a.verb === "end") return "";
  if (a.verb === "bank" || a.verb === "play") return `hand:${a.card}`;
  if (a.verb === "move" || a.verb === "swap") return `table:${a.colour}:${a.group ?? 0}:${a.card}`;
  return `hand:${a.verb}`;
}

// Where an action's card lies, when clicking that card does it at once (one action per card there).
export function directPlace(a) {
  if (a.verb === "pay" || a.verb === "give") return a.colour ? `table:${a.colour}:${a.group ?? 0}:${a.card}` : `bank:${a.card}`;
  if (a.verb === "discard") return `hand:${a.card}`;
  return "";
}

// A picked card's choices open at the card when they are few; many (a Forced Deal at a full table) stay in
// the decision panel, which scrolls, rather than run off the screen.
const AT_CARD_MOST = 6;
function atCard(ctx) {
  if (!ctx.selected) return false;
  return ctx.state.legal.filter((a) => subjectOf(ctx, a) === ctx.selected).length <= AT_CARD_MOST;
}

export function prompt(ctx) {
  const { state, words } = ctx;
  const d = state.game.decision;
  const mine = state.legal.length > 0;
  const buttons = state.legal.map((a) => {
    const subject = subjectOf(ctx, a);
    const hidden = subject !== "" && subject !== ctx.selected;
    const hinted = ctx.hint === a.notation;
    const lessonElse = Boolean(ctx.lesson && ctx.lesson.expect) && !hinted;   // a lesson asks for one move
    return el("button", { class: `act${a.verb === "no" ? " danger" : ""}${hinted ? " hinted" : ""}${subject ? "" : " general"}`, "data-action": a.notation,
      "data-subject": subject, "data-key": `act-${a.notation}`, hidden, disabled: lessonElse, onclick: () => ctx.send(a.notation) }, a.label);
  });
  const clock = state.deadline ? el("span", { class: "clock", id: "clock", role: "timer" }) : null;
  const extras = [];
  if (d.type === "pay" && mine) {
    extras.push(el("p", { class: "running", id: "running-total" },
      el("span", {}, words.t("paid-so-far", { amount: `${ctx.paid}M` })), " · ",
      el("strong", {}, words.t("still-owed", { amount: `${d.owed}M` }))));
  }
  if (d.type === "play" && mine && !ctx.selected) extras.push(el("p", { class: "pick" }, words.t("pick-card")));
  const tools = mine ? el("div", { class: "tools" },
    ctx.hintsAllowed ? el("button", { id: "hint", onclick: ctx.askHint, disabled: ctx.hintPending }, ctx.hintPending ? words.t("hint-thinking") : words.t("hint")) : null,
    ctx.selected ? el("button", { id: "unselect", onclick: () => ctx.select(null) }, words.t("back")) : null) : null;
  return el("div", { class: `panel prompt${mine ? " yours" : ""}`, id: "prompt", role: "region", "aria-label": words.t("decision") },
    ctx.lesson ? coach(ctx) : null,
    el("p", { id: "decision", class: "status", "aria-live": "polite" }, decisionText(ctx), " ", clock),
    extras, mine ? el("div", { class: `choices${atCard(ctx) ? " at-card" : ""}`, id: "choices", role: "group",
      "aria-label": words.t("choices") }, buttons) : null, tools);
}

// A lesson's coach: what this step teaches and the move to make (shown on the card and its button, as a
// hint is), and how far the lesson has come.
export function coach(ctx) {
  const { lesson } = ctx;
  const { words } = ctx;
  return el("div", { class: "coach", id: "coach", role: "note", "aria-label": words.t("coach") },
    el("p", {}, el("strong", {}, `${words.t("coach")}: `), words.t(`lesson.${lesson.name}.${lesson.say}`)),
    el("small", {}, words.t("lesson-step", { n: Math.min(lesson.step + (lesson.expect ? 1 : 0), lesson.steps), total: lesson.steps })));
}
