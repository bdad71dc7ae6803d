// Cards drawn in their real colours: properties with their colour band, wilds split in two,
// money in green, actions in cream. `catalogue` is the server's card list in the page's language.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else if (name === "style") node.style.cssText = value;   // the CSP allows styles set this way, not style=""
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

const ALL_COLOURS = ["brown", "light-blue", "pink", "orange", "red", "yellow", "green", "dark-blue", "railroad", "utility"];

function band(colours) {
  if (colours.length === 0) return "var(--c-none)";
  if (colours.length > 2) return "conic-gradient(" + colours.map((c) => `var(--c-${c})`).join(",") + ")";
  if (colours.length === 2) return `linear-gradient(90deg, var(--c-${colours[0]}) 50%, var(--c-${colours[1]}) 50%)`;
  return `var(--c-${colours[0]})`;
}

// One card; `as` is the colour a wild stands as on a table.
export function card(catalogue, key, { as = null, small = false, onclick = null, selected = false, data = {} } = {}) {
  const info = catalogue.cards[key] || { name: key, kind: "action", value: 0, colours: [] };
  const classes = ["card", `k-${info.kind}`, small ? "small" : "", selected ? "selected" : "", onclick ? "clickable" : ""];
  const attrs = { class: classes.join(" "), title: info.name, onclick, "data-card": key };
  for (const [name, value] of Object.entries(data)) attrs[`data-${name}`] = value;
  const node = el("div", attrs);
  const colours = as && info.colours.length > 1 ? [as] : info.colours.length ? info.colours : ALL_COLOURS;
  if (["property", "wild", "rainbow", "rent", "rent_any"].includes(info.kind)) {
    node.append(el("div", { class: "band", style: `background:${band(colours)}` }));
  }
  node.append(el("div", { class: "value" }, `${info.value}M`));
  node.append(el("div", { class: "name" }, info.name));
  if (as && info.colours.length > 1) node.append(el("div", { class: "as" }, "→ " + catalogue.colours[as].name));
  return node;
}
