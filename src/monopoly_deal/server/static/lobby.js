// @ts-check
// The lobby (quick play, a room's options as labelled controls, the rooms list) and a room's seats
// before its game. The seats page is morphed in place, so a name being typed survives others joining.
import { el, morph } from "./dom.js";
import { createStore } from "./store.js";

// A call of the server's API; a refusal throws its message in the page's language (the server says it in
// the language asked for: errors.py), its code kept on the error.
export async function api(path, body) {
  const headers = { "Accept-Language": document.documentElement.lang || "en" };
  const response = await fetch(path, body === undefined ? { headers } : {
    method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.message || data.error || response.statusText), { code: data.code });
  return data;
}

export const tokenKey = (id) => `mdeal-token-${id}`;

// The bots from the strongest down (docs/bots.md: the search beats the heuristic, which beats random):
// the picker starts on the strongest the server offers.
const STRENGTH = ["ismcts", "heuristic", "openspiel-ismcts", "random"];
export const strongest = (bots) => [...bots].sort((a, b) => rank(a) - rank(b))[0];
const rank = (name) => (STRENGTH.includes(name) ? STRENGTH.indexOf(name) : STRENGTH.length);

// A bot's name in words: "heuristic" -> "Heuristic bot" / "啟發式電腦".
export const botName = (words, bot) => words.t(`bot-name.${String(bot).split(":")[0]}`);

// A seat's name as shown: a bot the server named "heuristic bot 2" is "Bot 2 (heuristic)" in the page's
// language, never its raw spec.
const BOT_KINDS = ["random", "heuristic", "ismcts", "openspiel-ismcts", "policy"];
export function seatLabel(words, info, fallback) {
  const match = info && info.kind === "bot" && /^([\w-]+)(?::\S*)? bot (\d+)$/.exec(info.name);
  if (!match) return info ? info.name : fallback;
  const kind = BOT_KINDS.includes(match[1]) ? words.t(`bot-kind.${match[1]}`) : words.t("bot");
  return words.t("bot-seat", { bot: kind, n: match[2] });
}

// A room's name, or a readable one made up: "Ann's table", "A table for 3".
export function roomTitle(words, room) {
  if (room.name) return room.name;
  const host = room.host !== null && room.host !== undefined ? room.seats[room.host] : null;
  return host ? words.t("room-of", { player: host.name }) : words.t("room-for", { count: room.players });
}

// One rule option as a labelled control with its one-line explanation (from GET /api/rules).
export function ruleControl(option) {
  const id = `rule-${option.name}`;
  const help = el("small", { id: `${id}-help`, class: "help" }, option.help);
  let control;
  if (option.kind === "flag") {
    control = el("input", { type: "checkbox", id, name: id, checked: option.default, "aria-describedby": help.id });
    return el("div", { class: "rule flag" }, el("label", {}, control, " ", option.label), help);
  }
  if (option.kind === "choice") {
    control = el("select", { id, name: id, "aria-describedby": help.id },
      option.choices.map((c) => el("option", { value: c.value, selected: c.value === option.default }, c.label)));
  } else {
    control = el("input", { type: "number", id, name: id, value: option.default, min: option.min, max: option.max ?? null, "aria-describedby": help.id });
  }
  return el("div", { class: "rule" }, el("label", { for: id }, option.label), " ", control, help);
}

// The options that differ from the defaults, read from the form: { putback: "discard" }.
export function chosenRules(form, options) {
  const rules = {};
  for (const option of options) {
    const control = form.querySelector(`#rule-${option.name}`);
    const value = option.kind === "flag" ? control.checked : option.kind === "number" ? Number(control.value) : control.value;
    if (value !== option.default) rules[option.name] = value;
  }
  return rules;
}

/**
 * The lobby, drawn from a store of its own (store.js) as the game page is: learning to play, quick play, a new
 * room's form (its rule options from GET /api/rules) and the rooms open. Called again on a change of language:
 * the page is morphed in place, so what was typed stays.
 * @param {HTMLElement} app
 * @param {number | null} seed   ?seed=N: a new room's deal, where the server allows it
 */
