/**
 * The review comment: Markdown a reviewer reads in ten seconds. Replacements and deletions
 * first (what they destroy), invalid input (each error as the provider said it, which names
 * the property path), a summary table (one row per object, its changes by identity), then
 * per object its changes item by item and, for a graph of nodes, the drawing; the full
 * `pulumi preview --diff` collapsed at the end. Kept under GitHub's comment limit.
 */
import { kindLabel } from "../../../api";
import { drawChange } from "./graph";
import { diffValues, groupByItem, IDENTITY_KEYS, type ItemChange } from "./identity-diff";
import { SECRET_MASK, type PlannedChange, type ReviewPlan } from "./plan";
import { failureAlert } from "./render-failure";
import type { LookReview } from "./look";
import { lookSection, type PictureLinks } from "./render-look";
import { journeysSection, type JourneyLinks } from "./render-journeys";
import { orderLines } from "./render-order";
import { adviceOf, alert, cell, looseAdvice, mandatory, policyFailures } from "./render-policies";

/** GitHub refuses a comment longer than this many characters. */
export const COMMENT_LIMIT = 65_536;
/** The marker the CI recipe finds its own comment by, to update it in place. */
export const COMMENT_MARKER = "<!-- pulumi-tenant review -->";
/** Room kept for the notes of what was cut. */
const MARGIN = 600;

/** Options of {@link renderReview}. */
export interface RenderOptions {
  /** The heading's words: `Preview of stack production`. */
  title?: string;
  /** The full `pulumi preview --diff` text, kept collapsed at the end. */
  diffText?: string;
  /** Values that must never appear (secrets the caller knows), replaced by the mask wherever they would. */
  secrets?: string[];
  /** Tenant names by configuration namespace (`tenant` → `my-tenant.eu.auth0.com`). */
  tenants?: Record<string, string>;
  /** The character limit (default {@link COMMENT_LIMIT}). */
  limit?: number;
  /** The preview's exit code, when the caller ran it: the heading says whether it succeeded. */
  previewExit?: number;
  /**
   * The preview's own output beside its JSON (its standard error): when the JSON says only that
   * the preview failed, the engine's first error line is read here, then in `diffText`.
   */
  previewLog?: string;
  /** The login screens the plan changes (see look.ts), shown after the summary. */
  looks?: LookReview[];
  /** Their pictures, when the review was asked to draw them. */
  pictures?: PictureLinks;
  /** The login journeys rehearsed for the change (`rehearse --json`), shown after the login screens. */
  journeys?: JourneyLinks;
}

/** What a value references, in words (`flow \`enrich\``), or undefined. */
export type Naming = (value: unknown) => string | undefined;

/** The {@link Naming} of a plan: an id of one of the stack's objects names that object. */
export function namingOf(plan: ReviewPlan): Naming {
  return (value) => {
    const target = typeof value === "string" ? plan.objects?.[value] : undefined;
    return target ? `${kindLabel(target.kind)} \`${target.name}\`` : undefined;
  };
}

/** A value in a table cell or a list: short JSON, code-quoted, secrets already masked. */
export function show(value: unknown, max = 80): string {
  if (value === undefined) return "*(absent)*";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `\`${short.replace(/`/g, "'").replace(/\|/g, "\\|")}\``;
}

/** An item with its identity first (`{"id":"phone","type":"TEL",…}`), as a reader looks for it. */
function identityFirst(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const first = [...IDENTITY_KEYS, "type"].filter((key) => key in value);
  return Object.fromEntries([
    ...first.map((key) => [key, (value as Record<string, unknown>)[key]]),
    ...Object.entries(value).filter(([key]) => !first.includes(key)),
  ]);
}

