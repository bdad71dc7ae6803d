// @ts-check
// A tournament match's bar above the game page (index.html): the tournament, the match clock counting
// to the time limit (R10.3), and each player's asset value, the sum that decides the match at the limit.
// On other rooms and on the lobby it only translates the header's link to the tournaments.
import { chosenLanguage, clockText, tw } from "./tournament-words.js";

const roomId = new URLSearchParams(location.search).get("room");
const link = document.getElementById("tournaments-link");
let match = null;
let offset = 0;

function bar() {
  let node = document.getElementById("match-bar");
  if (!node) {
    node = document.createElement("section");   // a landmark of its own, named by the match
    node.id = "match-bar";
    node.className = "match-bar";
    document.querySelector("header").after(node);
  }
  return node;
}

function draw() {
  const t = tw(chosenLanguage());
  if (link) link.textContent = t("tournaments");
  if (!match) return;
  const node = bar();
  const title = document.createElement("a");
  title.href = `/tournaments?t=${match.tournament}`;
  title.textContent = t("match-of", { name: match.name, n: match.match + 1 });
  node.setAttribute("aria-label", title.textContent);
  const clock = document.createElement("span");
  clock.id = "match-clock";
  if (match.ends) {
    const left = match.ends - (Date.now() + offset) / 1000;
    clock.textContent = left > 0 ? t("time-left", { time: clockText(left) }) : t("time-up");
  } else if (match.winner !== undefined) {
    const team = match.names[match.winner];
    clock.textContent = t(match.how === "sets" ? "won-sets" : match.how === "roll-off" ? "won-roll-off" : "won-assets", { team });
  }
  const assets = document.createElement("span");
  assets.className = "assets";
  assets.id = "match-assets";
  assets.append(t("labelled", { label: t("assets") }));
  match.assets.forEach((value, seat) => {
    const one = document.createElement("span");
    one.dataset.seat = seat;
    const sum = document.createElement("b");
    sum.textContent = `${value}M`;
    one.append(`${match.names[seat]} `, sum);
    assets.append(one);
  });
  node.replaceChildren(title, clock, assets);
}

// Whether this room holds a tournament's match (then ``match`` is its bar's news).
async function poll() {
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/match`);
  if (!response.ok) return true;                      // a server restarting: ask again
  const news = await response.json();
  if (news === null) return false;                    // any other room: nothing to show
  match = news;
  offset = match.now * 1000 - Date.now();
  return true;
}

draw();
if (roomId && await poll().catch(() => true)) {
  draw();
  setInterval(() => poll().then(draw).catch(() => {}), 1500);
  setInterval(draw, 500);
}
document.getElementById("lang")?.addEventListener("change", () => setTimeout(draw, 0));
