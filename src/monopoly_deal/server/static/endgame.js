// @ts-check
// The end of a game: a winner banner, a summary of every seat (sets, bank, the hand it ended with), a
// rematch, the record to download and a replay, step by step from any seat's view or with every card
// open (only for finished games: the server refuses the replay of a game still being played).
import { el } from "./dom.js";
import { icon } from "./icons.js";
import { noMarks } from "./marks.js";
import { decisionText } from "./prompts.js";
import { hand, table } from "./table.js";

/**
 * Whether the game was stopped before its end: a tournament match at its time limit (R10.3), decided by
 * asset value on the server (the match bar above names the winner).
 * @param {{ status: string }} room
 * @param {any} game
 */
export const stopped = (room, game) => room.status === "finished" && game.decision.type !== "over";

/**
 * The end: the banner, every seat's summary, and a rematch, the record and the replay.
 * @param {import("./prompts.js").Seen & { gameId: number | null, halted: boolean, seated: boolean, lesson: any }} end
 *   `halted`: stopped at a match's time limit; `seated`: you have a seat (a rematch is yours to ask)
 * @param {{ again: () => void, openReplay: (gameId: number) => void, restartLesson: () => void }} on
 */
export function finished(words, end, on) {
  const { game, halted, gameId } = end;
  const total = (cards) => cards.reduce((sum, key) => sum + words.C.cards[key].value, 0);
  const rows = game.names.map((_, p) => el("tr", { class: p === game.winner ? "winner" : null },
    el("th", { scope: "row" }, `P${p + 1} ${end.names[p]}${p === game.winner ? " ★" : ""}`),
    el("td", {}, String(game.groups[p].filter((g) => g.complete).length)),
    el("td", {}, `${total(game.banks[p])}M`),
    el("td", {}, String(game.hands ? game.hands[p].length : game.hand_sizes[p]))));
  if (end.lesson) return lessonDone(words, end, on.restartLesson);
  return el("div", { class: "panel finished", id: "finished", role: "region", "aria-labelledby": "winner-title" },
    el("h2", { id: "winner-title" }, halted ? words.t("time-up") : decisionText(words, end)),
    el("p", {}, words.t(halted ? "time-up-summary" : "game-summary", { turns: game.turn })),
    el("table", { class: "summary" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, words.t("player")), el("th", { scope: "col" }, words.t("complete-sets")),
        el("th", { scope: "col" }, words.t("bank-total")), el("th", { scope: "col" }, words.t("cards-in-hand")))),
      el("tbody", {}, rows)),
    el("p", { class: "row" },
      end.seated && !halted ? el("button", { class: "primary", id: "again", onclick: on.again }, words.t("again")) : null,
      gameId !== null ? el("a", { class: "button", href: `/api/games/${gameId}/record`, id: "record", download: "" }, words.t("record")) : null,
      gameId !== null && !halted ? el("button", { id: "replay-open", onclick: () => on.openReplay(gameId) }, words.t("replay")) : null));
}

// A lesson's end: the coach's last words, then the lesson again or a real game (a lesson has no record).
function lessonDone(words, end, restart) {
  return el("div", { class: "panel finished", id: "finished", role: "region", "aria-labelledby": "winner-title" },
    el("h2", { id: "winner-title" }, decisionText(words, end)),
    el("p", { class: "coach", id: "coach" }, words.t(`lesson.${end.lesson.name}.done`)),
    el("p", { class: "row" },
      el("a", { class: "button primary", href: "/", id: "lesson-real" }, words.t("lesson-real")),
      el("button", { id: "lesson-again", onclick: restart }, words.t("lesson-again"))));
}

// Nothing is played on a replay's table: its cards are only looked at.
const LOOK_ONLY = { send: () => {}, select: () => {}, dropZone: () => ({}) };