/** One item change as one line: `components[company] changed: required false → true`. */
export function describeItem(change: ItemChange, named: Naming = () => undefined): string {
  const showValue = (value: unknown, max?: number) => {
    const target = named(value);
    return `${show(value, max)}${target ? ` (${target})` : ""}`;
  };
  const at = `\`${change.where}\``;
  const fields = change.fields.map(
    (field) => `${field.field ? `\`${field.field}\` ` : ""}${showValue(field.before)} → ${showValue(field.after)}`,
  );
  const item = showValue(identityFirst(change.value), 120);
  switch (change.type) {
    case "added":
      return `${at} added${change.to === undefined ? "" : ` at ${change.to}`}: ${item}`;
    case "removed":
      return `${at} removed${change.from === undefined ? "" : ` from ${change.from}`}: ${item}`;
    case "moved":
      return `${at} moved from ${change.from} to ${change.to}${fields.length > 0 ? `; ${fields.join("; ")}` : ""}`;
    default:
      return `${at}: ${fields.join("; ")}`;
  }
}

/** The short form of an item change in the summary: `components[company] (required, config.max_length)`. */
export function summarise(change: ItemChange): string {
  const short = change.where.replace(/^.*\.(?=[^.[]+\[)/, "");
  if (change.type !== "changed") return `${short} ${change.type}`;
  // Sorted: the engine's JSON and the program may order keys differently; the summary must not.
  const fields = change.fields
    .map((field) => field.field)
    .filter(Boolean)
    .sort();
  return fields.length > 0 ? `${short}: ${fields.join(", ")}` : short;
}

/** The item changes of one object (empty for a create, delete or an invalid one). */
export function itemChanges(change: PlannedChange): ItemChange[] {
  if (!change.before || !change.after) return [];
  return groupByItem(diffValues(change.before, change.after));
}

const ACTION_ORDER = ["replace", "delete", "invalid", "update", "adopt", "import", "create"];
const ACTION_WORD: Record<string, string> = {
  replace: "🔁 replace",
  delete: "🗑️ delete",
  invalid: "❌ invalid",
  update: "✏️ update",
  adopt: "📥 adopt",
  import: "📥 import",
  create: "➕ create",
};

/** The summary of one object's changes: item changes, or the fields it sets, or the action. */
function summaryOf(change: PlannedChange): string[] {
  if (change.action === "invalid") return ["invalid input (see below)"];
  if (change.action === "delete") return ["the object is deleted"];
  const items = itemChanges(change);
  if (items.length > 0) return items.map((item) => `\`${cell(summarise(item))}\``);
  if (!change.before && change.after) {
    const fields = `sets ${Object.keys(change.after)
      .map((key) => `\`${key}\``)
      .join(", ")}`;
    return change.adopting ? [`takes over \`${cell(change.adopting)}\``, fields] : [fields];
  }
  return ["no field changes (the provider's own settings)"];
}

function header(plan: ReviewPlan, options: RenderOptions): string[] {
  const stacks = [...new Set(plan.changes.map((change) => change.stack))];
  const title =
    options.title ?? `Preview of stack ${stacks.map((stack) => `\`${stack}\``).join(", ") || "(no changes)"}`;
  const counts = ACTION_ORDER.map((action) => [action, plan.changes.filter((c) => c.action === action).length] as const)
    .filter(([, count]) => count > 0)
    .map(([action, count]) => `${count} to ${action === "invalid" ? "fix" : action}`);
  const failed =
    (options.previewExit ?? 0) !== 0 ||
    plan.errors.length > 0 ||
    plan.changes.some((c) => c.errors.length > 0) ||
    mandatory(plan).length > 0;
  const status = failed
    ? `**Preview failed**${options.previewExit ? ` (exit ${options.previewExit})` : ""}: fix what is named below.`
    : "Preview succeeded.";
  const changed = counts.length > 0 ? `**${counts.join(", ")}.**` : "**No changes.**";
  return [COMMENT_MARKER, `### ${title}`, "", `${status} ${changed}`, ""];
}

/** What an object holds, in a few words: its `name` and the size of each list (`3 nodes`). */
function contents(values: Record<string, unknown> | undefined): string {
  if (!values) return "";
  const name = typeof values.name === "string" ? [`\`${cell(values.name)}\``] : [];
  const lists = Object.entries(values)
    .filter(([, value]) => Array.isArray(value) && value.length > 0)
    .map(([key, value]) => `${(value as unknown[]).length} \`${key}\``);
  const all = [...name, ...lists];
  return all.length > 0 ? ` (${all.join(", ")})` : "";
}

/** Replacements and deletions, first, with what they destroy; then invalid input and the preview's own errors. */
function warnings(plan: ReviewPlan, options: RenderOptions): string[] {
  const lines: string[] = [...policyFailures(plan)];
  for (const change of plan.changes) {
    const label = `${kindLabel(change.kind)} \`${change.name}\`${contents(change.before)}`;
    const tenant = options.tenants?.[change.tenant] ?? change.tenant;
    if (change.action === "replace") {
      const reasons = change.replaceReasons.map((reason) => `\`${reason}\``).join(", ");
      const why = reasons ? ` because ${reasons} changed` : "";
      lines.push(
        ...alert("CAUTION", [
          `**Replaces** ${label}${why}: the tenant's object is deleted and a new one created.`,
          "It gets a new id: whatever points at the old id (links, other objects, other stacks) breaks.",
        ]),
      );
    } else if (change.action === "delete") {
      const from = tenant ? ` from tenant ${cell(tenant)}` : "";
      lines.push(...alert("CAUTION", [`**Deletes** ${label}${from}: the object and all it holds are gone.`]));
    }
  }
  for (const change of plan.changes.filter((c) => c.errors.length > 0)) {
    const said = change.errors.flatMap((error) => error.split("\n"));
    lines.push(...alert("WARNING", [`**Invalid input** in ${kindLabel(change.kind)} \`${change.name}\`:`, ...said]));
  }
  lines.push(...failureAlert(plan, options));
  return lines;
}

