// Hands a file the API sent (a CSV export) to the browser's downloads, under the name the server gave it.
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data by the time the click returns; the URL only holds it in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
