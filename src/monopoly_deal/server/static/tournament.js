// @ts-check
// The tournament pages: the list and the organiser's create form (/tournaments), and one tournament's
// standings (/tournaments?t=ID), public and live. An organiser's or a team's secret link adds #key=SECRET:
// the fragment never leaves the browser except in the requests that need it.
import { el } from "./dom.js";
import { api, chosenRules, ruleControl } from "./lobby.js";
import { LANGUAGES, botWords, chosenLanguage, clockText, tw } from "./tournament-words.js";

const app = document.getElementById("app");
const langSelect = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
let lang = chosenLanguage();
let t = tw(lang);
const query = new URLSearchParams(location.search);
const tournamentId = query.get("t");
// ?seed=N on the create form fixes the dice and deals, where the server allows it (mdeal serve --fixed-seeds).
const seed = query.has("seed") ? Number(query.get("seed")) : null;
const key = new URLSearchParams(location.hash.slice(1)).get("key");

const state = { data: null, me: null, error: "", offset: 0, formKey: "" };

// --- the list, and a new tournament ---------------------------------------------------------------

async function showHome() {
  const bots = (await api("/api/bots")).map((b) => b.name);
  const options = await api(`/api/rules?lang=${encodeURIComponent(lang)}`);
  const error = el("p", { class: "error", id: "error" });
  const teamRow = (i) => el("div", { class: "team-row" },
    el("input", { class: "team-name", name: `team-${i}`, placeholder: `${t("team")} ${i + 1}`, maxlength: 24 }),
    el("select", { class: "team-kind", name: `kind-${i}`, "aria-label": `${t("team")} ${i + 1}: ${t("people")} / ${t("bot")}` },
      el("option", { value: "" }, t("people")),
      bots.map((b) => el("option", { value: b }, botWords(t, b)))));
  const teams = el("div", { id: "teams" }, [0, 1, 2, 3].map(teamRow));
  const addTeam = el("button", { type: "button", id: "add-team", onclick: () => {
    if (teams.children.length < 10) teams.append(teamRow(teams.children.length));
  } }, t("add-team"));
  const form = el("form", { class: "panel", id: "create" }, el("h2", {}, t("create")),
    el("p", { class: "row" }, el("label", {}, t("name"), " ", el("input", { name: "t-name", id: "t-name", maxlength: 40, required: true }))),
    el("h3", {}, t("teams")), teams, addTeam,
    el("div", { class: "row" },
      el("label", {}, t("matches"), " ", el("input", { name: "t-matches", id: "t-matches", type: "number", min: 1, max: 100, value: 10 })),
      el("label", {}, t("limit"), " ", el("input", { name: "t-limit", id: "t-limit", type: "number", min: 0.1, max: 1440, step: "any", value: 45 })),
      el("label", {}, t("clock"), " ", el("input", { name: "t-clock", id: "t-clock", type: "number", min: 5, max: 3600 })),
      el("label", {}, t("edition"), " ", el("select", { name: "t-edition" },
        el("option", { value: "base" }, t("base")), el("option", { value: "enhanced" }, t("enhanced")))),
      el("label", {}, t("stalling"), " ", el("select", { name: "t-stalling", id: "t-stalling" },
        el("option", { value: "tournament" }, t("stalling-tournament")), el("option", { value: "match" }, t("stalling-match"))))),
    el("details", { class: "rules" }, el("summary", {}, t("rules")), options.map(ruleControl)),
    el("button", { class: "primary", type: "submit" }, t("create")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const chosen = [...teams.children].map((row) => ({
      name: row.querySelector(".team-name").value.trim(), bot: row.querySelector(".team-kind").value || null,
    })).filter((team) => team.name);
    try {
      const made = await api("/api/tournaments", {
        name: data.get("t-name"), teams: chosen, matches: Number(data.get("t-matches")),
        limit: Number(data.get("t-limit")) * 60, clock: data.get("t-clock") ? Number(data.get("t-clock")) : null,
        edition: data.get("t-edition"), stalling: data.get("t-stalling"), rules: chosenRules(form, options), lang, ...(seed === null ? {} : { seed }),
      });
      location.href = `/tournaments?t=${made.id}#key=${made.organiser}`;
    } catch (e) { error.textContent = e.message; }
  });
  const list = el("div", { class: "panel", id: "tournaments" }, el("h2", {}, t("tournaments")));
  const all = await api("/api/tournaments");
  if (all.length === 0) list.append(el("p", {}, t("none-yet")));
  for (const item of all) {
    list.append(el("p", {}, el("a", { href: `/tournaments?t=${item.id}` }, item.name),
      ` · ${item.teams} ${t("teams")} · ${item.played}/${item.matches} · ${t(item.status)}`));
  }
  app.replaceChildren(form, list);
}

