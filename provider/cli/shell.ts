/**
 * Quoting for the shell lines the CLI prints for a person to paste: `generate`'s setup steps
 * and `drift`'s put-back command. One rule for both, so a value quoted in one reads the same in the other.
 */

/** `text` as one shell word: unchanged when the shell passes it through as is, else single-quoted. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}
