// @ts-check
// Building the page from plain elements, and updating it in place: `morph(live, fresh)` makes a live
// subtree look like a freshly built one while keeping every node that is still wanted, so typed text,
// focus, selection and scroll positions survive each message from the server.

// An element: el("button", { class: "primary", onclick: go }, "Start"). Handlers are kept on the node
// (`node._on`), so that morph can hand a fresh node's handlers to the live node it keeps.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) listen(node, name.slice(2), value);
    else if (name === "class") node.className = value;
    else if (name === "style") node.style.cssText = value;   // the CSP allows styles set this way, not style=""
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

// An SVG element (icons, pips): svg("circle", { r: 4 }).
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function listen(node, type, handler) {
  if (!node._on) node._on = {};
  if (!(type in node._on)) node.addEventListener(type, (event) => node._on[type] && node._on[type](event));
  node._on[type] = handler;
}

// A node's identity across updates: its id, or its data-key.
const keyOf = (node) => (node.nodeType === 1 ? node.id || node.getAttribute("data-key") || "" : "");

// Make `live` look like `fresh`; returns the node now in the page (`live`, or `fresh` when it replaced it).
// An element with data-own keeps its children: a module updates them itself (the log). A fresh element
// made by `unchanged(live)` stands for the live one as it is: nothing below it is compared.
export function morph(live, fresh) {
  if (fresh.nodeType === 1 && fresh.hasAttribute("data-unchanged") && keyOf(live) === keyOf(fresh)) return live;
  if (live.nodeType !== fresh.nodeType || live.nodeName !== fresh.nodeName || keyOf(live) !== keyOf(fresh)) {
    live.replaceWith(fresh);
    return fresh;
  }
  if (live.nodeType !== 1) {
    if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
    return live;
  }
  for (const attr of [...live.attributes]) if (!fresh.hasAttribute(attr.name)) live.removeAttribute(attr.name);
  for (const attr of fresh.attributes) if (live.getAttribute(attr.name) !== attr.value) live.setAttribute(attr.name, attr.value);
  for (const type of new Set([...Object.keys(live._on || {}), ...Object.keys(fresh._on || {})])) {
    const handler = fresh._on && fresh._on[type];
    if (handler) listen(live, type, handler);
    else live._on[type] = null;
  }
  if (live.hasAttribute("data-own") && live.childNodes.length) return live;
  morphChildren(live, fresh);
  return live;
}

function morphChildren(live, fresh) {
  const keyed = new Map();
  for (const child of live.childNodes) if (keyOf(child)) keyed.set(keyOf(child), child);
  let cursor = live.firstChild;
  for (const wanted of [...fresh.childNodes]) {
    const key = keyOf(wanted);
    let match = null;
    if (key) {
      match = keyed.get(key) || null;
      keyed.delete(key);
    } else if (cursor && !keyOf(cursor) && cursor.nodeName === wanted.nodeName) {
      match = cursor;
    }
    if (match === null) {
      live.insertBefore(wanted, cursor);
    } else {
      if (match === cursor) cursor = cursor.nextSibling;
      else live.insertBefore(match, cursor);
      morph(match, wanted);
    }
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

// A stand-in for a live element whose content would be drawn the same: morph leaves it alone.
// `signature` is everything its drawing depends on; the live element keeps it in data-signature.
export function reuse(id, signature, draw) {
  const live = document.getElementById(id);
  if (live && live.getAttribute("data-signature") === signature) return el(live.nodeName.toLowerCase(), { id, "data-unchanged": true });
  const node = draw();
  node.setAttribute("data-signature", signature);
  return node;
}

// Whether the person asked for less motion (the system setting).
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
