// The page's languages: every string the client shows comes from one catalogue per language
// (static/locales/<language>.json), looked up with i18next (vendor/i18next.js, MIT, vendored: no CDN).
//
// A catalogue is one JSON object: a section for the core ("core"), one for each game (named by the game's id),
// and sections of their own for larger parts ("how-to-play", "replay"...). Keys are looked up as
// "section.key.subkey"; a count picks the plural form by the language's rules (`key_one`, `key_other`: i18next's
// plural suffixes, from Intl.PluralRules); `{{name}}` is replaced by the option of that name. A key missing from
// French falls back to English.
//
// The language: the one chosen on the page (kept in localStorage), else the browser's first language the page
// has, else English.
import i18next from "../../vendor/i18next.js";

/** The languages the page speaks: code -> the language's own name (for the switch). */
export const LANGUAGES = { en: "English", fr: "Français" };
const FALLBACK = "en";
const KEY = "wtw.language";

/** The language the page speaks now ("en" or "fr"). */
export const language = () => i18next.resolvedLanguage || FALLBACK;

/** The language to start in: the one chosen before, else the browser's (`navigator.languages`), else English. */
export function preferredLanguage() {
  const chosen = localStorage.getItem(KEY);
  if (chosen && chosen in LANGUAGES) return chosen;
  for (const tag of navigator.languages || [navigator.language]) {
    const code = String(tag || "").slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return FALLBACK;
}

async function catalogue(code) {
  const answer = await fetch(`/app/locales/${code}.json`);
  if (!answer.ok) throw new Error(`the ${code} catalogue could not be loaded (${answer.status})`);
  return answer.json();
}

/** Load the catalogues (English, and the preferred language's) and start i18next; sets `<html lang>`. */
export async function startLanguages() {
  const lng = preferredLanguage();
  const codes = lng === FALLBACK ? [FALLBACK] : [FALLBACK, lng];
  const resources = {};
  for (const [code, translation] of await Promise.all(codes.map(async (code) => [code, await catalogue(code)]))) {
    resources[code] = { translation };
  }
  await i18next.init({ lng, fallbackLng: FALLBACK, supportedLngs: Object.keys(LANGUAGES), resources,
    interpolation: { escapeValue: false }, returnNull: false });
  document.documentElement.lang = lng;
}

/** Switch the page to `code` (kept for the next visits); the caller redraws the screen. */
export async function setLanguage(code) {
  if (!(code in LANGUAGES)) throw new Error(`no such language: ${code}`);
  localStorage.setItem(KEY, code);
  if (!i18next.hasResourceBundle(code, "translation")) i18next.addResourceBundle(code, "translation", await catalogue(code));
  await i18next.changeLanguage(code);
  document.documentElement.lang = code;
}

/** The catalogue's text for `key` ("core.nav.play"), with `options` (`count` for plurals, `{{name}}` values). */
export const t = (key, options) => i18next.t(key, options);
