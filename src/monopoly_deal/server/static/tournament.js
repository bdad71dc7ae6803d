// @ts-check
// The tournament pages: the list and the organiser's create form (/tournaments), and one tournament's
// standings (/tournaments?t=ID), public and live. An organiser's or a team's secret link adds #key=SECRET:
// the fragment never leaves the browser except in the requests that need it.
//
// Drawn as the game page is (app.js): what a page knows is one store (store.js), changed only through
// `update`, which draws the page again; the views below are functions of exactly what they draw, and the page
// is updated in place (dom.js morph), so what someone is typing, the focus and the scroll survive each
// refresh. The forms' fields are read when they are sent, from the page.
import { el, morph } from "./dom.js";
import { api, chosenRules, ruleControl } from "./lobby.js";
import { createStore } from "./store.js";
import { LANGUAGES, botWords, chosenLanguage, clockText, tw } from "./tournament-words.js";

/** @typedef {(key: string, params?: Record<string, any>) => string} Words  tw(lang): a word, braces filled */

/**
 * What the server sends (server/tournaments.py).
 * @typedef {{ name: string, bot: string | null }} Team
 * @typedef {{ teams: number[], totals: number[] }} DiceRound
 * @typedef {{ index: number, room: string | null, started: number | null, reps: (string | null)[],
 *   rep_bots?: (string | null)[], order?: number[], dice?: DiceRound[], end?: string, how?: string,
 *   winner?: number, assets?: number[], turns?: number, forfeits?: number[], ends?: number | null }} Match
 *   A match of the schedule: `end` once it is over, `room` once it is being played, `ends` (the clock's
 *   limit, in the server's seconds) for the match being played.
 * @typedef {{ name: string, bot: string | null, points: number, rank: number, wins: number, sets: number,
 *   limit: number, roll_offs: number, forfeits: number, matches: number, disqualified: number | null }} Standing
 * @typedef {{ id: string, name: string, status: string, edition: string, matches: number, teams: Team[],
 *   schedule: Match[], standings: Standing[], now: number, disqualified?: string[] }} Tournament
 * @typedef {{ role: string, teams?: string[], team?: number, room?: string | null, token?: string | null }} Access
 *   What a secret link may do: the organiser's (`teams`: each team's secret) or a team's (`team`, and the
 *   room and seat token of its match being played).
 * @typedef {{ id: string, name: string, status: string, teams: number, matches: number, played: number }} Listed
 * @typedef {{ name: string, kind: string, label: string, help: string, default: any, min?: number,
 *   max?: number | null, choices?: { value: string, label: string }[] }} RuleOption
 */

/**
 * A page's store (store.js), with its state's type.
 * @template S
 * @typedef {{ state: S, update: (change?: Partial<S> | ((state: S) => Partial<S>)) => void }} Store
 */

const app = document.getElementById("app");
const langSelect = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
let lang = chosenLanguage();
let t = tw(lang);
const query = new URLSearchParams(location.search);
const tournamentId = query.get("t");
// ?seed=N on the create form fixes the dice and deals, where the server allows it (mdeal serve --fixed-seeds).
const seed = query.has("seed") ? Number(query.get("seed")) : null;
const key = new URLSearchParams(location.hash.slice(1)).get("key");
const MOST_TEAMS = 10;

/** The live element that an event's handler was given to (morph keeps the live node, not the fresh one). */
const target = (/** @type {Event} */ event) => /** @type {HTMLElement} */ (event.currentTarget);
const errorLine = (/** @type {string} */ text) => el("p", { class: "error", id: "error" }, text);
/** "The server does not answer" when a request got no answer at all, else the server's own words. */
const trouble = (/** @type {any} */ e) => (e instanceof TypeError ? { lost: true, error: "" } : { lost: false, error: e.message });

// --- the list, and a new tournament ---------------------------------------------------------------

