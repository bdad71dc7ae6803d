// @ts-check
// The page: a lobby (create, list, join rooms) and a room (seats, then the game). The server decides
// everything; this page draws what it is sent and offers exactly the legal actions it received. Each
// message updates the page in place (dom.js morph): typed text, focus and scroll positions survive. The
// page's state is one store (store.js): messages and clicks change it only through `update`, which draws.
import { el, morph, reducedMotion } from "./dom.js";
import { Replay, finished, stopped } from "./endgame.js";
import { words as loadWords } from "./i18n.js";
import { api, seatLabel, seats, showLobby, tokenKey } from "./lobby.js";
import { LogDrawer } from "./log.js";
import { fly, measure, pulse } from "./motion.js";
import { icon } from "./icons.js";
import { notify, setTitle } from "./notify.js";
import { rulesCard } from "./rulescard.js";
import { play, setSound, soundOn } from "./sounds.js";
import { createStore } from "./store.js";
import { touchDrag } from "./touchdrag.js";
import { subjectOf, tableMarks } from "./marks.js";
import { decisionText, prompt } from "./prompts.js";
import { hand, table } from "./table.js";

const app = document.getElementById("app");
const langSelect = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
const LANGUAGES = [...langSelect.options].map((option) => option.value);
let lang = LANGUAGES.find((l) => l === localStorage.getItem("mdeal-lang")) || guessLanguage();
const query = new URLSearchParams(location.search);
const roomId = query.get("room");
// ?invite=SECRET: a private room's invite link; joining it needs the secret.
const invite = query.get("invite");
// ?seed=N on the lobby fixes a new room's deal, where the server allows it (mdeal serve --fixed-seeds).
const seed = query.has("seed") ? Number(query.get("seed")) : null;

// Everything the page knows; changed only through store.update (store.js), which draws the page again.
const store = createStore({
  room: null, game: null, legal: [], you: null, invite: null, log: [], notices: [], error: "",
  selected: null, deadline: null, offset: 0, connected: false, cannotSave: false, bots: [], version: null,
  hint: null, hintPending: false, copied: false, replay: null,
  seatOpen: new Map(), rulesOpen: false,   // opponents' tables opened or closed by hand (else open while they are involved)
  lesson: null,   // a guided game's step: the coach's words and the move it asks for (lessons/)
}, () => render());
const { state, update } = store;
let socket = null;
// Reconnecting waits longer after each failure (1 s, 2 s, 4 s … 15 s), and starts again at 1 s once open.
const RETRY_FIRST_MS = 1000, RETRY_MOST_MS = 15000;
let retryMs = RETRY_FIRST_MS;
const token = () => localStorage.getItem(tokenKey(roomId));
// The words and the room's first messages are fetched at once; the socket's events wait for the words.
const wordsReady = loadWords(lang);
if (roomId) connect();
let words = { ...(await wordsReady), C: null };
const drawer = new LogDrawer(words);
document.body.append(drawer.node);

function guessLanguage() {
  const wanted = (navigator.language || "en").toLowerCase();
  if (wanted.startsWith("zh")) return /cn|sg|hans/.test(wanted) ? "zh-Hans" : "zh-Hant";
  return "en";
}


// --- the connection ------------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const params = new URLSearchParams({ lang });
  if (token()) params.set("token", token());
  socket = new WebSocket(`${scheme}://${location.host}/ws/${roomId}?${params}`);
  socket.onopen = async () => { await wordsReady; retryMs = RETRY_FIRST_MS; update({ connected: true, error: "" }); };
  socket.onmessage = async (event) => { await wordsReady; receive(JSON.parse(event.data)); };
  socket.onclose = async (event) => {
    await wordsReady;
    if (event.code === 4403) localStorage.removeItem(tokenKey(roomId));
    if (event.code === 4409) { update({ connected: false, error: words.t("opened-elsewhere") }); return; }
    if (event.code === 4404) { update((s) => ({ connected: false, error: s.error || words.t("room-closed") })); return; }
    update({ connected: false });
    setTimeout(connect, retryMs);
    retryMs = Math.min(RETRY_MOST_MS, retryMs * 2);
  };
}

// A message to the server; while the connection is down nothing is sent and the page says so (a click
// is never dropped silently): the decision is still yours once the connection is back.
function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    return true;
  }
  update({ error: words.t("not-sent") });
  return false;
}