// A finished game's replay in the page: the table at each step, from one seat's view or all cards open.
// It keeps its own step, viewpoint and opened tables, and asks the page to draw again (`refresh`).
export class Replay {
  /**
   * @param {{ lang: string, you: number | null, names: string[], gameId: number, onClose: () => void,
   *   refresh: () => void }} options   `names`: every seat's name as the page shows it
   */
  constructor({ lang, you, names, gameId, onClose, refresh }) {
    this.lang = lang;
    this.names = names;
    this.gameId = gameId;
    this.onClose = onClose;
    this.refresh = refresh;
    this.viewer = you ?? "all";
    this.step = null;   // the last move, at first: the end you come from
    this.frames = null;
    /** @type {Map<number, boolean>} */
    this.opened = new Map();   // opponents' tables opened or closed by hand
  }

  async load() {
    const lang = this.lang;
    const viewer = this.viewer === "all" ? "" : `&viewer=${this.viewer}`;
    const response = await fetch(`/api/games/${this.gameId}/replay?lang=${encodeURIComponent(lang)}${viewer}`);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    this.frames = data;
    this.step = Math.min(this.step ?? data.length - 1, data.length - 1);
  }

  go(step) {
    this.step = Math.max(0, Math.min(this.frames.length - 1, step));
    this.refresh();
  }

  keys(event) {
    const moves = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 0, End: this.frames.length - 1 };
    if (event.key in moves) { event.preventDefault(); this.go(moves[event.key]); }
    if (event.key === "Escape") this.onClose();
  }

  render(words) {
    if (!this.frames) return el("div", { class: "panel", id: "replay" }, words.t("connecting"));
    const frame = this.frames[this.step];
    const said = this.frames.slice(0, this.step + 1).flatMap((f) => f.lines);
    const view = frame.view;
    const seen = this.viewer === "all" ? null : Number(this.viewer);
    const names = view.names.map((raw, p) => this.names[p] ?? raw);
    const seats = { game: view, you: seen, names, open: names.map((_, p) => this.opened.get(p) ?? false), marks: noMarks(),
      selected: null, ticker: said.slice(-4), logSize: said.length, reuse: false };
    const on = { ...LOOK_ONLY, toggleSeat: (p, open) => { this.opened.set(p, open); this.refresh(); } };
    const viewers = el("select", { id: "replay-viewer", "aria-label": words.t("replay-viewpoint"), onchange: async (event) => {
      this.viewer = event.target.value;
      await this.load();
      this.refresh();
    } }, el("option", { value: "all", selected: this.viewer === "all" }, words.ui("replay-open")),
    names.map((name, p) => el("option", { value: p, selected: String(this.viewer) === String(p) }, words.ui("replay-viewer", { player: name }))));
    return el("div", { class: "replay", id: "replay", role: "region", "aria-label": words.t("replay"), onkeydown: (e) => this.keys(e) },
      el("div", { class: "panel row replay-bar" },
        el("strong", { id: "replay-step", "aria-live": "polite" }, words.ui("replay", { step: this.step, total: this.frames.length - 1 })),
        el("button", { id: "replay-first", onclick: () => this.go(0), "aria-label": words.t("first") }, icon("first")),
        el("button", { id: "replay-back", onclick: () => this.go(this.step - 1), "aria-label": words.t("step-back") }, icon("back")),
        el("input", { type: "range", id: "replay-slider", min: 0, max: this.frames.length - 1, value: this.step, "aria-label": words.t("step"),
          oninput: (event) => this.go(Number(event.target.value)) }),
        el("button", { id: "replay-forward", onclick: () => this.go(this.step + 1), "aria-label": words.t("step-forward") }, icon("forward")),
        el("button", { id: "replay-last", onclick: () => this.go(this.frames.length - 1), "aria-label": words.t("last") }, icon("last")),
        viewers,
        el("button", { id: "replay-close", onclick: this.onClose }, words.t("close"))),
      table(words, seats, on), seen !== null ? hand(words, view.hand, seats.marks, null, LOOK_ONLY) : null);
  }
}
