/**
 * The comment's section on the login screens a plan changes: per tenant, each screen's pictures
 * before and after side by side (when drawn), why there are none (in one line, when they could not
 * be drawn), the screens left undrawn, and the texts' and partials' changes by screen and key.
 */
import type { LookReview, ScreenPair } from "./look";
import type { PictureOutcome } from "./pictures";

/** Where the comment's image links point: a base URL, or the folder as the review was given it. */
export interface PictureLinks {
  outcome: PictureOutcome;
  /** The base the files are published under (`--pictures-url`), else the folder's path (`--pictures`). */
  base: string;
}

/** A line of the comment quoting `text` as code (its backticks and pipes made harmless). */
const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\|/g, "\\|")}\``;

/** `base` joined with `file`, one slash between. */
const linkOf = (base: string, file: string) => `${base.replace(/\/+$/, "")}/${encodeURIComponent(file)}`;

/** The screen's words: `login (en)`, or `login → login-id (en)` when the first login screen changes. */
function screenWords(pair: ScreenPair): string {
  const { before, after } = pair.screens;
  return `${before === after ? before : `${before} → ${after}`} (${pair.language})`;
}

/** The section's lines (none when the plan leaves every login screen as it is). */
export function lookSection(reviews: readonly LookReview[], pictures: PictureLinks | undefined): string[] {
  if (reviews.length === 0) return [];
  const lines = ["### Login screens", ""];
  if (pictures && "unavailable" in pictures.outcome) lines.push(`> No pictures: ${pictures.outcome.unavailable}.`, "");
  for (const review of reviews) {
    if (reviews.length > 1) lines.push(`#### Tenant ${code(review.tenant)}`, "");
    for (const pair of review.pairs) {
      const files = pictures && "files" in pictures.outcome ? pictures.outcome.files[pair.id] : undefined;
      if (!files) {
        lines.push(`- Screen ${code(screenWords(pair))} changes`);
        continue;
      }
      const image = (side: "before" | "after") =>
        `![${pair.screens[side]} (${pair.language}) ${side}](${linkOf(pictures!.base, files[side])})`;
      lines.push(
        `**Screen ${code(screenWords(pair))}**`,
        "",
        "| Before | After |",
        "| --- | --- |",
        `| ${image("before")} | ${image("after")} |`,
        "",
      );
    }
    for (const undrawn of review.undrawn) lines.push(`- Screen ${code(undrawn)}`);
    if (review.textChanges.length > 0) {
      lines.push("", "Texts and partials changed, by prompt, screen and key:", "");
      lines.push(...review.textChanges.map((line) => `- ${code(line)}`));
    }
    lines.push("");
  }
  return lines;
}
