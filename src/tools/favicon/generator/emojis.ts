// A small hand-picked palette with English search words; any other emoji can be pasted into the field.
const EMOJIS: Array<[string, string]> = [
  ['🚀', 'rocket launch space'], ['⭐', 'star favorite'], ['🔥', 'fire hot flame'], ['⚡', 'lightning bolt zap power'],
  ['💡', 'idea light bulb'], ['❤️', 'heart love red'], ['💙', 'heart blue'], ['💚', 'heart green'], ['✨', 'sparkles magic'],
  ['🎉', 'party celebration'], ['🎨', 'art palette paint design'], ['🎵', 'music note'], ['🎮', 'game controller'],
  ['📷', 'camera photo'], ['📚', 'books library read'], ['📝', 'memo note write'], ['📦', 'package box'], ['📈', 'chart growth'],
  ['💻', 'laptop computer code'], ['🖥️', 'desktop computer'], ['📱', 'phone mobile'], ['⌨️', 'keyboard'], ['🔒', 'lock secure'],
  ['🔑', 'key'], ['🛠️', 'tools build'], ['⚙️', 'gear settings'], ['🔍', 'search magnifier'], ['🧪', 'test lab science'],
  ['🧠', 'brain mind'], ['🤖', 'robot bot ai'], ['👾', 'alien game'], ['👋', 'wave hello hand'], ['👍', 'thumbs up ok'],
  ['😀', 'smile happy face'], ['😎', 'cool sunglasses face'], ['🤓', 'nerd face'], ['🥳', 'party face'], ['😺', 'cat face'],
  ['🐱', 'cat'], ['🐶', 'dog'], ['🦊', 'fox'], ['🐼', 'panda'], ['🐧', 'penguin'], ['🦄', 'unicorn'], ['🐝', 'bee'], ['🦋', 'butterfly'],
  ['🐙', 'octopus'], ['🐳', 'whale'], ['🦉', 'owl'], ['🌱', 'seedling plant grow'], ['🌳', 'tree'], ['🌸', 'blossom flower'],
  ['🌻', 'sunflower'], ['🍀', 'clover luck'], ['🍁', 'maple leaf'], ['🌍', 'earth globe world'], ['🌙', 'moon night'],
  ['☀️', 'sun'], ['🌈', 'rainbow'], ['❄️', 'snow winter'], ['🌊', 'wave ocean water'], ['☕', 'coffee'], ['🍕', 'pizza'],
  ['🍔', 'burger'], ['🍩', 'donut'], ['🍎', 'apple fruit'], ['🍋', 'lemon'], ['🍉', 'watermelon'], ['🥑', 'avocado'],
  ['🏠', 'house home'], ['🏔️', 'mountain'], ['🏆', 'trophy win'], ['🎯', 'target goal'], ['🎁', 'gift present'], ['🧩', 'puzzle piece'],
  ['💎', 'gem diamond'], ['💰', 'money bag'], ['🛒', 'cart shop'], ['✈️', 'plane travel'], ['🚲', 'bicycle'], ['🚗', 'car'],
  ['⚓', 'anchor'], ['🧭', 'compass'], ['🗺️', 'map'], ['📍', 'pin location'], ['⏰', 'alarm clock time'], ['📅', 'calendar date'],
  ['✅', 'check done'], ['❗', 'exclamation'], ['❓', 'question'], ['♻️', 'recycle'], ['☮️', 'peace'], ['🏳️‍🌈', 'rainbow flag pride'],
  ['🇩🇪', 'flag germany'], ['🇯🇵', 'flag japan'], ['🇰🇷', 'flag korea'], ['🇨🇳', 'flag china'], ['🇹🇼', 'flag taiwan'], ['🇺🇸', 'flag usa'],
];

export function searchEmojis(query: string): Array<[string, string]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length ? EMOJIS.filter(([, names]) => words.every((w) => names.includes(w))) : EMOJIS;
}