export async function showLobby(app, words, lang, seed) {
  const store = createStore({ options: null, rooms: null, busy: "", error: { learn: "", quick: "", create: "" } }, draw);
  const { state, update } = store;
  const failed = (where, e) => update((s) => ({ busy: "", error: { ...s.error, [where]: e.message } }));
  const playerName = () => /** @type {HTMLInputElement | null} */ (document.getElementById("quick-name"))?.value.trim() || words.t("player");
  const on = {
    learn: async () => {
      update({ busy: "learn" });
      try {
        const started = await api("/api/lessons/first-game", { name: playerName(), lang });
        localStorage.setItem(tokenKey(started.room.id), started.token);
        location.search = String(new URLSearchParams({ room: started.room.id, invite: started.invite }));
      } catch (e) { failed("learn", e); }
    },
    quick: async () => {
      update({ busy: "quick" });
      try { location.search = `?room=${await startBotGame(playerName(), lang, seed)}`; } catch (e) { failed("quick", e); }
    },
    create: async (form) => {
      try { await createRoom(form, state.options, words, lang, seed); } catch (e) { failed("create", e); }
    },
  };
  function draw() {
    morph(app, el("main", { id: "app" }, learnToPlay(words, state.busy === "learn", state.error.learn, on.learn),
      quickPlay(words, state.busy === "quick", state.error.quick, on.quick),
      state.options ? createForm(words, state.options, state.error.create, on.create) : null,
      roomList(words, state.rooms)));
  }
  draw();
  update({ options: await api(`/api/rules?lang=${encodeURIComponent(lang)}`) });
  update({ rooms: await api("/api/rooms") });
}

/**
 * A new room from the form; you sit in it (P1), as at a real table, and the page goes there.
 * @param {HTMLFormElement} form
 */
async function createRoom(form, options, words, lang, seed) {
  const data = new FormData(form);
  const room = await api("/api/rooms", {
    name: data.get("name"), players: Number(data.get("players")), edition: data.get("edition"),
    clock: data.get("clock") ? Number(data.get("clock")) : null, lang, rules: chosenRules(form, options),
    private: data.get("private") === "on", hints: data.get("hints") === "on", ...(seed === null ? {} : { seed }),
  });
  // no name given: "Player" (not "You", which the narration would conjugate as a third person)
  const player = String(data.get("player") || "").trim() || words.t("player");
  const { token } = await api(`/api/rooms/${room.id}/join`, { name: player, ...(room.invite ? { invite: room.invite } : {}) });
  localStorage.setItem(tokenKey(room.id), token);
  location.search = String(new URLSearchParams(room.invite ? { room: room.id, invite: room.invite } : { room: room.id }));
}

/**
 * A new room's options as labelled controls, the rule options folded away.
 * @param {string} error
 * @param {(form: HTMLFormElement) => void} create
 */
function createForm(words, options, error, create) {
  const field = (label, control) => el("label", {}, el("span", {}, label), " ", control);
  return el("form", { class: "panel", id: "create", "aria-labelledby": "create-title",
    onsubmit: (event) => { event.preventDefault(); create(event.currentTarget); } },
    el("h2", { id: "create-title" }, words.t("create")),
    el("div", { class: "row" },
      field(words.t("your-name"), el("input", { name: "player", id: "create-player", maxlength: 24, placeholder: words.t("player") })),
      field(words.t("room-name"), el("input", { name: "name", maxlength: 40, placeholder: words.t("room-name-hint") })),
      field(words.t("players"), el("select", { name: "players" }, [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => el("option", { value: n }, String(n))))),
      field(words.t("edition"), el("select", { name: "edition" },
        el("option", { value: "base" }, words.t("base")), el("option", { value: "enhanced" }, words.t("enhanced")))),
      field(words.t("clock"), el("input", { name: "clock", type: "number", min: 5, max: 3600 }))),
    el("div", { class: "row" },
      el("label", {}, el("input", { name: "private", type: "checkbox", id: "private" }), " ", words.t("private")),
      el("label", {}, el("input", { name: "hints", type: "checkbox", id: "hints", checked: true }), " ", words.t("hints-allowed"))),
    el("details", { class: "rules" }, el("summary", {}, words.t("rules")), options.map(ruleControl)),
    el("button", { class: "primary", type: "submit" }, words.t("create")),
    el("p", { class: "error", id: "error", role: "alert" }, error));
}

/**
 * The rooms open or playing, each with its seats taken and a link to join or watch (null: still asked for).
 * @param {any[] | null} rooms
 */
function roomList(words, rooms) {
  return el("div", { class: "panel", id: "rooms" }, el("h2", {}, words.t("open-rooms")),
    rooms && rooms.length === 0 ? el("p", {}, words.t("no-rooms")) : null,
    (rooms || []).map((room) => el("p", { class: "row", "data-key": `room-${room.id}` },
      el("b", {}, roomTitle(words, room)), ` ${room.seats.filter(Boolean).length}/${room.players} · ${words.t(room.status)} · ${words.t(room.edition)} `,
      el("a", { href: `?room=${room.id}`, class: "button" }, room.status === "open" ? words.t("join") : words.t("watch")))));
}

/**
 * "Learn to play": a guided first game against a bot (lessons/), started in one click.
 * @param {boolean} busy   being started
 * @param {string} error
 * @param {() => void} start
 */
