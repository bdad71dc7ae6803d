// @ts-check
// Icons drawn as SVG, so that they show on every machine (no font has to carry ⏮ or ⏭): each is a 20×20
// path in the current text colour, hidden from screen readers (the button that holds it has a name).
import { svg } from "./dom.js";

const PATHS = {
  first: "M4 4h2.5v12H4zM16 4v12L7.5 10z",
  back: "M15 4v12L6 10z",
  forward: "M5 4v12l9-6z",
  last: "M13.5 4H16v12h-2.5zM4 4v12l8.5-6z",
  "sound-on": "M3 7.5h3.2L10.5 4v12L6.2 12.5H3zM13 6.8a4.5 4.5 0 0 1 0 6.4l-1.1-1.1a3 3 0 0 0 0-4.2zM15.2 4.6a7.6 7.6 0 0 1 0 10.8l-1.1-1.1a6 6 0 0 0 0-8.6z",
  "sound-off": "M3 7.5h3.2L10.5 4v12L6.2 12.5H3zM12.4 7.5l1.1-1.1 2 2 2-2 1.1 1.1-2 2 2 2-1.1 1.1-2-2-2 2-1.1-1.1 2-2z",
};

// An icon: icon("first").
export function icon(name) {
  return svg("svg", { class: `icon icon-${name}`, viewBox: "0 0 20 20", width: "1.1em", height: "1.1em", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: PATHS[name], fill: "currentColor" }));
}