// --- one tournament ---------------------------------------------------------------------------------

// Fetch the standings again (every 1.5 s). A server that does not answer (restarting, say) is said in words
// and asked again; the first answer after it clears the message.
async function refresh() {
  try {
    state.data = await api(`/api/tournaments/${tournamentId}`);
    state.offset = state.data.now * 1000 - Date.now();
    if (key) state.me = await api(`/api/tournaments/${tournamentId}/access`, { key });
    state.error = "";
  } catch (e) { state.error = e instanceof TypeError ? t("reconnecting") : e.message; }
  render();
}

const teamName = (i) => state.data.teams[i].name;
const current = () => state.data.schedule.find((m) => m.end === undefined) || null;

function render() {
  const data = state.data;
  if (!data) { app.replaceChildren(el("p", { class: "error", id: "error" }, state.error)); return; }
  document.body.dataset.status = data.status;
  document.body.dataset.played = data.schedule.filter((m) => m.end !== undefined).length;
  const head = el("div", { class: "panel", id: "head" }, el("h2", {}, data.name),
    el("p", {}, `${t(data.status)} · ${data.schedule.filter((m) => m.end).length}/${data.matches} · ${t(data.edition)}`),
    data.status === "finished" ? el("p", { id: "over" }, t("over"), " ",
      el("a", { href: `/api/tournaments/${data.id}/file`, id: "file" }, t("file"))) : null);
  // The forms are drawn again only when what they offer changes, so typing is never lost to a refresh.
  const match = current();
  const formKey = JSON.stringify([data.status, match && match.index, match && match.reps, state.me]);
  if (formKey !== state.formKey || !document.getElementById("controls")) {
    state.formKey = formKey;
    state.controls = controls(match);
  }
  const parts = [head, state.controls, standings(), schedule(), el("p", { class: "error", id: "error" }, state.error)];
  app.replaceChildren(...parts.filter(Boolean));
  tick();
}

function controls(match) {
  const me = state.me;
  if (!me) return null;
  const panel = el("div", { class: "panel", id: "controls" });
  if (me.role === "organiser") {
    const link = (secret) => `${location.origin}/tournaments?t=${state.data.id}#key=${secret}`;
    panel.append(el("p", {}, t("you-organiser")), el("div", { class: "links" },
      el("p", {}, t("organiser-link")), el("input", { id: "organiser-link", readonly: true, value: link(key) }),
      el("p", {}, t("team-links")),
      state.data.teams.map((team, i) => team.bot ? null : el("p", { class: "row" }, t("labelled", { label: team.name }),
        el("input", { class: "team-link", "data-team": i, readonly: true, value: link(me.teams[i]) })))));
  } else {
    panel.append(el("p", { id: "you-team" }, t("you-team", { team: teamName(me.team) })));
    if (me.token && me.room && match && match.room === me.room) {
      panel.append(el("button", { class: "primary big", id: "play", onclick: () => {
        localStorage.setItem(`mdeal-token-${me.room}`, me.token);   // the game page's key for a seat's token
        location.href = `/?room=${me.room}`;
      } }, t("play")));
    }
  }
  if (match && !match.room) {
    const mine = (i) => me.role === "organiser" || me.team === i;
    const teams = state.data.teams.map((team, i) => ({ team, i })).filter(({ team, i }) => !team.bot && mine(i));
    panel.append(el("h3", {}, t("name-rep")), ...teams.map(({ team, i }) => repForm(team, i, match.reps[i])));
  }
  return panel;
}

function repForm(team, i, named) {
  const name = el("input", { class: "rep-name", "data-team": i, maxlength: 24, placeholder: t("representative"), value: named || "" });
  const send = (bot) => async () => {
    try {
      await api(`/api/tournaments/${tournamentId}/representative`, { key, team: i, name: name.value || (bot ? t("bot") : "?"), bot });
      state.error = "";
    } catch (e) { state.error = e.message; }
    await refresh();
  };
  return el("p", { class: "row rep", "data-team": i }, t("labelled", { label: team.name }), name,
    el("button", { class: "primary ready", "data-team": i, onclick: send(null) }, t("ready")),
    state.me.role === "organiser" ? el("button", { class: "stand-in", "data-team": i, onclick: send("heuristic") }, t("stand-in")) : null,
    named ? ` ✓ ${named}` : null);
}

