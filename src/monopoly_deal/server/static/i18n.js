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
  const fill = (id, params) => (table[id] ?? id).replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
  return { t: (key, params = {}) => fill(`web.${key}`, params), ui: (key, params = {}) => fill(`ui.${key}`, params) };
}
