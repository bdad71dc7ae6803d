// @ts-check
// What the legal actions mark on the table, worked out once per update from the seat's view, its legal
// actions, the card it picked and the hint; the views only read it. A card you can act on is a "subject"
// ("hand:sly-deal", "table:green:0:green-1", "bank:money-5"): click it to see its choices, or, where one
// action is all it offers (paying, putting back, giving, discarding), the click does it ("direct").

/**
 * One legal action as the server sends it: its notation, its words, and what it is about.
 * @typedef {object} Action
 * @property {string} notation
 * @property {string} label
 * @property {string} verb
 * @property {string} [card]
 * @property {string} [colour]
 * @property {number | null} [group]
 * @property {number | null} [player]
 * @property {boolean} [shared]   marks only: two actions at one place (the buttons say which)
 */

/**
 * @typedef {object} Marks
 * @property {Set<string>} subjects   the cards that start one of your actions
 * @property {Map<string, Action>} direct   the places a click acts at once: the one action there
 * @property {Map<string, Action>} aims   the opponents' cards (or sets) the picked card can be aimed at
 * @property {Set<number>} targets   the seats the decision or the hint is about
 * @property {Set<string>} marked   the cards at stake in the decision ("seat:colour:card")
 * @property {Set<string>} hinted   where the hinted action's card lies
 * @property {Set<number>} involved   the opponents whose tables open by themselves
 */

// Action cards played on another player's property or set, whose target can be clicked on their table.
const AIMED = ["sly-deal", "forced-deal", "double-sly-deal", "deal-breaker"];

/** @returns {Marks} nothing marked: a table nobody acts on (a replay's, a spectator's) */
export function noMarks() {
  return { subjects: new Set(), direct: new Map(), aims: new Map(), targets: new Set(), marked: new Set(),
    hinted: new Set(), involved: new Set() };
}

/**
 * The card to click first to see an action (in a play decision), else "".
 * @param {string} decision   the decision's type
 * @param {Action} a
 */
export function subjectOf(decision, a) {
  if (decision !== "play" || a.verb === "end") return "";
  if (a.verb === "bank" || a.verb === "play") return `hand:${a.card}`;
  if (a.verb === "move" || a.verb === "swap") return `table:${a.colour}:${a.group ?? 0}:${a.card}`;
  return `hand:${a.verb}`;
}

/**
 * Where an action's card lies, when clicking that card does it at once (one action per card there).
 * @param {Action} a
 */
export function directPlace(a) {
  if (a.verb === "pay" || a.verb === "give") return a.colour ? `table:${a.colour}:${a.group ?? 0}:${a.card}` : `bank:${a.card}`;
  if (a.verb === "discard") return `hand:${a.card}`;
  return "";
}

/**
 * The table's marks for seat `you` (null: a spectator) of `game`, whose legal actions are `legal`.
 * @param {any} game   the seat's view
 * @param {Action[]} legal
 * @param {string | null} selected   the card picked
 * @param {string | null} hint   the notation of the hinted action (or of the move a lesson asks for)
 * @param {number | null} you
 * @returns {Marks}
 */
export function tableMarks(game, legal, selected, hint, you) {
  const marks = noMarks();
  const kind = game.decision.type;
  for (const a of legal) {
    const subject = subjectOf(kind, a);
    if (subject) marks.subjects.add(subject);
    const place = directPlace(a);
    if (place) marks.direct.set(place, marks.direct.has(place) ? { ...a, shared: true } : a);
    if (a.notation === hint) {
      marks.hinted.add(subject || place);
      if (a.player !== null && a.player !== undefined) marks.targets.add(a.player);
    }
  }
  for (const [place, a] of marks.direct) if (a.shared) marks.direct.delete(place);   // two choices there: the buttons say which
  // The picked card's targets on the opponents' tables: click the property (or the set) to steal or swap.
  for (const a of legal) {
    if (!AIMED.includes(a.verb) || a.player === null || a.player === undefined || subjectOf(kind, a) !== selected) continue;
    const place = `seat:${a.player}:${a.colour}:${a.group ?? 0}${a.verb === "deal-breaker" ? "" : `:${a.card}`}`;
    marks.aims.set(place, marks.aims.has(place) ? { ...a, shared: true } : a);
    marks.involved.add(a.player);
  }
  const d = game.decision;
  if (d.type === "respond" || d.type === "pay") marks.targets.add(d.type === "pay" ? d.payer : d.target);
  for (const [owner, colour, key] of d.cards || []) marks.marked.add(`${game.names.indexOf(owner)}:${colour}:${key}`);
  // The opponents a decision is about open by themselves: who charges, who pays, whose cards are at stake.
  for (const p of [...marks.targets, d.against, d.receiver, ...(d.cards || []).map(([owner]) => game.names.indexOf(owner))]) {
    if (Number.isInteger(p) && p >= 0 && p !== you) marks.involved.add(p);
  }
  return marks;
}
