// @ts-check
// The page's state in one place. Nothing changes it but `update`, which applies one change and draws the
// page once; the views read the state they are given and never change it (their buttons call `update`
// or send a message to the server, whose answer comes back through `update`):
//
//   const store = createStore({ open: false }, draw);
//   store.update({ open: true });                   // a change: the fields it sets
//   store.update((s) => ({ open: !s.open }));       // or made from the state as it is
//   store.update();                                 // nothing of ours changed (the sound switch): draw again
export function createStore(initial, draw) {
  const state = { ...initial };
  return {
    state,
    update(change = {}) {
      Object.assign(state, typeof change === "function" ? change(state) : change);
      draw();
    },
  };
}