/**
 * @typedef {{ loaded: boolean, bots: string[], options: RuleOption[], list: Listed[], rows: number,
 *   rulesOpen: boolean, error: string, lost: boolean }} HomeState
 *   `rows`: the create form's team rows; `error`: why the server refused the form (or could not be read).
 */

/**
 * A row of the create form: a team's name and who plays for it (people, or one of the bots).
 * @param {number} i
 * @param {string[]} bots
 * @param {Words} t
 */
function teamRow(i, bots, t) {
  return el("div", { class: "team-row", "data-key": `team-${i}` },
    el("input", { class: "team-name", name: `team-${i}`, placeholder: `${t("team")} ${i + 1}`, maxlength: 24 }),
    el("select", { class: "team-kind", name: `kind-${i}`, "aria-label": `${t("team")} ${i + 1}: ${t("people")} / ${t("bot")}` },
      el("option", { value: "" }, t("people")),
      bots.map((b) => el("option", { value: b }, botWords(t, b)))));
}

/**
 * The organiser's form for a new tournament.
 * @param {string[]} bots            the bots a team may be
 * @param {RuleOption[]} options     the rules' options, in the page's language
 * @param {number} rows              how many team rows
 * @param {boolean} rulesOpen        whether the rules are unfolded
 * @param {string} error             why the last try was refused ("" if none)
 * @param {Words} t
 * @param {{ addTeam: () => void, toggleRules: (open: boolean) => void, create: (form: HTMLFormElement) => void }} on
 */
function createForm(bots, options, rows, rulesOpen, error, t, on) {
  return el("form", { class: "panel", id: "create", onsubmit: (/** @type {Event} */ event) => {
    event.preventDefault();
    on.create(/** @type {HTMLFormElement} */ (target(event)));
  } }, el("h2", {}, t("create")),
    el("p", { class: "row" }, el("label", {}, t("name"), " ", el("input", { name: "t-name", id: "t-name", maxlength: 40, required: true }))),
    el("h3", {}, t("teams")),
    el("div", { id: "teams" }, Array.from({ length: rows }, (_, i) => teamRow(i, bots, t))),
    el("button", { type: "button", id: "add-team", onclick: on.addTeam }, t("add-team")),
    el("div", { class: "row" },
      el("label", {}, t("matches"), " ", el("input", { name: "t-matches", id: "t-matches", type: "number", min: 1, max: 100, value: 10 })),
      el("label", {}, t("limit"), " ", el("input", { name: "t-limit", id: "t-limit", type: "number", min: 0.1, max: 1440, step: "any", value: 45 })),
      el("label", {}, t("clock"), " ", el("input", { name: "t-clock", id: "t-clock", type: "number", min: 5, max: 3600 })),
      el("label", {}, t("edition"), " ", el("select", { name: "t-edition" },
        el("option", { value: "base" }, t("base")), el("option", { value: "enhanced" }, t("enhanced")))),
      el("label", {}, t("stalling"), " ", el("select", { name: "t-stalling", id: "t-stalling" },
        el("option", { value: "tournament" }, t("stalling-tournament")), el("option", { value: "match" }, t("stalling-match"))))),
    // the browser opens and closes it: the store follows, so that a redraw leaves it as it is
    el("details", { class: "rules", open: rulesOpen, ontoggle: (/** @type {Event} */ event) => {
      const open = /** @type {HTMLDetailsElement} */ (target(event)).open;
      if (open !== rulesOpen) on.toggleRules(open);
    } }, el("summary", {}, t("rules")), options.map(ruleControl)),
    el("button", { class: "primary", type: "submit" }, t("create")), errorLine(error));
}

/**
 * Every tournament of the server, with a link to its standings.
 * @param {Listed[]} list
 * @param {Words} t
 */
function tournamentList(list, t) {
  return el("div", { class: "panel", id: "tournaments" }, el("h2", {}, t("tournaments")),
    list.length === 0 ? el("p", {}, t("none-yet")) : null,
    list.map((item) => el("p", { "data-key": `tournament-${item.id}` }, el("a", { href: `/tournaments?t=${item.id}` }, item.name),
      ` · ${item.teams} ${t("teams")} · ${item.played}/${item.matches} · ${t(item.status)}`)));
}

