// @ts-check
// Short sound effects made with WebAudio (no sound files): a card laid down, money paid, a steal, your
// turn, the end. On by default; one click on the speaker mutes them, and the choice is remembered.
// The browser lets sound start only after the first click or key on the page: until then none plays.
const KEY = "mdeal-sound";
let audio = null;

export const soundOn = () => localStorage.getItem(KEY) !== "off";
export const setSound = (on) => localStorage.setItem(KEY, on ? "on" : "off");

// Each effect: a few notes, [frequency Hz, start s, length s, wave].
const EFFECTS = {
  card: [[520, 0, 0.06, "triangle"], [780, 0.03, 0.05, "triangle"]],
  money: [[1320, 0, 0.07, "square"], [1760, 0.06, 0.09, "square"]],
  steal: [[440, 0, 0.1, "sawtooth"], [330, 0.08, 0.14, "sawtooth"]],
  turn: [[660, 0, 0.12, "sine"], [880, 0.1, 0.18, "sine"]],
  win: [[523, 0, 0.14, "triangle"], [659, 0.12, 0.14, "triangle"], [784, 0.24, 0.14, "triangle"], [1047, 0.36, 0.4, "triangle"]],
};

function context() {
  if (!audio) {
    const Audio = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;   // older Safari
    if (!Audio) return null;
    audio = new Audio();
  }
  return audio;
}

// Play an effect by name, if sound is on and the browser allows it; never throws.
export function play(name) {
  if (!soundOn() || !navigator.userActivation?.hasBeenActive) return;
  try {
    const ctx = context();
    if (!ctx) return;
    if (ctx.state === "suspended") ctx.resume();
    for (const [frequency, start, length, wave] of EFFECTS[name] || []) {
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = ctx.currentTime + start;
      tone.type = wave;
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.08, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      tone.connect(gain).connect(ctx.destination);
      tone.start(at);
      tone.stop(at + length + 0.02);
    }
  } catch { /* no audio here: the page still shows everything */ }
}
