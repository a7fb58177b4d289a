// Film genres for the movie-search forms (multi-orderings, multi-layouts): MiniWoB++'s eighteen and more, so
// each split holds several.

export const MOVIE_GENRES = [
  'action', 'adventure', 'comedy', 'crime', 'drama', 'fantasy', 'historical', 'horror', 'mystery', 'paranoid',
  'political', 'romance', 'saga', 'satire', 'surreal', 'thriller', 'urban', 'western', 'animation', 'biography',
  'documentary', 'family', 'musical', 'noir', 'sports', 'war', 'heist', 'disaster', 'spy', 'superhero', 'slasher',
  'zombie', 'cyberpunk', 'steampunk', 'space', 'martial', 'teen', 'parody', 'mockumentary', 'psychological',
  'gothic', 'epic', 'legal', 'medical', 'road', 'coming-of-age', 'buddy', 'monster',
] as const;