/** @returns {Store<HomeState>} */
function homePage() {
  /** @type {Store<HomeState>} */
  const home = createStore({ loaded: false, bots: [], options: [], list: [], rows: 4, rulesOpen: false, error: "", lost: false }, draw);
  const { state, update } = home;

  function draw() {
    const error = state.lost ? t("reconnecting") : state.error;
    morph(app, el("main", { id: "app" }, state.loaded ? [
      createForm(state.bots, state.options, state.rows, state.rulesOpen, error, t, {
        addTeam: () => update((s) => ({ rows: Math.min(MOST_TEAMS, s.rows + 1) })),
        toggleRules: (open) => update({ rulesOpen: open }),
        create,
      }),
      tournamentList(state.list, t),
    ] : errorLine(error)));
  }

  // The form's fields are the page's own: read when it is sent.
  async function create(/** @type {HTMLFormElement} */ form) {
    const data = new FormData(form);
    const field = (/** @type {Element} */ row, /** @type {string} */ selector) =>
      /** @type {HTMLInputElement | HTMLSelectElement} */ (row.querySelector(selector)).value;
    const chosen = [...form.querySelectorAll(".team-row")].map((row) => ({
      name: field(row, ".team-name").trim(), bot: field(row, ".team-kind") || null,
    })).filter((team) => team.name);
    try {
      const made = await api("/api/tournaments", {
        name: data.get("t-name"), teams: chosen, matches: Number(data.get("t-matches")),
        limit: Number(data.get("t-limit")) * 60, clock: data.get("t-clock") ? Number(data.get("t-clock")) : null,
        edition: data.get("t-edition"), stalling: data.get("t-stalling"), rules: chosenRules(form, state.options), lang,
        ...(seed === null ? {} : { seed }),
      });
      location.href = `/tournaments?t=${made.id}#key=${made.organiser}`;
    } catch (e) { update({ error: e.message, lost: false }); }
  }
  return home;
}

async function loadHome(/** @type {Store<HomeState>} */ home) {
  try {
    const [bots, options, list] = await Promise.all([
      api("/api/bots"), api(`/api/rules?lang=${encodeURIComponent(lang)}`), api("/api/tournaments")]);
    home.update({ loaded: true, bots: bots.map((/** @type {{ name: string }} */ b) => b.name), options, list, error: "", lost: false });
  } catch (e) { home.update(trouble(e)); }
}

// --- one tournament ---------------------------------------------------------------------------------

/**
 * @typedef {{ data: Tournament | null, me: Access | null, offset: number, error: string, lost: boolean,
 *   refused: string }} TournamentState
 *   `offset`: the server's clock less this one's (ms); `error`: why the standings could not be read, `lost`:
 *   the server did not answer; `refused`: why the server refused what this page last sent ("" if it did not).
 */

/**
 * The tournament's name, how far it is, and its file once it is over.
 * @param {Pick<Tournament, "id" | "name" | "status" | "matches" | "edition">} tournament
 * @param {number} played   the matches over
 * @param {Words} t
 */
function head(tournament, played, t) {
  return el("div", { class: "panel", id: "head" }, el("h2", {}, tournament.name),
    el("p", {}, `${t(tournament.status)} · ${played}/${tournament.matches} · ${t(tournament.edition)}`),
    tournament.status === "finished" ? el("p", { id: "over" }, t("over"), " ",
      el("a", { href: `/api/tournaments/${tournament.id}/file`, id: "file" }, t("file"))) : null);
}

/**
 * What a secret link offers: the organiser's links, or the team's; naming representatives for the next match,
 * and a team's way into its match being played.
 * @param {Access} me
 * @param {Match | null} match     the match not over yet, if any
 * @param {Team[]} teams
 * @param {{ organiser: string, teams: string[] } | null} links   the organiser's secret links, in full
 * @param {Words} t
 * @param {{ play: () => void, name: (team: number, name: string, bot: string | null) => void }} on
 */
