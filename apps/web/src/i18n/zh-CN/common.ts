/** 简体中文, what every page uses: the app, languages, seat colours and names, presets, times, the connection, levels. */
export const common = {
  'app.title': '飞行棋',
  'app.description': '飞行棋：和朋友在线对战、2v2 组队、单机热座或对战电脑，服务器掷骰公平可验证，开源可自建。',

  'lang.switch': 'English',
  'lang.label': '语言',

  'dialog.cancel': '取消',
  'dialog.confirm': '确定',

  'colour.red': '红',
  'colour.green': '绿',
  'colour.yellow': '黄',
  'colour.blue': '蓝',
  'colour.side': '{colour}方',

  // One name per bot level everywhere (menus, seats, results, review), as the bots in packages/rules.
  'bot.level.random': '弱',
  'bot.level.heuristic': '中',
  'bot.level.strong': '强',
  'bot.level.expert': '专家',
  'bot.name': '电脑（{level}）',
  'seat.bot': '{side}电脑（{level}）',

  'team.name': '{a}{b}队',

  'preset.online': '网络经典',
  'preset.traditional': '传统规则',
  'preset.improved': '改进规则',
  'preset.appfree': '一步一跳（AppFree 单机）',
  'preset.wango-classic': '叠子不挡路（WANGO 经典）',
  'preset.wango-quick': '三架快速局（WANGO 快速）',
  'preset.plyyard': '双人安全格（Ply Yard）',
  // One line each on what makes the preset different (RULES.md §0), under the preset choices and on the rules page.
  'preset.online.about': '网络对战的默认规则：掷 5 或 6 起飞，可 2v2 组队，同色叠子挡路，冲过终点要弹回。',
  'preset.traditional.about': '家庭传统规则：只有掷出 6 才能起飞，其余同网络经典。',
  'preset.improved.about': '连掷三个 6 全部飞机回机库；叠子挡不住人；点数超过终点也算到达。',
  'preset.appfree.about': '单机版规则：每步最多一次跳或飞，三个 6 让上一架飞机回家，须恰好到终点，不组队。',
  'preset.wango-classic.about': '只有 6 才能起飞，连掷的第三个 6 作废，叠子不挡路，不组队。',
  'preset.wango-quick.about': '快速局：每人 3 架飞机，其中 1 架已在起飞点，其余同叠子不挡路。',
  'preset.plyyard.about': '红黄两人对战：没有跳格和飞行，有安全格，吃子和到达都再掷一次，可以提和。',

  'time.seconds': '{s} 秒',
  'time.minutes': '{m} 分 {s} 秒',

  'error.notLoaded': '这一页没能加载：请检查网络后刷新页面。',
  'error.unexpected': '出了点意外：请刷新页面后重试。',

  'sound.on': '声音：开',
  'sound.off': '声音：关',

  'net.reconnecting': '连接断开，正在重连…（第 {n} 次）',
  'net.reconnected': '已重新连接',
  'net.lost': '连接已断开',
  'net.replaced': '你已在另一个窗口进入这个座位',
  'net.closing': '牌桌已关闭：{reason}',

  'level.1': '初级学员',
  'level.2': '中级学员',
  'level.3': '高级学员',
  'level.4': '飞行员',
  'level.5': '一级飞行员',
  'level.6': '王牌飞行员',
  'level.7': '飞行组长',
  'level.8': '飞行小队长',
  'level.9': '飞行中队长',
  'level.10': '飞行大队长',
  'level.11': '飞行少尉',
  'level.12': '飞行中尉',
  'level.13': '飞行上尉',
  'level.14': '飞行少校',
  'level.15': '飞行中校',
  'level.16': '飞行上校',
  'level.17': '飞行大校',
  'level.18': '空军少将',
  'level.19': '空军司令',
} as const;
