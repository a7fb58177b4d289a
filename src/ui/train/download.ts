// Saves text or bytes as a file download from the page.
export function downloadText(filename: string, text: string, type = 'text/plain'): void {
  downloadBlob(filename, new Blob([text], { type }));
}

export function downloadBytes(filename: string, bytes: Uint8Array, type = 'application/octet-stream'): void {
  downloadBlob(filename, new Blob([bytes.slice()], { type })); // a copy on a plain ArrayBuffer, as Blob wants
}

function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