function controls(me, match, teams, links, t, on) {
  const organiser = me.role === "organiser";
  const mine = (/** @type {number} */ i) => organiser || me.team === i;
  const naming = match && !match.room ? teams.map((team, i) => ({ team, i })).filter(({ team, i }) => !team.bot && mine(i)) : [];
  return el("div", { class: "panel", id: "controls" },
    organiser ? [el("p", {}, t("you-organiser")), el("div", { class: "links" },
      el("p", {}, t("organiser-link")), el("input", { id: "organiser-link", readonly: true, value: links.organiser }),
      el("p", {}, t("team-links")),
      teams.map((team, i) => team.bot ? null : el("p", { class: "row", "data-key": `link-${i}` }, t("labelled", { label: team.name }),
        el("input", { class: "team-link", "data-team": i, readonly: true, value: links.teams[i] }))))]
      : [el("p", { id: "you-team" }, t("you-team", { team: teams[me.team].name })),
        me.token && me.room && match && match.room === me.room ? el("button", { class: "primary big", id: "play", onclick: on.play }, t("play")) : null],
    naming.length ? [el("h3", {}, t("name-rep")), naming.map(({ team, i }) => repForm(team, i, match.reps[i], organiser, t, on.name))] : null);
}

/**
 * A team's representative for the next match: a name and Ready, or (the organiser) a bot standing in.
 * @param {Team} team
 * @param {number} i                the team
 * @param {string | null} named     the representative named so far
 * @param {boolean} organiser       whether a bot may stand in
 * @param {Words} t
 * @param {(team: number, name: string, bot: string | null) => void} send
 */
function repForm(team, i, named, organiser, t, send) {
  // the name as typed in the page's own field (the live one: a redraw keeps it)
  const typed = (/** @type {Event} */ event) =>
    /** @type {HTMLInputElement} */ (target(event).closest(".rep").querySelector(".rep-name")).value;
  return el("p", { class: "row rep", "data-team": i, "data-key": `rep-${i}` }, t("labelled", { label: team.name }),
    el("input", { class: "rep-name", "data-team": i, maxlength: 24, placeholder: t("representative"), value: named || "" }),
    el("button", { class: "primary ready", "data-team": i, onclick: (/** @type {Event} */ event) => send(i, typed(event), null) }, t("ready")),
    organiser ? el("button", { class: "stand-in", "data-team": i, onclick: (/** @type {Event} */ event) => send(i, typed(event), "heuristic") }, t("stand-in")) : null,
    named ? ` ✓ ${named}` : null);
}

/**
 * The standings table (R10.4), and the teams disqualified for stalling (R10.5).
 * @param {Standing[]} rows
 * @param {string[]} disqualified
 * @param {Words} t
 */
function standings(rows, disqualified, t) {
  return el("div", { class: "panel", "data-key": "standings-panel" }, el("h2", {}, t("standings")),
    // a narrow screen scrolls the table inside its panel rather than the page sideways
    el("div", { class: "scroll-x", role: "region", tabindex: 0, "aria-label": t("standings") }, el("table", { class: "standings", id: "standings" },
      el("thead", {}, el("tr", {}, [t("rank"), t("team"), t("points"), t("wins"), t("forfeits")].map((h, i) => el("th", { class: i === 1 ? "" : "num" }, h)))),
      el("tbody", {}, rows.map((s) => el("tr", { class: s.rank === 1 ? "first" : "" },
        el("td", { class: "num" }, String(s.rank)), el("td", {}, s.bot ? t("brackets", { text: s.name, more: botWords(t, s.bot) }) : s.name),
        el("td", { class: "num" }, String(s.points)), el("td", { class: "num" }, t("wins-how", { wins: s.wins, sets: s.sets, assets: s.limit })),
        el("td", { class: "num" }, String(s.forfeits))))))),
    disqualified.length ? el("p", { id: "disqualified" }, t("disqualified", { names: disqualified.join(t("list")) })) : null);
}

