// The page: a lobby (create, list, join rooms) and a room (seats, then the game). The server decides
// everything; this page draws what it is sent and offers exactly the legal actions it received.
import { card, el } from "./cards.js";
import { words } from "./i18n.js";

const app = document.getElementById("app");
const langSelect = document.getElementById("lang");
const LANGUAGES = [...langSelect.options].map((option) => option.value);
let lang = LANGUAGES.find((l) => l === localStorage.getItem("mdeal-lang")) || guessLanguage();
// t: the page's labels (web.*), ui: the game's (ui.*), both from the server's catalogue for ``lang``.
let { t, ui } = await words(lang);
const query = new URLSearchParams(location.search);
const roomId = query.get("room");
// ?invite=SECRET: a private room's invite link; joining it needs the secret.
const invite = query.get("invite");
// ?seed=N on the lobby fixes a new room's deal, where the server allows it (mdeal serve --fixed-seeds).
const seed = query.has("seed") ? Number(query.get("seed")) : null;

const state = {
  room: null, game: null, legal: [], you: null, invite: null, log: [], notices: [], error: "", catalogue: null,
  selected: null, deadline: null, offset: 0, connected: false, bots: [],
};
let socket = null;

function guessLanguage() {
  const wanted = (navigator.language || "en").toLowerCase();
  if (wanted.startsWith("zh")) return /cn|sg|hans/.test(wanted) ? "zh-Hans" : "zh-Hant";
  return "en";
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

const tokenKey = (id) => `mdeal-token-${id}`;
const token = () => localStorage.getItem(tokenKey(roomId));

// --- the lobby -----------------------------------------------------------------------------------

async function showLobby() {
  const error = el("p", { class: "error", id: "error" });
  const form = el("form", { class: "panel", id: "create" },
    el("h2", {}, t("create")),
    el("div", { class: "row" },
      el("label", {}, t("room-name"), " ", el("input", { name: "name", maxlength: 40 })),
      el("label", {}, t("players"), " ", el("select", { name: "players" },
        [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => el("option", { value: n }, String(n))))),
      el("label", {}, t("edition"), " ", el("select", { name: "edition" },
        el("option", { value: "base" }, t("base")), el("option", { value: "enhanced" }, t("enhanced")))),
      el("label", {}, t("clock"), " ", el("input", { name: "clock", type: "number", min: 5, max: 3600 })),
      el("label", {}, t("rules"), " ", el("input", { name: "rules", placeholder: "putback=discard" })),
      el("label", {}, el("input", { name: "private", type: "checkbox", id: "private" }), " ", t("private"))),
    el("button", { class: "primary", type: "submit" }, t("create")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    try {
      const room = await api("/api/rooms", {
        name: data.get("name"), players: Number(data.get("players")), edition: data.get("edition"),
        clock: data.get("clock") ? Number(data.get("clock")) : null, lang, rules: parseRules(data.get("rules")),
        private: data.get("private") === "on", ...(seed === null ? {} : { seed }),
      });
      location.search = new URLSearchParams(room.invite ? { room: room.id, invite: room.invite } : { room: room.id });
    } catch (e) { error.textContent = e.message; }
  });
  const list = el("div", { class: "panel", id: "rooms" }, el("h2", {}, t("open-rooms")));
  app.replaceChildren(quickPlay(), form, list);
  const rooms = await api("/api/rooms");
  if (rooms.length === 0) list.append(el("p", {}, t("no-rooms")));
  for (const room of rooms) {
    const taken = room.seats.filter(Boolean).length;
    list.append(el("p", { class: "row" },
      el("b", {}, room.name || room.id), ` ${taken}/${room.players} · ${t(room.status)} · ${room.edition} `,
      el("a", { href: `?room=${room.id}` }, el("button", {}, room.status === "open" ? t("join") : t("watch")))));
  }
}

// One click to a game: you and two bots.
function quickPlay() {
  const error = el("p", { class: "error" });
  const name = el("input", { id: "quick-name", placeholder: t("your-name"), maxlength: 24 });
  const button = el("button", { class: "primary big", id: "quick-play", onclick: async () => {
    button.disabled = true;
    try {
      location.search = `?room=${await startBotGame(name.value.trim() || t("you"))}`;
    } catch (e) { error.textContent = e.message; button.disabled = false; }
  } }, t("quick-play"));
  return el("div", { class: "panel", id: "quick" }, el("p", {}, t("quick-play-hint")),
    el("p", { class: "row" }, name, button), error);
}

// A 3-player base game started at once: ``name`` in seat P1, the strongest bot the server offers
// (heuristic, where registered) in the others. Only the REST calls a person would make by hand.
async function startBotGame(name) {
  const bots = (await api("/api/bots")).map((b) => b.name);
  const bot = bots.includes("heuristic") ? "heuristic" : bots[0];
  const room = await api("/api/rooms", { players: 3, edition: "base", lang, ...(seed === null ? {} : { seed }) });
  const { token: seatToken } = await api(`/api/rooms/${room.id}/join`, { name });
  localStorage.setItem(tokenKey(room.id), seatToken);
  for (let seat = 1; seat < room.players; seat++) await api(`/api/rooms/${room.id}/bots`, { token: seatToken, bot });
  await api(`/api/rooms/${room.id}/start`, { token: seatToken });
  return room.id;
}

function parseRules(text) {
  const rules = {};
  for (const item of (text || "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [name, raw = "true"] = item.split("=").map((s) => s.trim());
    rules[name.replaceAll("-", "_")] = raw === "true" ? true : raw === "false" ? false : /^\d+$/.test(raw) ? Number(raw) : raw;
  }
  return rules;
}

// --- the room: connection ------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang });
  if (token()) query.set("token", token());
  socket = new WebSocket(`${scheme}://${location.host}/ws/${roomId}?${query}`);
  socket.onopen = () => { state.connected = true; render(); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    state.connected = false;
    if (event.code === 4403) { localStorage.removeItem(tokenKey(roomId)); }
    if (event.code === 4404 || event.code === 4409) { state.error = event.reason; render(); return; }
    render();
    setTimeout(connect, 1000);
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "hello") {
    state.catalogue = { cards: message.cards, colours: message.colours };
    return;
  }
  if (message.type === "error") { state.error = message.error; render(); return; }
  if (message.type === "notice") { state.notices.push(message); render(); return; }
  if (message.type !== "state") return;
  state.connected = true;
  state.room = message.room;
  state.you = message.you;
  state.invite = message.invite ?? null;
  if (message.game) {
    if (message.version !== state.version) state.selected = null;
    state.version = message.version;
    state.game = message.game;
    state.legal = message.legal;
    state.log = message.log_reset ? message.log : state.log.concat(message.log);
    state.deadline = message.deadline;
    state.offset = message.now * 1000 - Date.now();
    state.error = "";
  }
  render();
}

// --- the room: drawing ---------------------------------------------------------------------------

function render() {
  if (!state.room || !state.catalogue) {
    app.replaceChildren(el("p", {}, state.error || t("connecting")));
    return;
  }
  const parts = [];
  if (!state.connected) parts.push(el("p", { class: "notice" }, t("lost")));
  if (state.game) parts.push(...renderGame());
  else parts.push(renderSeats());
  parts.push(el("p", { class: "error", id: "error" }, state.error));
  app.replaceChildren(...parts);
  document.body.dataset.version = state.version ?? "";
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
}

function renderSeats() {
  const room = state.room;
  const seated = token() !== null;
  const host = seated && state.you !== null && state.you === room.host;
  const seats = el("ul", { class: "seats" }, room.seats.map((s, i) => el("li", {},
    `${t("seat")} P${i + 1}: `, s ? `${s.name}${s.kind === "bot" ? ` (${t("bot")})` : ""}` : t("empty"),
    host && s && i !== room.host ? el("button", { class: "remove", "data-seat": i, onclick: () => post("remove", { seat: i }) }, t("remove")) : null)));
  const secret = state.invite || invite;
  const link = `${location.origin}/?${new URLSearchParams(secret ? { room: room.id, invite: secret } : { room: room.id })}`;
  const panel = el("div", { class: "panel", id: "seats" }, el("h2", {}, room.name || room.id), seats,
    el("p", { class: "row" }, `${t("invite")}: `, el("input", { value: link, readonly: true, size: 36, id: "invite" }),
      el("button", { onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, t("copy"))));
  if (!seated) {
    const name = el("input", { id: "name", placeholder: t("your-name"), maxlength: 24 });
    panel.append(el("p", { class: "row" }, name, el("button", { class: "primary", id: "join", onclick: async () => {
      try {
        const joined = await api(`/api/rooms/${room.id}/join`, { name: name.value || "?", ...(invite ? { invite } : {}) });
        localStorage.setItem(tokenKey(room.id), joined.token);
        socket.close();
      } catch (e) { state.error = e.message; render(); }
    } }, t("join"))));
  } else {
    const bot = el("select", { id: "bot" }, (state.bots.length ? state.bots : [{ name: "random" }])
      .map((b) => el("option", { value: b.name }, b.name)));
    panel.append(el("p", { class: "row" }, bot,
      el("button", { id: "add-bot", onclick: () => post("bots", { bot: bot.value }) }, t("add-bot")),
      el("button", { class: "primary", id: "start", onclick: () => post("start") }, t("start")),
      el("button", { id: "leave", onclick: async () => { await post("leave"); localStorage.removeItem(tokenKey(room.id)); location.href = "/"; } }, t("leave"))));
  }
  return panel;
}

// Leaving mid-game hands the seat to a bot for the rest of the game.
async function leaveGame() {
  if (!confirm(t("leave-confirm"))) return;
  await post("leave");
  localStorage.removeItem(tokenKey(roomId));
  location.href = "/";
}

async function post(what, extra = {}) {
  try { await api(`/api/rooms/${roomId}/${what}`, { token: token(), ...extra }); state.error = ""; }
  catch (e) { state.error = e.message; render(); }
}

const C = () => state.catalogue;
const cardName = (key) => (C().cards[key] || { name: key }).name;
const colourName = (key) => (C().colours[key] || { name: key }).name;
const groupName = (colour, group) => colourName(colour) + (group ? ` #${group + 1}` : "");
const playerName = (seat) => state.game.names[seat];

// What an action is about, to show it when that card is clicked (play decisions only).
function subjectOf(a) {
  if (state.game.decision.type !== "play" || a.verb === "end") return "";
  if (a.verb === "bank" || a.verb === "play") return `hand:${a.card}`;
  if (a.verb === "move" || a.verb === "swap") return `table:${a.colour}:${a.group ?? 0}:${a.card}`;
  return `hand:${a.verb}`;
}

function decisionText(game) {
  const d = game.decision;
  if (d.type === "over") return game.winner >= 0 ? ui("winner", { player: playerName(game.winner) }) : ui("no-winner");
  const player = playerName(d.player);
  if (d.type === "respond") {
    const params = { player, actor: playerName(d.against), card: cardName(d.action), count: d.noes };
    return ui(d.noes ? "decide.respond-noes" : "decide.respond", params) + (d.amount ? ` (${d.amount}M)` : "");
  }
  if (d.type === "pay") return ui("decide.pay", { player, receiver: playerName(d.receiver), owed: `${d.owed}M` });
  if (d.type === "place") return ui("decide.place", { player, card: cardName(d.building) });
  return ui(`decide.${d.type}`, { player, plays: game.plays_left });
}

function renderGame() {
  const game = state.game;
  const subjects = new Set(state.legal.map(subjectOf).filter(Boolean));
  const select = (subject) => () => { state.selected = state.selected === subject ? null : subject; render(); };

  const clock = state.deadline ? el("span", { class: "clock", id: "clock" }) : null;
  const head = el("div", { class: "panel row status", id: "status" },
    el("span", {}, ui("turn", { turn: game.turn, player: playerName(game.active), plays: game.plays_left })),
    el("span", {}, ui("draw-pile", { count: game.draw_size })),
    el("span", { class: "row" }, `${t("discard")}: `, game.discard.length ? card(C(), game.discard[game.discard.length - 1], { small: true }) : "—"),
    state.you === null ? el("span", {}, t("spectating")) : el("span", {}, `${t("you-are")} P${state.you + 1}`),
    token() && game.decision.type !== "over" ? el("button", { id: "leave-game", onclick: leaveGame }, t("leave")) : null);

  const banner = el("div", { class: "panel status", id: "decision" }, decisionText(game), " ", clock);
  const notices = state.notices.slice(-2).map((n) => el("p", { class: "notice" }, t(n.notice, n)));

  const tables = el("div", { class: "tables", id: "tables" }, game.names.map((name, p) => {
    const bankTotal = game.banks[p].reduce((sum, key) => sum + C().cards[key].value, 0);
    const groups = game.groups[p].map((g) => {
      const size = (C().colours[g.colour] || { size: 0 }).size;
      const cards = g.cards.map((key) => {
        const subject = p === state.you ? `table:${g.colour}:${g.group}:${key}` : "";
        const clickable = subjects.has(subject);
        return card(C(), key, { as: g.colour, small: true, onclick: clickable ? select(subject) : null,
          selected: state.selected === subject, data: clickable ? { subject } : {} });
      });
      if (g.house) cards.push(card(C(), g.house, { small: true }));
      if (g.hotel) cards.push(card(C(), g.hotel, { small: true }));
      return el("div", { class: `group${g.complete ? " complete" : ""}`, "data-colour": g.colour },
        el("span", { class: "label" }, `${groupName(g.colour, g.group)} ${g.cards.length}/${size || "–"} · ${g.rent}M${g.complete ? " ✓" : ""}`),
        el("div", { class: "cards" }, cards));
    });
    const classes = ["panel", "table", p === game.active ? "active" : "", p === game.decision.player ? "deciding" : ""];
    return el("section", { class: classes.join(" "), id: `table-${p}` },
      el("h3", {}, `P${p + 1} ${name}${p === state.you ? " ★" : ""} · ${ui("hand-size", { count: game.hand_sizes[p] })}${game.jailed[p] ? ` · ${ui("jailed")}` : ""}`),
      el("div", { class: "row" }, `${ui("bank", { amount: `${bankTotal}M` })}: `, el("div", { class: "bankcards" }, game.banks[p].map((key) => card(C(), key, { small: true })))),
      el("div", {}, groups));
  }));

  const parts = [head, banner, ...notices];
  if (state.you !== null && game.hand) {
    parts.push(el("div", { class: "panel hand", id: "hand" }, el("h3", {}, ui("your-hand", { count: game.hand.length })),
      el("div", { class: "cards" }, game.hand.map((key) => {
        const subject = `hand:${key}`;
        const clickable = subjects.has(subject);
        return card(C(), key, { onclick: clickable ? select(subject) : null, selected: state.selected === subject,
          data: clickable ? { subject } : {} });
      }))));
  }
  if (state.legal.length) parts.push(renderChoices());
  if (game.decision.type === "over") parts.push(renderFinished());
  parts.push(tables);
  parts.push(el("div", { class: "panel log", id: "log" }, el("h3", {}, ui("log")), state.log.map((line) => el("p", {}, line))));
  return parts;
}

function renderChoices() {
  const buttons = state.legal.map((a) => {
    const subject = subjectOf(a);
    const hidden = subject !== "" && subject !== state.selected;
    return el("button", { class: `act${a.verb === "no" ? " danger" : ""}`, "data-action": a.notation,
      "data-subject": subject, hidden, onclick: () => send({ type: "act", action: a.notation }) }, a.label);
  });
  const hint = state.game.decision.type === "play" && !state.selected ? el("p", {}, t("pick-card")) : null;
  return el("div", { class: "panel choices", id: "choices" }, hint, buttons);
}

function renderFinished() {
  const panel = el("div", { class: "panel", id: "finished" }, el("h2", {}, decisionText(state.game)));
  if (state.room.game_id) panel.append(el("a", { href: `/api/games/${state.room.game_id}/record`, id: "record" }, t("record")));
  if (token()) panel.append(el("button", { class: "primary", id: "again", onclick: () => post("again") }, t("again")));
  return panel;
}

setInterval(() => {
  const node = document.getElementById("clock");
  if (node && state.deadline) {
    const left = Math.max(0, Math.round(state.deadline - (Date.now() + state.offset) / 1000));
    node.textContent = t("seconds-left", { n: left });
  }
}, 250);

// --- start ----------------------------------------------------------------------------------------

langSelect.value = lang;
document.documentElement.lang = lang;
langSelect.addEventListener("change", async () => {
  lang = LANGUAGES.includes(langSelect.value) ? langSelect.value : "en";
  localStorage.setItem("mdeal-lang", lang);
  document.documentElement.lang = lang;
  ({ t, ui } = await words(lang));
  if (roomId) send({ type: "lang", lang });
  else showLobby();
});

if (roomId) {
  api("/api/bots").then((bots) => { state.bots = bots; render(); }).catch(() => {});
  connect();
  render();
} else {
  showLobby();
}
