// The starter word lists: small fixed lists the easiest levels draw from (level 0 of click-button, enter-text,
// login-user, choose-list, use-autocomplete), which the word-level tokenizer built from the environments covers
// (src/rl/vocab.ts reads every list here). The families' large lexicons are in lexicon/.

export const BUTTON_WORDS = [
  'Submit', 'Cancel', 'Okay', 'Next', 'Back', 'Save', 'Delete', 'Open', 'Close', 'Send', 'Start', 'Stop',
  'Yes', 'No', 'Help', 'Reset', 'Search', 'Share', 'Edit', 'Copy', 'Print', 'Undo', 'Add', 'Remove',
] as const;

export const FIRST_NAMES = [
  'alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'karl', 'lena',
  'mallory', 'nina', 'oscar', 'peggy', 'quinn', 'rupert', 'sybil', 'trent', 'ursula', 'victor', 'wendy', 'zoe',
] as const;

export const NOUNS = [
  'apple', 'river', 'stone', 'cloud', 'tiger', 'piano', 'lemon', 'forest', 'rocket', 'garden', 'silver', 'candle',
  'window', 'mountain', 'pepper', 'island', 'violet', 'thunder', 'marble', 'harbor', 'meadow', 'falcon', 'copper', 'orange',
] as const;

export const COLORS = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'black', 'white', 'pink', 'brown', 'gray', 'gold'] as const;

export const CITIES = [
  'Paris', 'London', 'Berlin', 'Madrid', 'Rome', 'Vienna', 'Prague', 'Lisbon', 'Dublin', 'Oslo', 'Tokyo', 'Seoul',
  'Sydney', 'Toronto', 'Boston', 'Denver', 'Chicago', 'Miami', 'Cairo', 'Lima',
] as const;

export const ITEMS = [
  'lamp', 'chair', 'table', 'mug', 'kettle', 'pillow', 'blanket', 'clock', 'vase', 'mirror', 'rug', 'shelf',
  'desk', 'sofa', 'fan', 'heater', 'toaster', 'blender', 'towel', 'basket',
] as const;

export const TOPICS = ['news', 'sports', 'music', 'movies', 'travel', 'science', 'games', 'books', 'food', 'health'] as const;

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
