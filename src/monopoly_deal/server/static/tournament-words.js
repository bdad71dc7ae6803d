// @ts-check
// The tournament pages' words (tournament.html, and the match bar of a room), in English, 繁體中文 and
// 简体中文, kept apart from the game's catalogues. ``tw(lang)("won", {team: "A"})`` fills the braces.
const WORDS = {
  en: {
    brand: "Monopoly Deal",
    labelled: "{label}: ", list: ", ", brackets: "{text} ({more})", "bot-of": "{bot} bot",
    "bot-name.random": "random", "bot-name.heuristic": "heuristic", "bot-name.ismcts": "search (ISMCTS)",
    "bot-name.openspiel-ismcts": "OpenSpiel search (ISMCTS)", "bot-name.policy": "trained policy",
    "wins-how": "{wins} ({sets} by sets, {assets} on asset value)",
    tournaments: "Tournaments", create: "Create a tournament", name: "Name", teams: "Teams", team: "Team",
    people: "people", "add-team": "Add a team", matches: "Matches", schedule: "Matches", limit: "Time limit per match (minutes)",
    clock: "Turn clock (seconds a turn, empty: none)", edition: "Edition", base: "Base", enhanced: "Enhanced",
    rules: "Rules", "none-yet": "No tournaments yet.", "organiser-link": "Your organiser link (keep it secret):",
    "team-links": "Team links (give each team its own):", standings: "Standings", rank: "Rank", points: "Points",
    wins: "Wins", "by-sets": "by sets", "by-assets": "on asset value", forfeits: "Forfeits", match: "Match {n}",
    waiting: "waiting for representatives", playing: "playing", finished: "finished",
    representative: "Representative", "name-rep": "Name the representative for the next match", "stand-in": "bot stands in",
    ready: "Ready", play: "Play your match", watch: "Watch", record: "Record", file: "Tournament file",
    dice: "Dice", seats: "Seats (by the dice)", "time-left": "{time} left", "time-up": "time is up",
    "won-sets": "{team} won (sets)", "won-assets": "{team} won on asset value",
    "won-roll-off": "{team} won on asset value, after a roll-off", "forfeited": "forfeited: {teams}",
    assets: "Asset values", "you-organiser": "You are the organiser.", "you-team": "You are team {team}.",
    "not-yet": "not named yet", over: "The tournament is over.", "records-later": "Records are published when the tournament ends.",
    bot: "bot", "match-of": "{name} · match {n}",
    stalling: "A second time-out (R10.5)", "stalling-tournament": "disqualifies from the tournament",
    "stalling-match": "loses only the match", disqualified: "Disqualified for stalling twice (R10.5): {names}",
    reconnecting: "The server does not answer; trying again…",
  },
  "zh-Hant": {
    brand: "大富翁 Deal",
    labelled: "{label}：", list: "、", brackets: "{text}（{more}）", "bot-of": "{bot}電腦",
    "bot-name.random": "隨機", "bot-name.heuristic": "策略", "bot-name.ismcts": "搜尋（ISMCTS）",
    "bot-name.openspiel-ismcts": "OpenSpiel 搜尋（ISMCTS）", "bot-name.policy": "訓練策略",
    "wins-how": "{wins}（集齊全套物業 {sets} 場、資產值 {assets} 場）",
    tournaments: "錦標賽", create: "建立錦標賽", name: "名稱", teams: "隊伍", team: "隊伍",
    people: "真人", "add-team": "新增隊伍", matches: "場數", schedule: "比賽", limit: "每場時限（分鐘）",
    clock: "回合計時（每回合秒數，空白：不計時）", edition: "版本", base: "基本版", enhanced: "加強版",
    rules: "規則", "none-yet": "還沒有錦標賽。", "organiser-link": "主辦人連結（請保密）：",
    "team-links": "隊伍連結（每隊一條）：", standings: "排名", rank: "名次", points: "積分",
    wins: "勝場", "by-sets": "集齊全套物業", "by-assets": "資產值", forfeits: "判負", match: "第 {n} 場",
    waiting: "等待代表", playing: "進行中", finished: "已結束",
    representative: "代表", "name-rep": "指定下一場的代表", "stand-in": "由電腦代打",
    ready: "確認出賽", play: "進入你的比賽", watch: "觀戰", record: "記錄", file: "錦標賽檔案",
    dice: "骰子", seats: "座位（擲骰拼點決定）", "time-left": "剩餘 {time}", "time-up": "時間到",
    "won-sets": "{team} 獲勝（集齊全套物業）", "won-assets": "{team} 以資產值獲勝",
    "won-roll-off": "{team} 以資產值獲勝（資產值相同，擲骰拼點）", "forfeited": "判負：{teams}",
    assets: "資產值", "you-organiser": "你是主辦人。", "you-team": "你代表「{team}」隊。",
    "not-yet": "尚未指定", over: "錦標賽已結束。", "records-later": "記錄在錦標賽結束後公開。",
    bot: "電腦", "match-of": "{name} · 第 {n} 場",
    stalling: "第二次超時（R10.5）", "stalling-tournament": "喪失比賽資格", "stalling-match": "只判負該場",
    disqualified: "兩次拖延賽事，喪失比賽資格（R10.5）：{names}",
    reconnecting: "伺服器沒有回應，正在重試……",
  },
  "zh-Hans": {
    brand: "大富翁 Deal",
    labelled: "{label}：", list: "、", brackets: "{text}（{more}）", "bot-of": "{bot}电脑",
    "bot-name.random": "随机", "bot-name.heuristic": "策略", "bot-name.ismcts": "搜索（ISMCTS）",
    "bot-name.openspiel-ismcts": "OpenSpiel 搜索（ISMCTS）", "bot-name.policy": "训练策略",
    "wins-how": "{wins}（集齐全套物业 {sets} 场、资产值 {assets} 场）",
    tournaments: "锦标赛", create: "创建锦标赛", name: "名称", teams: "队伍", team: "队伍",
    people: "真人", "add-team": "添加队伍", matches: "场数", schedule: "比赛", limit: "每场时限（分钟）",
    clock: "回合计时（每回合秒数，空白：不计时）", edition: "版本", base: "基本版", enhanced: "加强版",
    rules: "规则", "none-yet": "还没有锦标赛。", "organiser-link": "主办人链接（请保密）：",
    "team-links": "队伍链接（每队一条）：", standings: "排名", rank: "名次", points: "积分",
    wins: "胜场", "by-sets": "集齐全套物业", "by-assets": "资产值", forfeits: "判负", match: "第 {n} 场",
    waiting: "等待代表", playing: "进行中", finished: "已结束",
    representative: "代表", "name-rep": "指定下一场的代表", "stand-in": "由电脑代打",
    ready: "确认出赛", play: "进入你的比赛", watch: "观战", record: "记录", file: "锦标赛文件",
    dice: "骰子", seats: "座位（掷骰拼点决定）", "time-left": "剩余 {time}", "time-up": "时间到",
    "won-sets": "{team} 获胜（集齐全套物业）", "won-assets": "{team} 以资产值获胜",
    "won-roll-off": "{team} 以资产值获胜（资产值相同，掷骰拼点）", "forfeited": "判负：{teams}",
    assets: "资产值", "you-organiser": "你是主办人。", "you-team": "你代表「{team}」队。",
    "not-yet": "尚未指定", over: "锦标赛已结束。", "records-later": "记录在锦标赛结束后公开。",
    bot: "电脑", "match-of": "{name} · 第 {n} 场",
    stalling: "第二次超时（R10.5）", "stalling-tournament": "丧失比赛资格", "stalling-match": "只判负该场",
    disqualified: "两次拖延赛事，丧失比赛资格（R10.5）：{names}",
    reconnecting: "服务器没有响应，正在重试……",
  },
};

export const LANGUAGES = Object.keys(WORDS);

export function tw(lang) {
  const table = WORDS[lang] || WORDS.en;
  return (key, params = {}) => (table[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
}

// A bot in words, never its raw spec: "heuristic" -> "heuristic bot" / "策略電腦" (options after ":" dropped).
export function botWords(say, spec) {
  const kind = String(spec).split(":")[0];
  const name = say(`bot-name.${kind}`);
  return say("bot-of", { bot: name === `bot-name.${kind}` ? kind : name });
}

// The page's language: the one chosen before (the game page keeps it in the same place), else the browser's.
export function chosenLanguage() {
  const saved = localStorage.getItem("mdeal-lang");
  if (LANGUAGES.includes(saved)) return saved;
  const wanted = (navigator.language || "en").toLowerCase();
  if (wanted.startsWith("zh")) return /cn|sg|hans/.test(wanted) ? "zh-Hans" : "zh-Hant";
  return "en";
}

// "12:05" for 725 seconds.
export function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
