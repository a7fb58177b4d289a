// File names for the terminal and file-tree families: base names and extensions, each list large enough that
// both splits hold many of them.

export const FILE_BASES = [
  'flowers', 'code', 'script', 'index', 'image', 'converter', 'notes', 'shark', 'memes', 'cats', 'puppy', 'media',
  'search', 'page', 'buzzer', 'trace', 'bin', 'editor', 'apache', 'mountains', 'steam', 'window', 'photos',
  'directory', 'container', 'compression', 'cyber', 'digital', 'inspector', 'navigator', 'alloy', 'secret',
  'password', 'encrypted', 'pizza', 'budget', 'invoice', 'report', 'draft', 'backup', 'archive', 'config',
  'settings', 'readme', 'license', 'changelog', 'todo', 'journal', 'recipe', 'playlist', 'resume', 'letter',
  'poster', 'banner', 'logo', 'icon', 'sprite', 'level', 'map', 'world', 'player', 'engine', 'server', 'client',
  'router', 'parser', 'lexer', 'compiler', 'kernel', 'driver', 'module', 'plugin', 'theme', 'style', 'layout',
  'table', 'chart', 'graph', 'model', 'dataset', 'sample', 'results', 'summary', 'agenda', 'minutes', 'contract',
  'receipt', 'ticket', 'itinerary', 'calendar', 'contacts', 'inbox', 'outbox', 'drafts', 'spam', 'trash',
  'history', 'cache', 'cookies', 'session', 'token', 'keys', 'vault', 'wallet', 'ledger', 'payroll', 'taxes',
  'garden', 'kitchen', 'garage', 'attic', 'cellar', 'studio', 'gallery', 'museum', 'library', 'theater',
  'rocket', 'comet', 'planet', 'galaxy', 'nebula', 'orbit', 'lunar', 'solar', 'meteor', 'pulsar',
] as const;

/** Extensions without the dot (the terminal also makes files with none). */
export const FILE_EXTENSIONS = [
  'png', 'jpg', 'gif', 'sh', 'json', 'txt', 'py', 'rb', 'html', 'zip', 'gz', 'gpg', 'csv', 'md', 'pdf', 'doc',
  'xls', 'ppt', 'mp3', 'mp4', 'wav', 'svg', 'css', 'js', 'ts', 'go', 'rs', 'c', 'h', 'cpp', 'java', 'kt', 'swift',
  'php', 'sql', 'xml', 'yaml', 'toml', 'ini', 'log', 'bak', 'tmp', 'iso', 'tar', 'bmp', 'tiff', 'ogg', 'flac',
] as const;