// Send an action. In a lesson only the move the coach asks for is sent (a drop or a click elsewhere says
// so instead).
function act(notation) {
  if (state.lesson && state.lesson.expect && notation !== state.lesson.expect) {
    update({ error: words.t("lesson-follow") });
    return;
  }
  send({ type: "act", action: notation });
}

function receive(message) {
  if (message.type === "hello") {
    words = { ...words, C: { cards: message.cards, colours: message.colours } };
    return;
  }
  if (message.type === "error") {
    update((s) => ({ error: message.message || message.error, hintPending: message.hint ? false : s.hintPending }));
    return;
  }
  if (message.type === "hint") {
    update((s) => ({ hintPending: false, hint: message.version === s.version ? message.action : s.hint }));
    return;
  }
  if (message.type === "notice") { update((s) => ({ notices: [...s.notices, message] })); return; }
  if (message.type !== "state") return;
  const change = { connected: true, room: message.room, you: message.you, invite: message.invite ?? null,
    cannotSave: Boolean(message.cannot_save) };
  if (message.game) {
    if (message.version !== state.version) Object.assign(change, { selected: null, hint: null });
    if (state.game && !message.log_reset && message.log.length) play(effectOf(state.game, message.game));
    Object.assign(change, {
      version: message.version, game: message.game, lesson: message.lesson ?? null,
      log: message.log_reset ? message.log : state.log.concat(message.log),
      deadline: message.deadline, offset: message.now * 1000 - Date.now(), error: "",
    });
    const said = (line) => inWords(line, message.game, message.room);   // bots named as people read them
    change.legal = message.legal.map((a) => ({ ...a, label: said(a.label) }));
    drawer.add(message.log.map(said), message.log_reset);
  }
  update(change);
}

// The sound of what just happened: the end, a payment, cards taken from a table, else a card played.
function effectOf(before, after) {
  if (after.decision.type === "over") return "win";
  if (before.decision.type === "pay") return "money";
  const properties = (game) => game.groups.map((groups) => groups.reduce((n, g) => n + g.cards.length, 0));
  const [was, now] = [properties(before), properties(after)];
  if (was.some((n, p) => now[p] < n) && before.decision.type !== "play") return "steal";
  return "card";
}

// The page's words with what each card is worth in this game's deck (R1.5): the engine sends the values
// with every view, and nothing on the page knows a card's value otherwise. Made again only when they change.
let dealt = { values: "", words: null, base: null };
function dealtWords(game) {
  const values = JSON.stringify(game ? game.values : {});
  if (dealt.base !== words || dealt.values !== values) {
    const worth = JSON.parse(values);
    const cards = Object.fromEntries(Object.entries(words.C.cards).map(([key, info]) => [key, { ...info, value: worth[key] ?? 0 }]));
    dealt = { values, base: words, words: { ...words, C: { ...words.C, cards } } };
  }
  return dealt.words;
}

async function post(what, extra = {}) {
  try { await api(`/api/rooms/${roomId}/${what}`, { token: token(), ...extra }); update({ error: "" }); }
  catch (e) { update({ error: e.message }); }
}

// --- drawing -------------------------------------------------------------------------------------

function seatName(p, room = state.room, game = state.game) {
  const info = room && room.seats[p];
  return seatLabel(words, info, game ? game.names[p] : `P${p + 1}`);
}

// A log line with bots' names said in the page's language ("heuristic bot 2" -> "策略電腦 2").
function inWords(line, game = state.game, room = state.room) {
  if (!room || !game) return line;
  const named = game.names.map((raw, p) => [raw, seatName(p, room, game)]).filter(([raw, shown]) => raw !== shown);
  named.sort((a, b) => b[0].length - a[0].length);
  return words.set(named.reduce((text, [raw, shown]) => text.replaceAll(raw, shown), line));
}

// Dragging a card from your hand: onto your bank banks it, onto your table lays it down, onto an opponent
// plays it against them. Where the drop leaves one action, it is done; where several (which colour,
// which property), the card is picked and its choices open at it; where none, nothing happens.
function dropChoices(subject, place) {
  const kind = state.game.decision.type;
  return state.legal.filter((a) => subjectOf(kind, a) === subject && (place === "bank" ? a.verb === "bank"
    : place === "table" ? a.verb === "play" : a.player === place));
}

