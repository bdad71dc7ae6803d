// @ts-check
// The end of a game: a winner banner, a summary of every seat (sets, bank, the hand it ended with), a
// rematch, the record to download and a replay, step by step from any seat's view or with every card
// open (only for finished games: the server refuses the replay of a game still being played).
import { el } from "./dom.js";
import { icon } from "./icons.js";
import { decisionText } from "./prompts.js";
import { hand, table } from "./table.js";

// Whether the game was stopped before its end: a tournament match at its time limit (R10.3), decided by
// asset value on the server (the match bar above names the winner).
export const stopped = (state) => state.room.status === "finished" && state.game.decision.type !== "over";

export function finished(ctx) {
  const { state, words } = ctx;
  const game = state.game;
  const halted = stopped(state);
  const total = (cards) => cards.reduce((sum, key) => sum + words.C.cards[key].value, 0);
  const rows = game.names.map((_, p) => el("tr", { class: p === game.winner ? "winner" : null },
    el("th", { scope: "row" }, `P${p + 1} ${ctx.seatName(p)}${p === game.winner ? " ★" : ""}`),
    el("td", {}, String(game.groups[p].filter((g) => g.complete).length)),
    el("td", {}, `${total(game.banks[p])}M`),
    el("td", {}, String(game.hands ? game.hands[p].length : game.hand_sizes[p]))));
  const room = state.room;
  if (ctx.lesson) return lessonDone(ctx);
  return el("div", { class: "panel finished", id: "finished", role: "region", "aria-labelledby": "winner-title" },
    el("h2", { id: "winner-title" }, halted ? words.t("time-up") : decisionText(ctx)),
    el("p", {}, words.t(halted ? "time-up-summary" : "game-summary", { turns: game.turn })),
    el("table", { class: "summary" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, words.t("player")), el("th", { scope: "col" }, words.t("complete-sets")),
        el("th", { scope: "col" }, words.t("bank-total")), el("th", { scope: "col" }, words.t("cards-in-hand")))),
      el("tbody", {}, rows)),
    el("p", { class: "row" },
      ctx.token() && !halted ? el("button", { class: "primary", id: "again", onclick: () => ctx.post("again") }, words.t("again")) : null,
      room.game_id !== null ? el("a", { class: "button", href: `/api/games/${room.game_id}/record`, id: "record", download: "" }, words.t("record")) : null,
      room.game_id !== null && !halted ? el("button", { id: "replay-open", onclick: () => ctx.openReplay(room.game_id) }, words.t("replay")) : null));
}

// A lesson's end: the coach's last words, then the lesson again or a real game (a lesson has no record).
function lessonDone(ctx) {
  const { words } = ctx;
  return el("div", { class: "panel finished", id: "finished", role: "region", "aria-labelledby": "winner-title" },
    el("h2", { id: "winner-title" }, decisionText(ctx)),
    el("p", { class: "coach", id: "coach" }, words.t(`lesson.${ctx.lesson.name}.done`)),
    el("p", { class: "row" },
      el("a", { class: "button primary", href: "/", id: "lesson-real" }, words.t("lesson-real")),
      el("button", { id: "lesson-again", onclick: ctx.restartLesson }, words.t("lesson-again"))));
}

// A finished game's replay in the page: the table at each step, from one seat's view or all cards open.
export class Replay {
  constructor(ctx, gameId, onClose) {
    this.ctx = ctx;
    this.gameId = gameId;
    this.onClose = onClose;
    this.viewer = ctx.you ?? "all";
    this.step = null;   // the last move, at first: the end you come from
    this.frames = null;
  }

  async load() {
    const { lang } = this.ctx;
    const viewer = this.viewer === "all" ? "" : `&viewer=${this.viewer}`;
    const response = await fetch(`/api/games/${this.gameId}/replay?lang=${encodeURIComponent(lang)}${viewer}`);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    this.frames = data;
    this.step = Math.min(this.step ?? data.length - 1, data.length - 1);
  }

  go(step) {
    this.step = Math.max(0, Math.min(this.frames.length - 1, step));
    this.ctx.refresh();
  }

  keys(event) {
    const moves = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 0, End: this.frames.length - 1 };
    if (event.key in moves) { event.preventDefault(); this.go(moves[event.key]); }
    if (event.key === "Escape") this.onClose();
  }

  render() {
    const { words } = this.ctx;
    if (!this.frames) return el("div", { class: "panel", id: "replay" }, words.t("connecting"));
    const frame = this.frames[this.step];
    const said = this.frames.slice(0, this.step + 1).flatMap((f) => f.lines);
    const view = frame.view;
    const seen = this.viewer === "all" ? null : Number(this.viewer);
    const names = view.names;
    const sub = { ...this.ctx, you: seen, state: { ...this.ctx.state, game: view, legal: [] }, subjects: new Set(), direct: new Map(),
      selected: null, reuse: false, targets: new Set(), marked: new Set(), hinted: new Set(), ticker: said.slice(-4), logSize: said.length };
    const viewers = el("select", { id: "replay-viewer", "aria-label": words.t("replay-viewpoint"), onchange: async (event) => {
      this.viewer = event.target.value;
      await this.load();
      this.ctx.refresh();
    } }, el("option", { value: "all", selected: this.viewer === "all" }, words.ui("replay-open")),
    names.map((_, p) => el("option", { value: p, selected: String(this.viewer) === String(p) }, words.ui("replay-viewer", { player: this.ctx.seatName(p) }))));
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
      table(sub), seen !== null ? hand(sub) : null);
  }
}
