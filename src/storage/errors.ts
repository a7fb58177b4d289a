// Typed storage errors the UI can show: a full disk (quota) is expected and must not stop training.

/** The browser refused a write because the origin's storage quota is used up; callers say what it means for them. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(cause?: unknown) {
    super('storage full: the browser refused to save more data', { cause });
  }
}

/** True for the DOMException browsers (and fake-indexeddb) raise when the quota is exceeded. */
export function isQuotaError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { name, code } = e as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}