function dropOn(subject, place) {
  const choices = dropChoices(subject, place);
  if (choices.length === 1) act(choices[0].notation);
  else if (choices.length > 1 && state.selected !== subject) select(subject);
}

// A place that takes a dragged card: a mouse's drop (HTML5), or a finger's (touchdrag.js, by data-drop).
function dropZone(place) {
  const dragged = (event) => event.dataTransfer && [...event.dataTransfer.types].includes("text/plain");
  return {
    "data-drop": String(place),
    ondragover: (event) => { if (dragged(event)) event.preventDefault(); },
    ondrop: (event) => {
      event.preventDefault();
      event.stopPropagation();   // the bank lies inside your table: the innermost place takes the drop
      dropOn(event.dataTransfer.getData("text/plain"), place);
    },
  };
}

// Picking a card (or putting it back: the same card, or null) shows its choices, at the card; the
// keyboard goes there too (Escape closes them).
function select(subject) {
  update((s) => ({ selected: s.selected === subject ? null : subject }));
  if (state.selected) /** @type {HTMLElement | null} */ (document.querySelector("#choices button:not([hidden]):not(.general)"))?.focus({ preventScroll: true });
}

// What the views may do: each receives the few of these it offers (and the data it draws, made in `draw`).
const on = {
  send: act, select, askHint, dropZone, openReplay, restartLesson, join, leave: leaveSeats, copy: copyLink,
  toggleSeat: (p, open) => update((s) => ({ seatOpen: new Map(s.seatOpen).set(p, open) })),
  again: () => post("again"), start: () => post("start"), remove: (seat) => post("remove", { seat }),
  addBot: (bot) => post("bots", { bot }),
};

// The decision as the seat sees it, what the legal actions mark on the table, and the seats' names.
function seen() {
  const game = state.game;
  const names = game.names.map((_, p) => seatName(p));
  const hint = (state.lesson && state.lesson.expect) || state.hint;   // a lesson's move is shown as a hint is
  const marks = tableMarks(game, state.legal, state.selected, hint, state.you);
  return { game, you: state.you, names, legal: state.legal, hint, marks };
}

function statusBar(words, view) {
  const game = view.game;
  const over = game.decision.type === "over";
  const halted = stopped(state.room, game);
  return el("div", { class: "panel row status", id: "status" },
    el("span", { id: "turn-line" }, halted ? words.t("time-up") : over ? words.t("game-over-turns", { turns: game.turn })
      : words.ui("turn", { turn: game.turn, player: view.names[game.active], plays: game.plays_left })),
    view.you === null ? el("span", {}, words.t("spectating")) : el("span", { id: "you-are" }, `${words.t("you-are")} P${view.you + 1}`),
    el("span", { class: "spacer" }),
    el("button", { id: "rules-open", "aria-expanded": state.rulesOpen ? "true" : "false", "aria-controls": "rules-card",
      onclick: () => showRules(!state.rulesOpen) }, words.t("rules-card")),
    el("button", { id: "log-open", "aria-expanded": drawer.open ? "true" : "false", "aria-controls": "log", onclick: () => { drawer.toggle(); update(); } }, words.t("open-log")),
    el("button", { id: "sound", class: "icon-button", "aria-pressed": soundOn() ? "true" : "false", "aria-label": words.t("sound"),
      title: words.t("sound"), onclick: () => { setSound(!soundOn()); update(); } }, icon(soundOn() ? "sound-on" : "sound-off")),
    token() && !over && !halted ? el("button", { id: "leave-game", onclick: leaveGame }, words.t("leave")) : null);
}