function summaryTable(plan: ReviewPlan, options: RenderOptions): string[] {
  if (plan.changes.length === 0) return looseAdvice(plan);
  const sorted = [...plan.changes].sort((a, b) => ACTION_ORDER.indexOf(a.action) - ACTION_ORDER.indexOf(b.action));
  return [
    "| Action | Kind | Name | Tenant | Stack | Changes |",
    "| --- | --- | --- | --- | --- | --- |",
    ...sorted.map((change) => {
      const tenant = options.tenants?.[change.tenant] ?? change.tenant;
      const cells = [ACTION_WORD[change.action], kindLabel(change.kind), `\`${change.name}\``, cell(tenant)];
      const summary = [...summaryOf(change), ...adviceOf(change, plan)].join("<br>");
      return `| ${[...cells, `\`${change.stack}\``, summary].join(" | ")} |`;
    }),
    "",
    ...looseAdvice(plan),
  ];
}

/** One object's section: its changes by identity and its drawing. */
function section(change: PlannedChange, named: Naming): string[] {
  const items = itemChanges(change);
  const drawings = change.action === "delete" ? undefined : drawChange(change.before, change.after, named);
  // A list whose order is its meaning (a trigger's actions) shows its whole order, before → after.
  const order = orderLines(change, named);
  if (items.length === 0 && !drawings && order.length === 0) return [];
  const lines = [`#### ${kindLabel(change.kind)} \`${change.name}\` (${change.action})`, ""];
  lines.push(...order, ...items.map((item) => `- ${describeItem(item, named)}`));
  if (drawings) {
    lines.push("");
    const legend = "green: added · yellow: changed · red, dashed: removed";
    if (drawings.before) lines.push(`Before (${legend}):`, "", "```mermaid", drawings.before, "```", "", "After:", "");
    lines.push("```mermaid", drawings.after, "```");
    if (!drawings.before) lines.push("", `*${legend}*`);
  }
  return [...lines, ""];
}

/** `text` with every known secret replaced by the mask. */
function scrub(text: string, secrets: string[]): string {
  return secrets
    .filter((secret) => secret.length >= 4)
    .sort((a, b) => b.length - a.length)
    .reduce((out, secret) => out.split(secret).join(SECRET_MASK), text);
}

/** The collapsed full preview, cut to `room` characters with a note when it is longer. */
function details(diffText: string, room: number): string {
  const open = "<details><summary>Full <code>pulumi preview --diff</code></summary>\n\n```diff\n";
  const close = "\n```\n\n</details>\n";
  const whole = diffText.replace(/```/g, "'''").trimEnd();
  if (open.length + whole.length + close.length <= room) return `${open}${whole}${close}`;
  const keep = Math.max(0, room - open.length - close.length - 200);
  const lines = whole.slice(0, keep).split("\n").slice(0, -1);
  const cut = whole.split("\n").length - lines.length;
  const note = `> **Cut:** the last ${cut} lines of the preview exceed GitHub's comment limit; the job's log has them.`;
  return `${open}${lines.join("\n")}${close}\n${note}\n`;
}

/**
 * The comment for `plan`. Within the limit, the sections of the objects come whole, in the
 * summary's order, until the next would not fit (a note names the ones cut); the full diff
 * gets what room is left, cut at a line with a note.
 */
export function renderReview(plan: ReviewPlan, options: RenderOptions = {}): string {
  const limit = (options.limit ?? COMMENT_LIMIT) - MARGIN;
  const secrets = options.secrets ?? [];
  const head = [...header(plan, options), ...warnings(plan, options), ...summaryTable(plan, options)].join("\n");
  let body = scrub(head, secrets);
  const sorted = [...plan.changes].sort((a, b) => ACTION_ORDER.indexOf(a.action) - ACTION_ORDER.indexOf(b.action));
  const cut: string[] = [];
  const screens = scrub(lookSection(options.looks ?? [], options.pictures).join("\n"), secrets);
  if (screens !== "" && body.length + screens.length + 1 <= limit) body += `\n${screens}`;
  else if (screens !== "") cut.push("the login screens");
  const journeys = scrub(journeysSection(options.journeys).join("\n"), secrets);
  if (journeys !== "" && body.length + journeys.length + 1 <= limit) body += `\n${journeys}`;
  else if (journeys !== "") cut.push("the login journeys");
  for (const change of sorted) {
    const text = scrub(section(change, namingOf(plan)).join("\n"), secrets);
    if (text === "") continue;
    if (cut.length === 0 && body.length + text.length + 1 <= limit) body += `\n${text}`;
    else cut.push(`\`${change.name}\``);
  }
  if (cut.length > 0) {
    const names = cut.join(", ");
    body += `\n> **Cut:** the details of ${names} exceed GitHub's comment limit; the summary names their changes.\n`;
  }
  if (options.diffText !== undefined) body += `\n${details(scrub(options.diffText, secrets), limit - body.length)}`;
  return body;
}
