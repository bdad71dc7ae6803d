// @ts-check
// Dragging a card by touch (HTML5 drag and drop serves the mouse): hold a card of your hand a moment, then
// move it; a copy follows the finger, and let go over a place that takes it — your bank, your table, an
// opponent: the places a mouse drops on, marked `data-drop` — the drop is made there (`drop(subject,
// place)`). A quick swipe still scrolls the hand and a tap still picks the card; where the browser starts
// a drag of its own, it takes over.
const HOLD_MS = 300;   // how long a finger rests on a card before it lifts
const SLOP_PX = 8;     // a finger moving further before that is scrolling

export function touchDrag(root, drop) {
  let pending = null;    // a finger resting on a card: { card, x, y, timer }
  let dragging = null;   // a card lifted: { subject, ghost, dx, dy }

  const stop = () => {
    if (pending) clearTimeout(pending.timer);
    if (dragging) dragging.ghost.remove();
    document.body.classList.remove("touch-dragging");
    pending = dragging = null;
  };
  const lift = () => {
    const { card, x, y } = pending;
    const box = card.getBoundingClientRect();
    const ghost = card.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.classList.add("drag-ghost");
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { width: `${box.width}px`, left: `${box.left}px`, top: `${box.top}px` });
    document.body.append(ghost);
    document.body.classList.add("touch-dragging");
    dragging = { subject: card.dataset.subject, ghost, dx: x - box.left, dy: y - box.top };
    pending = null;
  };
  const placeAt = (x, y) => {
    const zone = /** @type {HTMLElement | null | undefined} */ (document.elementFromPoint(x, y)?.closest("[data-drop]"));
    if (!zone) return null;
    const place = zone.dataset.drop;
    return /^\d+$/.test(place) ? Number(place) : place;   // an opponent's seat, else "bank" or "table"
  };

  root.addEventListener("touchstart", (event) => {
    const card = event.target.closest(".card[draggable=true][data-subject]");
    stop();
    if (!card || event.touches.length !== 1) return;
    const { clientX: x, clientY: y } = event.touches[0];
    pending = { card, x, y, timer: setTimeout(lift, HOLD_MS) };
  }, { passive: true });
  root.addEventListener("touchmove", (event) => {
    const { clientX: x, clientY: y } = event.touches[0];
    if (dragging) {
      event.preventDefault();   // the page does not scroll under a lifted card
      Object.assign(dragging.ghost.style, { left: `${x - dragging.dx}px`, top: `${y - dragging.dy}px` });
    } else if (pending && Math.hypot(x - pending.x, y - pending.y) > SLOP_PX) {
      stop();
    }
  }, { passive: false });
  root.addEventListener("touchend", (event) => {
    if (!dragging) { stop(); return; }
    event.preventDefault();     // no click on whatever lies under the finger
    const { clientX: x, clientY: y } = event.changedTouches[0];
    const { subject } = dragging;
    stop();
    const place = placeAt(x, y);
    if (place !== null) drop(subject, place);
  });
  root.addEventListener("touchcancel", stop);
  root.addEventListener("dragstart", stop);
  root.addEventListener("contextmenu", (event) => { if (pending || dragging) event.preventDefault(); });
}
