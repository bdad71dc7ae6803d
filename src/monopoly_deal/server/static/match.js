// @ts-check
// A tournament match's bar above the game page (index.html): the tournament, the match clock counting
// to the time limit (R10.3), and each player's asset value, the sum that decides the match at the limit.
// On other rooms and on the lobby it only translates the header's link to the tournaments.
//
// Drawn as the rest of the page is: what the bar knows is a store (store.js), changed only through `update`,
// and the bar is a function of the match, updated in place (dom.js morph).
import { el, morph } from "./dom.js";
import { createStore } from "./store.js";
import { chosenLanguage, clockText, tw } from "./tournament-words.js";

/**
 * What the server says of a room's match (server/tournaments.py, _match_bar): seats in turn order.
 * @typedef {{ tournament: string, name: string, match: number, now: number, ends: number | null,
 *   names: string[], assets: number[], winner?: number, how?: string }} MatchNews
 * @typedef {{ match: MatchNews | null, offset: number }} BarState   `offset`: the server's clock less this one's (ms)
 */

const roomId = new URLSearchParams(location.search).get("room");
const link = document.getElementById("tournaments-link");

/**
 * The bar: the match (a link to its tournament), its clock or how it ended, each seat's asset value.
 * @param {MatchNews} match
 * @param {number} now   the server's time, in seconds
 * @param {(key: string, params?: Record<string, any>) => string} t
 */
function matchBar(match, now, t) {
  const title = t("match-of", { name: match.name, n: match.match + 1 });
  let clock = "";
  if (match.ends) {
    const left = match.ends - now;
    clock = left > 0 ? t("time-left", { time: clockText(left) }) : t("time-up");
  } else if (match.winner !== undefined) {
    const team = match.names[match.winner];
    clock = t(match.how === "sets" ? "won-sets" : match.how === "roll-off" ? "won-roll-off" : "won-assets", { team });
  }
  // a landmark of its own, named by the match
  return el("section", { id: "match-bar", class: "match-bar", "aria-label": title },
    el("a", { href: `/tournaments?t=${match.tournament}` }, title),
    el("span", { id: "match-clock" }, clock),
    el("span", { class: "assets", id: "match-assets" }, t("labelled", { label: t("assets") }),
      match.assets.map((value, seat) => el("span", { "data-seat": seat }, `${match.names[seat]} `, el("b", {}, `${value}M`)))));
}

/** @type {{ state: BarState, update: (change?: Partial<BarState>) => void }} */
const store = createStore({ match: null, offset: 0 }, draw);

function draw() {
  const t = tw(chosenLanguage());
  if (link) link.textContent = t("tournaments");
  const { match, offset } = store.state;
  if (!match) return;
  const fresh = matchBar(match, (Date.now() + offset) / 1000, t);
  const live = document.getElementById("match-bar");
  if (live) morph(live, fresh);
  else document.querySelector("header").after(fresh);
}

// Whether this room holds a tournament's match (then the store has its bar's news).
async function poll() {
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/match`);
  if (!response.ok) return true;                      // a server restarting: ask again
  const news = await response.json();
  if (news === null) return false;                    // any other room: nothing to show
  store.update({ match: news, offset: news.now * 1000 - Date.now() });
  return true;
}

draw();
if (roomId && await poll().catch(() => true)) {
  setInterval(() => poll().catch(() => {}), 1500);
  setInterval(() => store.update(), 500);            // the clock
}
document.getElementById("lang")?.addEventListener("change", () => setTimeout(() => store.update(), 0));