function learnToPlay(words, busy, error, start) {
  return el("div", { class: "panel", id: "learn" }, el("p", {}, words.t("learn-hint")),
    el("p", { class: "row" }, el("button", { class: "primary big", id: "learn-start", disabled: busy, onclick: start }, words.t("learn"))),
    el("p", { class: "error", role: "alert" }, error));
}

/**
 * One click to a game: you and two bots.
 * @param {boolean} busy   being started
 * @param {string} error
 * @param {() => void} start
 */
function quickPlay(words, busy, error, start) {
  return el("div", { class: "panel", id: "quick" }, el("p", {}, words.t("quick-play-hint")),
    el("p", { class: "row" },
      el("input", { id: "quick-name", placeholder: words.t("your-name"), "aria-label": words.t("your-name"), maxlength: 24 }),
      el("button", { class: "primary big", id: "quick-play", disabled: busy, onclick: start }, words.t("quick-play"))),
    el("p", { class: "error", role: "alert" }, error));
}

// A 3-player base game started at once: ``name`` in seat P1, the strongest bot the server offers
// (heuristic, where registered) in the others. Only the REST calls a person would make by hand.
async function startBotGame(name, lang, seed) {
  const bots = (await api("/api/bots")).map((b) => b.name);
  const bot = bots.includes("heuristic") ? "heuristic" : bots[0];
  const room = await api("/api/rooms", { players: 3, edition: "base", lang, ...(seed === null ? {} : { seed }) });
  const { token: seatToken } = await api(`/api/rooms/${room.id}/join`, { name });
  localStorage.setItem(tokenKey(room.id), seatToken);
  for (let seat = 1; seat < room.players; seat++) await api(`/api/rooms/${room.id}/bots`, { token: seatToken, bot });
  await api(`/api/rooms/${room.id}/start`, { token: seatToken });
  return room.id;
}

/**
 * The seats before the game: who sits where, the invite link, and join / add a bot / start / leave.
 * @param {{ room: any, you: number | null, seated: boolean, link: string, copied: boolean,
 *   bots: { name: string, summary?: string }[] }} seating   `link`: the room's invite link; `bots`: those the server offers
 * @param {{ remove: (seat: number) => void, copy: (link: string) => void, join: () => void, addBot: (spec: string) => void,
 *   start: () => void, leave: () => void }} on
 */
export function seats(words, seating, on) {
  const { room, seated, link, copied } = seating;
  const host = seated && seating.you !== null && seating.you === room.host;
  const list = el("ul", { class: "seats" }, room.seats.map((s, i) => el("li", { "data-key": `seat-${i}` },
    words.t("labelled", { label: `${words.t("seat")} P${i + 1}` }), s ? seatLabel(words, s, "") : words.t("empty"),
    host && s && i !== room.host ? el("button", { class: "remove", "data-seat": i, onclick: () => on.remove(i) }, words.t("remove")) : null)));
  const panel = el("div", { class: "panel", id: "seats" }, el("h2", {}, roomTitle(words, room)),
    el("p", { class: "facts" }, [words.t(room.edition), room.private ? words.t("private-room") : words.t("public-room"),
      room.clock ? words.t("clock-is", { n: room.clock }) : null, room.hints ? null : words.t("hints-off")].filter(Boolean).join(" · ")),
    list,
    el("p", { class: "row" }, el("label", { for: "invite" }, words.t("labelled", { label: words.t("invite") })), el("input", { value: link, readonly: true, size: 36, id: "invite" }),
      el("button", { id: "copy", onclick: () => on.copy(link) }, copied ? words.t("copied") : words.t("copy")),
      el("span", { class: "sr-only", "aria-live": "polite" }, copied ? words.t("copied") : "")));
  if (!seated) {
    panel.append(el("p", { class: "row" }, el("input", { id: "name", placeholder: words.t("your-name"), "aria-label": words.t("your-name"), maxlength: 24 }),
      el("button", { class: "primary", id: "join", onclick: on.join }, words.t("join"))));
  } else {
    const bots = seating.bots.length ? seating.bots : [{ name: "random" }];
    const best = strongest(bots.map((b) => b.name));
    panel.append(el("p", { class: "row" },
      el("select", { id: "bot", "aria-label": words.t("bot-kind") }, bots.map((b) => el("option", { value: b.name, title: b.summary, selected: b.name === best }, botName(words, b.name)))),
      el("button", { id: "add-bot", onclick: () => on.addBot(/** @type {HTMLSelectElement} */ (document.getElementById("bot")).value) }, words.t("add-bot")),
      el("button", { class: "primary", id: "start", onclick: on.start }, words.t("start")),
      el("button", { id: "leave", onclick: on.leave }, words.t("leave"))));
  }
  return panel;
}
