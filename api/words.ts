/** Text for people: one word-wrapper for every help text the project prints. */

/** `text` wrapped at `width` columns: words joined by spaces, a line broken before a word that would pass it. */
export function wrapWords(text: string, width: number): string {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join("\n");
}