function gameParts(words, view) {
  if (state.replay) return [state.replay.render(words)];
  const { game, marks } = view;
  const notices = state.notices.slice(-2).map((n, i) => el("p", { class: "notice", "data-key": `notice-${state.notices.length - 2 + i}`, role: "status" }, words.t(n.notice, n)));
  const parts = [el("div", { class: "topline", id: "topline" }, statusBar(words, view), notices)];
  if (state.rulesOpen) parts.push(rulesCard(words, () => showRules(false)));
  const halted = stopped(state.room, game);
  if (game.decision.type === "over" || halted) {
    parts.push(finished(words, { ...view, gameId: state.room.game_id, halted, seated: token() !== null, lesson: state.lesson }, on));
  } else {
    parts.push(prompt(words, { ...view, selected: state.selected, lesson: state.lesson, timed: Boolean(state.deadline),
      hintsAllowed: state.room.hints !== false, hintPending: state.hintPending }, on));
  }
  const open = game.names.map((_, p) => (state.seatOpen.has(p) ? state.seatOpen.get(p) : marks.involved.has(p)));
  const ticker = state.log.slice(-4).map((line) => inWords(line));
  parts.push(table(words, { ...view, open, selected: state.selected, ticker, logSize: state.log.length, reuse: true }, on));
  if (state.you !== null && game.hand) parts.push(hand(words, game.hand, marks, state.selected, on));
  return parts;
}

// The seats before the game, with the room's invite link.
function seating(words) {
  const room = state.room;
  const secret = state.invite || invite;
  const link = `${location.origin}/?${new URLSearchParams(secret ? { room: room.id, invite: secret } : { room: room.id })}`;
  return seats(words, { room, you: state.you, seated: token() !== null, link, copied: state.copied, bots: state.bots }, on);
}

let lastDecider = null;
let wasYours = false;

function render() {
  if (!state.room || !words.C) {
    app.replaceChildren(el("p", {}, state.error || words.t("connecting")));
    return;
  }
  performance.mark("mdeal-apply-start");
  const shown = dealtWords(state.game);
  const view = state.game ? seen() : null;
  const parts = [];
  if (!state.connected) parts.push(el("p", { class: "notice", id: "lost", role: "status" }, words.t("lost")));
  if (state.cannotSave) parts.push(el("p", { class: "notice", id: "cannot-save", role: "status" }, words.t("cannot-save")));
  parts.push(...(view ? gameParts(shown, view) : [seating(shown)]));
  parts.push(el("p", { class: "error", id: "error", role: "alert" }, state.error));
  const before = state.game && !state.replay ? measure(app) : null;
  const focused = document.activeElement;
  morph(app, el("main", { id: "app", class: state.game && !state.replay ? "game" : null }, parts));
  document.body.dataset.version = state.version ?? "";
  if (state.game && !performance.getEntriesByName("mdeal-first-game").length) performance.mark("mdeal-first-game");
  if (view && !state.replay) afterUpdate(shown, view, before, focused);
  performance.mark("mdeal-apply-end");
  performance.measure("mdeal-apply", "mdeal-apply-start", "mdeal-apply-end");
}

// What a finished update still does: cards travel, the acting seat glows, focus follows your decision,
// and a background tab is told it is your turn.
function afterUpdate(shown, view, before, focused) {
  const game = view.game;
  const acted = lastDecider;
  requestAnimationFrame(() => {   // where the browser lays the page out anyway: no layout forced here
    const origin = acted === null ? null : document.getElementById(acted === state.you ? "hand" : `hand-count-${acted}`);
    // At the end every hand is shown at once: no card travels then (the winner's moment is the banner).
    if (before && before.size && game.decision.type !== "over") fly(app, before, origin);
    if (acted !== null && acted !== state.you && acted !== game.decision.player) pulse(document.getElementById(`table-${acted}`));
    performance.measure("mdeal-frame", "mdeal-apply-start");
  });
  if (game.decision.player !== lastDecider) showInvolved(view.marks.involved);
  lastDecider = game.decision.type === "over" ? null : game.decision.player;
  const yours = state.legal.length > 0;
  if (yours && (!focused || focused === document.body || !focused.isConnected) && !drawer.open) {
    // a lesson's move first, scrolled into the decision panel's view below the coach's words
    const first = /** @type {HTMLElement | null} */ (app.querySelector("#choices button.hinted:not([hidden]), #choices button:not([hidden]):not([disabled]), #hand .card[tabindex]"));
    if (first) first.focus({ preventScroll: true });
    if (first && state.lesson) first.scrollIntoView({ block: "nearest" });
  }
  notify(yours, decisionText(shown, view), wasYours);
  wasYours = yours;
}

// The rules card: opened from the status bar, the focus goes in; closed, it comes back to the button.
function showRules(open) {
  update({ rulesOpen: open });
  document.getElementById(open ? "rules-close" : "rules-open")?.focus();
}

