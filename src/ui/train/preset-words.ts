// Each preset and variant in plain words, for the gallery: what the run does and what it shows, without the
// papers' vocabulary (GRPO, BC, R1-Zero, MARTI): the lessons introduce those words one at a time.

export const PRESET_WORDS: Readonly<Record<string, string>> = {
  'first-steps': 'Learn to click the button the goal names: copy an expert for a few steps, then practise. Learns in seconds on a CPU.',
  login: 'Log in: type the username, type the password, press Login, with a single reward at the very end.',
  'from-base': 'Log in on a page it never studied: copy an expert for a few steps, then practise, starting from an agent that already studied other pages, or from nothing? Two runs to compare.',
  'bc-vs-zero': 'Copy an expert first, or start from random guesses? Two runs of the login task to compare.',
  'outcome-vs-process': 'Reward success only, or also credit each step that made more progress? Two runs of the enter-password task to compare.',
  'group-size': 'How many tries per task? 2, 8 or 16: small groups often all fail, and then teach nothing.',
  'skills-vs-plain': 'Reuse what worked as one move, or pick every action one by one? Two runs of typing a word and pressing Submit, from random guesses.',
  'card-battler': 'A card game: two fights, dozens of choices per game, and one reward at the end.',
  chain: 'A team of two on a page too long for either to read whole: one reads the first half and names the button if it is there, the other reads the second half and the named button, and clicks.',
  debate: 'A team of three, each reading a third of a long page: each answers, reads the others\u2019 answers and the buttons they point at, may change its mind, then they vote.',
  generalist: 'One agent for ten kinds of page at once: it is scored on pages it never saw while practising.',
  mixture: 'A team of four: three each read a third of a long page and answer; a fourth reads only their answers and the buttons they point at, and gives the final one.',
};

/** A variant's button: plain words, keyed by preset/variant. */
export const VARIANT_WORDS: Readonly<Record<string, string>> = {
  'from-base/base': 'studied other pages',
  'from-base/scratch': 'from nothing',
  'bc-vs-zero/bc': 'copy first',
  'bc-vs-zero/zero': 'from scratch',
  'outcome-vs-process/outcome': 'success only',
  'outcome-vs-process/process': 'with progress',
  'group-size/G2': '2 tries',
  'group-size/G8': '8 tries',
  'group-size/G16': '16 tries',
  'skills-vs-plain/skills': 'with skills',
  'skills-vs-plain/plain': 'one action at a time',
};
