// @ts-check
// The player's choices kept in this browser (sound, automatic passes) and the short sounds of the table.
const KEY = "presidente.table-prefs";
const DEFAULTS = { sound: true, autoPass: true };

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export const prefs = load();

export function setPref(name, value) {
  prefs[name] = value;
  localStorage.setItem(KEY, JSON.stringify(prefs));
}

let audio = null;
// Two short tones: a rising one for your turn, a falling one for a round's end.
const TONES = { turn: [660, 880], round: [784, 523] };

/** A short sound, unless muted (browsers allow it only after the page has been clicked or typed in once). */
export function beep(kind) {
  if (!prefs.sound) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const [from, to] = TONES[kind];
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    const now = audio.currentTime;
    oscillator.frequency.setValueAtTime(from, now);
    oscillator.frequency.linearRampToValueAtTime(to, now + 0.12);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.22);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now);
    oscillator.stop(now + 0.25);
  } catch {
    // No audio in this browser: the turn is still in the title and the live region.
  }
}

/** Whether the player asked for less motion (then nothing moves, but what happened is still shown). */
export function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}