function standings() {
  const rows = state.data.standings.map((s) => el("tr", { class: s.rank === 1 ? "first" : "" },
    el("td", { class: "num" }, String(s.rank)), el("td", {}, s.bot ? t("brackets", { text: s.name, more: botWords(t, s.bot) }) : s.name),
    el("td", { class: "num" }, String(s.points)), el("td", { class: "num" }, t("wins-how", { wins: s.wins, sets: s.sets, assets: s.limit })),
    el("td", { class: "num" }, String(s.forfeits))));
  const out = state.data.disqualified || [];
  return el("div", { class: "panel" }, el("h2", {}, t("standings")), el("table", { class: "standings", id: "standings" },
    el("thead", {}, el("tr", {}, [t("rank"), t("team"), t("points"), t("wins"), t("forfeits")].map((h, i) => el("th", { class: i === 1 ? "" : "num" }, h)))),
    el("tbody", {}, rows)),
    out.length ? el("p", { id: "disqualified" }, t("disqualified", { names: out.join(t("list")) })) : null);
}

function result(m) {
  const team = teamName(m.winner);
  const parts = [t(m.how === "sets" ? "won-sets" : m.how === "roll-off" ? "won-roll-off" : "won-assets", { team })];
  if (m.forfeits.length) parts.push(t("forfeited", { teams: m.forfeits.map(teamName).join(", ") }));
  const order = m.order.map(teamName);
  parts.push(t("labelled", { label: t("assets") }) + m.assets.map((v, seat) => `${order[seat]} ${v}M`).join(t("list")));
  return parts.join(" · ");
}

function schedule() {
  const finished = state.data.status === "finished";
  const items = state.data.schedule.map((m) => {
    const status = m.end !== undefined ? "finished" : m.room ? "playing" : "waiting";
    const bots = m.rep_bots || [];
    const reps = m.reps.map((r, i) => t("labelled", { label: teamName(i) })
      + (bots[i] ? botWords(t, bots[i]) : r ?? t("not-yet"))).join(t("list"));
    const dice = m.dice ? el("p", { class: "dice" }, t("labelled", { label: t("dice") }), m.dice.map((round) =>
      round.teams.map((team, j) => `${teamName(team)} ${round.totals[j]}`).join(t("list"))).join(" → "),
    ` · ${t("labelled", { label: t("seats") })}${m.order.map((team, seat) => `P${seat + 1} ${teamName(team)}`).join(t("list"))}`) : null;
    return el("div", { class: `match ${status}`, id: `match-${m.index}`, "data-status": status },
      el("h3", {}, t("match", { n: m.index + 1 }), ` · ${t(status)}`,
        status === "playing" ? el("span", { class: "clock match-clock", "data-ends": m.ends }, "") : null),
      el("p", {}, t("labelled", { label: t("representative") }) + reps), dice,
      status === "finished" ? el("p", { class: "result" }, result(m)) : null,
      el("p", { class: "row" },
        m.room ? el("a", { href: `/?room=${m.room}`, class: "watch" }, t("watch")) : null,
        finished ? el("a", { href: `/api/tournaments/${state.data.id}/matches/${m.index}/record`, class: "record" }, t("record")) : null));
  });
  return el("div", { class: "panel", id: "schedule" }, el("h2", {}, t("schedule")), items,
    finished ? null : el("p", {}, t("records-later")));
}

function tick() {
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".match-clock"))) {
    const left = Number(node.dataset.ends) - (Date.now() + state.offset) / 1000;
    node.textContent = ` · ${left > 0 ? t("time-left", { time: clockText(left) }) : t("time-up")}`;
  }
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
langSelect.addEventListener("change", () => {
  lang = LANGUAGES.includes(langSelect.value) ? langSelect.value : "en";
  localStorage.setItem("mdeal-lang", lang);
  t = tw(lang);
  translateHeader();
  state.formKey = "";
  if (tournamentId) render(); else showHome();
});

if (tournamentId) {
  await refresh();
  setInterval(refresh, 1500);
  setInterval(tick, 250);
} else {
  showHome();
}
