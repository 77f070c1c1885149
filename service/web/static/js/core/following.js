// Following a game, the same for every game: the page's title says when it is my turn ("(Your turn) …", seen from
// another tab), and an optional beep when my turn comes (off by default; the choice kept in localStorage; a WebAudio
// tone, no audio file).
import { h } from "./dom.js";
import { t } from "./i18n.js";

const SOUND = "wtw.sound";
const BEEP = { hz: 660, seconds: 0.16, volume: 0.18 };

let plainTitle = null; // the page's title without the turn's mark
let markedTitle = null; // the title this module last set
let wasMine = false;
let opened = true; // the screen has just opened: its first turn is not news (a reload does not beep)
let audio = null;

/** Whether the player asked for a sound when their turn comes (off unless they turned it on). */
export function soundWanted() {
  try {
    return localStorage.getItem(SOUND) === "on";
  } catch {
    return false;
  }
}

/** Keep the player's choice of the turn sound (`on`: true or false). */
export function keepSoundWanted(on) {
  try {
    localStorage.setItem(SOUND, on ? "on" : "off");
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/** The title to show: `title` (the router's, without a mark) with "(Your turn)" before it when `mine`. */
export const turnTitle = (title, mine) => (mine ? t("following.title", { title }) : title);

/**
 * Say in the page's title whether it is my turn now (`mine`), and beep when my turn has just come (not when the screen
 * opens on it) and the player wants the sound. The router's own title (changed on each screen) is kept under the mark.
 */
export function signalTurn(mine) {
  if (document.title !== markedTitle) plainTitle = document.title; // the router set a new title since
  markedTitle = turnTitle(plainTitle, mine);
  document.title = markedTitle;
  if (mine && !wasMine && !opened && soundWanted()) beep();
  wasMine = mine;
  opened = false;
}

/** Forget the turn (the game screen closes): the title loses its mark, and the next turn of mine beeps again. */
export function stopSignals() {
  if (document.title === markedTitle && plainTitle !== null) document.title = plainTitle;
  markedTitle = null;
  wasMine = false;
  opened = true;
}

/** A short tone (WebAudio); silent where the browser has no audio or has not let the page play it yet. */
export function beep() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    const now = audio.currentTime;
    tone.frequency.value = BEEP.hz;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(BEEP.volume, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + BEEP.seconds);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + BEEP.seconds + 0.02);
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  } catch {
    // no WebAudio: the title still says it
  }
}

/** The switch of the turn sound (a checkbox, kept): turning it on plays the tone once, so the player hears it. */
export function soundSwitch() {
  const box = h("input", { type: "checkbox", class: "sound-switch", checked: soundWanted(),
    onchange: (e) => { keepSoundWanted(e.target.checked); if (e.target.checked) beep(); } });
  return h("label", { class: "sound-toggle", title: t("following.sound_help") }, box, " ", t("following.sound"));
}
