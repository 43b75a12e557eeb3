/** Hands a file the console fetched (with the API token) to the browser's download under the given name. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
  } finally {
    // The click has handed the blob to the download by now; keep it a moment for slower browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
