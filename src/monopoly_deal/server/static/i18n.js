// @ts-check
// Words of the page in English, 繁體中文 and 简体中文, from the server's message catalogues (the
// terminal's): the page's own labels (web.*) and the front ends' game labels (ui.*). Card and colour
// names arrive with the game; log lines arrive already in the chosen language.
const loaded = new Map();

// The words of ``lang`` (fetched once): ``const w = await words("zh-Hant"); w.t("create"); w.ui("turn", {turn: 3})``.
export async function words(lang) {
  if (!loaded.has(lang)) {
    const response = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    loaded.set(lang, data);
  }
  const table = loaded.get(lang);
  const set = lang.startsWith("zh") ? typeset : (text) => text;
  const fill = (id, params) => set((table[id] ?? id).replace(/\{(\w+)\}/g, (_, name) => params[name] ?? ""));
  return { lang, t: (key, params = {}) => fill(`web.${key}`, params), ui: (key, params = {}) => fill(`ui.${key}`, params), set };
}

// Chinese as it is set on screens (narrate.typeset on the server): no space beside Chinese punctuation nor
// between two Chinese characters, one space between a Chinese character and a Latin letter or digit.
const HAN = "[\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff]";
const PUNCTUATION = "[\\u3000-\\u303f\\uff00-\\uffef]";
const AT_PUNCTUATION = new RegExp(`[ \\t]+(?=${PUNCTUATION})|(?<=${PUNCTUATION})[ \\t]+`, "g");
const BETWEEN_HAN = new RegExp(`(?<=${HAN})[ \\t]+(?=${HAN})`, "g");
const BESIDE_LATIN = new RegExp(`(?<=${HAN})(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=${HAN})`, "g");
export function typeset(text) {
  return text.replace(AT_PUNCTUATION, "").replace(BETWEEN_HAN, "").replace(BESIDE_LATIN, " ");
}
