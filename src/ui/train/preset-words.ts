// Each preset and variant in plain words, for the gallery: what the run does and what it shows, without the
// papers' vocabulary (GRPO, BC, R1-Zero, MARTI): the lessons introduce those words one at a time.

export const PRESET_WORDS: Readonly<Record<string, string>> = {
  'first-steps': 'Learn to click the button the goal names: copy an expert for a few steps, then practise. Learns in seconds on a CPU.',
  login: 'Log in: type the username, type the password, press Login, with a single reward at the very end.',
  'bc-vs-zero': 'Copy an expert first, or start from random guesses? Two runs of the login task to compare.',
  'outcome-vs-process': 'Reward success only, or also the progress made? Two runs of the login task to compare.',
  'group-size': 'How many tries per task? 2, 8 or 16: small groups often all fail, and then teach nothing.',
  'card-battler': 'A card game: two fights, dozens of choices per game, and one reward at the end.',
  chain: 'A team of two: one writes a plan, the other books the flight with the plan in hand.',
  debate: 'A team of three: each answers, reads the others\u2019 answers, may change its mind, then they vote.',
  mixture: 'A team of four: three answer, and a fourth reads their answers and gives the final one.',
};

/** A variant's button: plain words, keyed by preset/variant. */
export const VARIANT_WORDS: Readonly<Record<string, string>> = {
  'bc-vs-zero/bc': 'copy first',
  'bc-vs-zero/zero': 'from scratch',
  'outcome-vs-process/outcome': 'success only',
  'outcome-vs-process/process': 'with progress',
  'group-size/G2': '2 tries',
  'group-size/G8': '8 tries',
  'group-size/G16': '16 tries',
};