// The opponents' strip scrolls (sideways on a phone) to the first opponent the new decision is about.
function showInvolved(involved) {
  const strip = document.getElementById("opponents");
  const seat = [...involved].map((p) => document.getElementById(`table-${p}`)).find(Boolean);
  if (!strip || !seat) return;
  const left = seat.offsetLeft - strip.offsetLeft;
  if (left < strip.scrollLeft || left + seat.offsetWidth > strip.scrollLeft + strip.clientWidth) {
    strip.scrollTo({ left, behavior: reducedMotion() ? "auto" : "smooth" });
  }
}

// --- room actions --------------------------------------------------------------------------------

function askHint() {
  if (send({ type: "hint" })) update({ hintPending: true });
}

async function copyLink(link) {
  try { await navigator.clipboard.writeText(link); }
  catch { /** @type {HTMLInputElement} */ (document.getElementById("invite")).select(); }
  update({ copied: true });
  setTimeout(() => update({ copied: false }), 2000);
}

async function join() {
  const name = /** @type {HTMLInputElement} */ (document.getElementById("name"));
  try {
    const joined = await api(`/api/rooms/${roomId}/join`, { name: name.value || "?", ...(invite ? { invite } : {}) });
    localStorage.setItem(tokenKey(roomId), joined.token);
    socket.close();
  } catch (e) { update({ error: e.message }); }
}

async function leaveSeats() {
  await post("leave");
  localStorage.removeItem(tokenKey(roomId));
  location.href = "/";
}

// Leaving mid-game hands the seat to a bot for the rest of the game.
async function leaveGame() {
  if (!confirm(words.t("leave-confirm"))) return;
  await leaveSeats();
}

// The lesson again from its first step, in a new room (a lesson is played once per room).
async function restartLesson() {
  try {
    const started = await api(`/api/lessons/${state.lesson.name}`, { name: state.game.names[state.you], lang });
    localStorage.setItem(tokenKey(started.room.id), started.token);
    location.search = String(new URLSearchParams({ room: started.room.id, invite: started.invite }));
  } catch (e) { update({ error: e.message }); }
}

async function openReplay(gameId) {
  const close = () => { update({ replay: null }); document.getElementById("replay-open")?.focus(); };
  const names = state.game.names.map((_, p) => seatName(p));
  const replay = new Replay({ lang, you: state.you, names, gameId, onClose: close, refresh: () => update() });
  try {
    await replay.load();
    update({ replay });
  } catch (e) { update({ replay: null, error: e.message }); }
  document.getElementById("replay-forward")?.focus();
}

setInterval(() => {
  const node = document.getElementById("clock");
  if (node && state.deadline) {
    const left = Math.max(0, Math.round(state.deadline - (Date.now() + state.offset) / 1000));
    node.textContent = words.t("seconds-left", { n: left });
    // the deciding seat's avatar wears the clock as a ring that empties
    const ring = /** @type {HTMLElement | null} */ (document.querySelector(".table.deciding .avatar"));
    if (ring && state.room.clock) {
      ring.classList.add("timed");
      ring.style.setProperty("--left", String(Math.min(1, left / state.room.clock)));
    }
  }
}, 250);

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  if (state.rulesOpen) showRules(false);
  else if (drawer.open) drawer.toggle(false);
  else if (state.selected) update({ selected: null });
});

// --- start ---------------------------------------------------------------------------------------

// The words of the page's frame (index.html): its brand and the language menu's name.
function frameWords() {
  document.documentElement.lang = lang;
  document.querySelector(".brand").textContent = words.ui("title");
  setTitle(words.ui("title"));
  langSelect.setAttribute("aria-label", words.t("language"));
}

langSelect.value = lang;
frameWords();
langSelect.addEventListener("change", async () => {
  lang = LANGUAGES.includes(langSelect.value) ? langSelect.value : "en";
  localStorage.setItem("mdeal-lang", lang);
  words = { ...(await loadWords(lang)), C: words.C };
  frameWords();
  drawer.relabel(words);
  if (roomId) send({ type: "lang", lang });
  else showLobby(app, words, lang, seed);
});

touchDrag(app, (subject, place) => dropOn(subject, place));

if (roomId) {
  api("/api/bots").then((bots) => update({ bots })).catch(() => {});
  update();
} else {
  showLobby(app, words, lang, seed);
}
