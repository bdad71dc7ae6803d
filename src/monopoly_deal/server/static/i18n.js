// Words of the page in English, 繁體中文 and 简体中文. Card and colour names come from the server
// (the same catalogue as the terminal); game log lines arrive already in the chosen language.
const STRINGS = {
  en: {
    create: "Create a room", players: "Players", edition: "Edition", base: "Base", enhanced: "Enhanced",
    clock: "Turn clock (seconds, empty = none)", rules: "Rule options (e.g. bank_first=true)", roomName: "Room name",
    openRooms: "Rooms", noRooms: "No open rooms yet.", join: "Join", watch: "Watch", yourName: "Your name",
    seat: "Seat", empty: "empty", bot: "bot", addBot: "Add bot", start: "Start", leave: "Leave",
    leaveConfirm: "Leave the game? A bot will play your seat.",
    invite: "Invite link", copy: "Copy", playing: "playing", open: "open", finished: "finished",
    turn: "Turn", playsLeft: "plays left", drawPile: "Draw pile", discard: "Discard", hand: "Your hand",
    bank: "Bank", cards: "cards", log: "Log", spectating: "You are watching.", youAre: "You are",
    waiting: "Waiting for {player}: {decision}", yourMove: "Your decision: {decision}",
    pickCard: "Click a card in your hand (or on your table) to see what it can do.",
    owed: "{payer} owes {receiver} {amount}M", respondTo: "{actor} plays {action} on you{amount}",
    winner: "{player} wins!", noWinner: "The game ended without a winner.", again: "Play again",
    record: "Download the record", jailed: "in jail", complete: "complete", back: "Lobby",
    timeout: "{player} ran out of time: the server chose “{action}”. A second time-out hands the seat to a bot.",
    forfeit: "{player} ran out of time twice: a bot plays that seat now (R10.5).", secondsLeft: "{n} s left",
    connecting: "Connecting…", lost: "Connection lost, reconnecting…",
  },
  "zh-Hant": {
    create: "開新房間", players: "玩家人數", edition: "版本", base: "基本版", enhanced: "加強版",
    clock: "每步時限（秒，留空即不限）", rules: "規則選項（例如 bank_first=true）", roomName: "房間名稱",
    openRooms: "房間", noRooms: "暫時沒有房間。", join: "加入", watch: "觀戰", yourName: "你的名字",
    seat: "座位", empty: "空位", bot: "電腦", addBot: "加入電腦玩家", start: "開始", leave: "離開",
    leaveConfirm: "離開遊戲？你的座位將由電腦玩家接手。",
    invite: "邀請連結", copy: "複製", playing: "進行中", open: "等候中", finished: "已完結",
    turn: "回合", playsLeft: "尚餘出牌次數", drawPile: "牌堆", discard: "棄牌堆", hand: "你的手牌",
    bank: "銀行", cards: "張", log: "紀錄", spectating: "你正在觀戰。", youAre: "你是",
    waiting: "等候 {player}：{decision}", yourMove: "輪到你：{decision}",
    pickCard: "點選手牌（或桌上的牌）看看可以怎樣出。",
    owed: "{payer} 欠 {receiver} {amount}M", respondTo: "{actor} 向你打出 {action}{amount}",
    winner: "{player} 勝出！", noWinner: "遊戲結束，沒有勝出者。", again: "再玩一局",
    record: "下載對局紀錄", jailed: "坐牢中", complete: "完成", back: "大堂",
    timeout: "{player} 超時：伺服器代選「{action}」。再超時一次，座位將交給電腦。",
    forfeit: "{player} 兩次超時：此座位改由電腦玩家接手（R10.5）。", secondsLeft: "尚餘 {n} 秒",
    connecting: "連線中…", lost: "連線中斷，重新連線中…",
  },
  "zh-Hans": {
    create: "开新房间", players: "玩家人数", edition: "版本", base: "基本版", enhanced: "加强版",
    clock: "每步时限（秒，留空即不限）", rules: "规则选项（例如 bank_first=true）", roomName: "房间名称",
    openRooms: "房间", noRooms: "暂时没有房间。", join: "加入", watch: "观战", yourName: "你的名字",
    seat: "座位", empty: "空位", bot: "电脑", addBot: "加入电脑玩家", start: "开始", leave: "离开",
    leaveConfirm: "离开游戏？你的座位将由电脑玩家接手。",
    invite: "邀请链接", copy: "复制", playing: "进行中", open: "等候中", finished: "已结束",
    turn: "回合", playsLeft: "剩余出牌次数", drawPile: "牌堆", discard: "弃牌堆", hand: "你的手牌",
    bank: "银行", cards: "张", log: "记录", spectating: "你正在观战。", youAre: "你是",
    waiting: "等待 {player}：{decision}", yourMove: "轮到你：{decision}",
    pickCard: "点选手牌（或桌上的牌）看看可以怎样出。",
    owed: "{payer} 欠 {receiver} {amount}M", respondTo: "{actor} 向你打出 {action}{amount}",
    winner: "{player} 胜出！", noWinner: "游戏结束，没有胜出者。", again: "再玩一局",
    record: "下载对局记录", jailed: "坐牢中", complete: "完成", back: "大堂",
    timeout: "{player} 超时：服务器代选“{action}”。再超时一次，座位将交给电脑。",
    forfeit: "{player} 两次超时：此座位改由电脑玩家接手（R10.5）。", secondsLeft: "剩余 {n} 秒",
    connecting: "连接中…", lost: "连接中断，重新连接中…",
  },
};

export const LANGUAGES = Object.keys(STRINGS);

export function translator(lang) {
  const table = STRINGS[lang] || STRINGS.en;
  return (key, params = {}) =>
    (table[key] ?? STRINGS.en[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
}