/**
 * How a match ended, in words: who won and how, who forfeited, each seat's asset value.
 * @param {Match} m
 * @param {string[]} names   the teams' names
 * @param {Words} t
 */
function result(m, names, t) {
  const team = names[m.winner];
  const parts = [t(m.how === "sets" ? "won-sets" : m.how === "roll-off" ? "won-roll-off" : "won-assets", { team })];
  if (m.forfeits.length) parts.push(t("forfeited", { teams: m.forfeits.map((f) => names[f]).join(", ") }));
  const order = m.order.map((team) => names[team]);
  parts.push(t("labelled", { label: t("assets") }) + m.assets.map((v, seat) => `${order[seat]} ${v}M`).join(t("list")));
  return parts.join(" · ");
}

/**
 * A match's clock in words (" · 12:05 left"), `ends` its limit and `now` the server's time, in seconds.
 * @param {number | null | undefined} ends
 * @param {number} now
 * @param {Words} t
 */
function clockWords(ends, now, t) {
  const left = Number(ends) - now;
  return ` · ${left > 0 ? t("time-left", { time: clockText(left) }) : t("time-up")}`;
}

/**
 * One match of the schedule: its state, representatives, dice and seats, result, and links.
 * @param {Match} m
 * @param {string[]} names      the teams' names
 * @param {boolean} finished    whether the tournament is over (then the records are public)
 * @param {string} id           the tournament
 * @param {number} now          the server's time, in seconds
 * @param {Words} t
 */
function matchEntry(m, names, finished, id, now, t) {
  const status = m.end !== undefined ? "finished" : m.room ? "playing" : "waiting";
  const bots = m.rep_bots || [];
  const reps = m.reps.map((r, i) => t("labelled", { label: names[i] })
    + (bots[i] ? botWords(t, bots[i]) : r ?? t("not-yet"))).join(t("list"));
  const dice = m.dice ? el("p", { class: "dice" }, t("labelled", { label: t("dice") }), m.dice.map((round) =>
    round.teams.map((team, j) => `${names[team]} ${round.totals[j]}`).join(t("list"))).join(" → "),
  ` · ${t("labelled", { label: t("seats") })}${m.order.map((team, seat) => `P${seat + 1} ${names[team]}`).join(t("list"))}`) : null;
  return el("div", { class: `match ${status}`, id: `match-${m.index}`, "data-status": status },
    el("h3", {}, t("match", { n: m.index + 1 }), ` · ${t(status)}`,
      status === "playing" ? el("span", { class: "clock match-clock", "data-ends": m.ends }, clockWords(m.ends, now, t)) : null),
    el("p", {}, t("labelled", { label: t("representative") }) + reps), dice,
    status === "finished" ? el("p", { class: "result" }, result(m, names, t)) : null,
    el("p", { class: "row" },
      m.room ? el("a", { href: `/?room=${m.room}`, class: "watch" }, t("watch")) : null,
      finished ? el("a", { href: `/api/tournaments/${id}/matches/${m.index}/record`, class: "record" }, t("record")) : null));
}

/**
 * Every match, played, being played and to come.
 * @param {Match[]} matches
 * @param {Team[]} teams
 * @param {boolean} finished    whether the tournament is over
 * @param {string} id           the tournament
 * @param {number} now          the server's time, in seconds
 * @param {Words} t
 */
function schedule(matches, teams, finished, id, now, t) {
  const names = teams.map((team) => team.name);
  return el("div", { class: "panel", id: "schedule" }, el("h2", {}, t("schedule")),
    matches.map((m) => matchEntry(m, names, finished, id, now, t)),
    finished ? null : el("p", {}, t("records-later")));
}

