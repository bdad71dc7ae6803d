// Telling you it is your decision when the tab is in the background: the title and the favicon change,
// and (if you turned it on) a short beep plays (WebAudio, no sound file).
const plainTitle = document.title;
const icon = document.querySelector("link[rel=icon]");
const plainIcon = icon ? icon.href : "";
let audio = null;

export const soundOn = () => localStorage.getItem("mdeal-sound") === "on";
export const setSound = (on) => localStorage.setItem("mdeal-sound", on ? "on" : "off");

function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
  } catch { /* no audio here: the title and icon still tell */ }
}

// Call on every update: `yours` (it is your decision now), `text` (the title to show then).
export function notify(yours, text, wasYours) {
  if (yours && document.hidden) {
    document.title = `● ${text}`;
    if (icon) icon.href = "/static/favicon-turn.svg";
    if (!wasYours && soundOn()) beep();
  } else if (!yours || !document.hidden) {
    restore();
  }
}

function restore() {
  document.title = plainTitle;
  if (icon) icon.href = plainIcon;
}

document.addEventListener("visibilitychange", () => { if (!document.hidden) restore(); });