/** @returns {Store<TournamentState> & { refresh: () => Promise<void>, tick: () => void }} */
function tournamentPage() {
  /** @type {Store<TournamentState>} */
  const page = createStore({ data: null, me: null, offset: 0, error: "", lost: false, refused: "" }, draw);
  const { state, update } = page;
  const serverNow = () => (Date.now() + state.offset) / 1000;
  const link = (/** @type {string} */ secret) => `${location.origin}/tournaments?t=${tournamentId}#key=${secret}`;

  function draw() {
    const { data, me } = state;
    const error = errorLine(state.lost ? t("reconnecting") : state.error || state.refused);
    if (!data) { morph(app, el("main", { id: "app" }, error)); return; }
    const played = data.schedule.filter((m) => m.end !== undefined).length;
    document.body.dataset.status = data.status;
    document.body.dataset.played = String(played);
    const match = data.schedule.find((m) => m.end === undefined) || null;
    const links = me && me.role === "organiser" ? { organiser: link(key), teams: me.teams.map(link) } : null;
    morph(app, el("main", { id: "app" },
      head(data, data.schedule.filter((m) => m.end).length, t),
      me ? controls(me, match, data.teams, links, t, { play, name }) : null,
      standings(data.standings, data.disqualified || [], t),
      schedule(data.schedule, data.teams, data.status === "finished", data.id, serverNow(), t),
      error));
  }

  // Into the team's match: the game page finds the seat's token where it keeps one.
  function play() {
    localStorage.setItem(`mdeal-token-${state.me.room}`, state.me.token);
    location.href = `/?room=${state.me.room}`;
  }

  /** Name a team's representative (or a bot to stand in), then read the standings again. */
  async function name(/** @type {number} */ team, /** @type {string} */ typed, /** @type {string | null} */ bot) {
    let refused = "";
    try {
      await api(`/api/tournaments/${tournamentId}/representative`, { key, team, name: typed || (bot ? t("bot") : "?"), bot });
    } catch (e) { refused = e.message; }
    await refresh({ refused });
  }

  // Fetch the standings again (every 1.5 s), with `change` of the page's own. A server that does not answer
  // (restarting, say) is said in words and asked again; the first answer after it clears the message.
  async function refresh(/** @type {Partial<TournamentState>} */ change = {}) {
    const news = { ...change };
    try {
      news.data = await api(`/api/tournaments/${tournamentId}`);
      news.offset = news.data.now * 1000 - Date.now();
      if (key) news.me = await api(`/api/tournaments/${tournamentId}/access`, { key });
      Object.assign(news, { error: "", lost: false });
    } catch (e) { Object.assign(news, trouble(e)); }
    update(news);
  }

  // The clocks of the matches being played, between refreshes: only their text changes.
  function tick() {
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".match-clock"))) {
      node.textContent = clockWords(Number(node.dataset.ends), serverNow(), t);
    }
  }
  return Object.assign(page, { refresh, tick });
}

// --- start ----------------------------------------------------------------------------------------------

function translateHeader() {
  document.documentElement.lang = lang;
  document.getElementById("tournaments-link").textContent = t("tournaments");
  document.querySelector(".brand").textContent = t("brand");
  document.title = `${t("brand")} · ${t("tournaments")}`;
}

langSelect.value = lang;
translateHeader();
const page = tournamentId ? tournamentPage() : null;
const home = tournamentId ? null : homePage();
langSelect.addEventListener("change", async () => {
  lang = LANGUAGES.includes(langSelect.value) ? langSelect.value : "en";
  localStorage.setItem("mdeal-lang", lang);
  t = tw(lang);
  translateHeader();
  if (page) { page.update(); return; }
  home.update();
  // the rules' options come in words of the language asked (what is typed and chosen in the form stays)
  try { home.update({ options: await api(`/api/rules?lang=${encodeURIComponent(lang)}`) }); } catch (e) { home.update(trouble(e)); }
});

if (page) {
  await page.refresh();
  setInterval(() => page.refresh(), 1500);
  setInterval(() => page.tick(), 250);
} else {
  loadHome(home);
}
