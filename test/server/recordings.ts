/**
 * Replays answers recorded on a real tenant against the tenant server, to hold its answers to
 * the service's. A recording is a go-vcr cassette (YAML, version 2: `interactions`, each a
 * `request` with `method`, `url` and `body`, and a `response` with `code` and `body`), as the
 * Terraform provider's acceptance tests record them (test/fixtures/recordings/, with their
 * origin and licence in the README there).
 *
 * Each recorded request is sent, in order, to a started server (test/server/helpers.ts
 * `startHarness`), and its answer compared with the recorded one: the status code exactly; the
 * body shape-wise (the same keys, each value of the same JSON type, arrays of the same length,
 * item by item) and, in an error body (one with `errorCode`), `errorCode` and `message` word for
 * word. Values the server makes are expected to differ and are never compared: ids (an id the
 * recording's answer holds is learned, and replaced by the server's in every later request),
 * dates, and the tenant's domain.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { Harness } from "./helpers";

/** Where the recordings are kept. */
export const RECORDINGS_DIR = join(__dirname, "..", "fixtures", "recordings");

/** One recorded request and the service's answer to it. */
export interface RecordedInteraction {
  /** Its place in the recording (the cassette's `id`). */
  readonly index: number;
  readonly method: string;
  /** The path and query, from `/api/v2` on. */
  readonly path: string;
  /** The request body as sent (empty for none). */
  readonly body: string;
  readonly contentType: string;
  readonly status: number;
  /** The answer's body as received (empty for none). */
  readonly response: string;
}

/** An interaction whose answer here differs from the recorded one. */
export interface ReplayDifference {
  readonly index: number;
  /** `METHOD /api/v2/path` as recorded. */
  readonly request: string;
  /** What differs, one line each: `status: recorded 200, here 404`, `body.themeId: missing here`, … */
  readonly reasons: readonly string[];
}

/** How to replay. */
export interface ReplayOptions {
  /**
   * Requests sent before the recording, to bring a fresh tenant to the state the recorded one
   * had when the recording began (branding colours set by hand, say); their answers must be 2xx.
   */
  readonly setup?: readonly { method: string; path: string; body?: unknown }[];
  /** The fields whose values are ids the server makes (learned from answers; default below). */
  readonly idFields?: readonly string[];
}

/** What a replay found. */
export interface ReplayResult {
  /** How many interactions were replayed. */
  readonly replayed: number;
  /** Those whose answer differs, in order. */
  readonly differences: readonly ReplayDifference[];
}

/** Fields holding ids the service makes. */
const DEFAULT_ID_FIELDS = ["id", "custom_domain_id", "themeId", "client_id"];

interface Cassette {
  interactions: {
    id: number;
    request: { method: string; url: string; body?: string; headers?: Record<string, string[]> };
    response: { code: number; body?: string };
  }[];
}

/** The interactions of recording `name` (`TestAccBrandingTheme`), in order. */
export function loadRecording(name: string): RecordedInteraction[] {
  const cassette = parse(readFileSync(join(RECORDINGS_DIR, `${name}.yaml`), "utf8")) as Cassette;
  return cassette.interactions.map(({ id, request, response }) => {
    const url = new URL(request.url);
    return {
      index: id,
      method: request.method,
      path: `${url.pathname}${url.search}`,
      body: (request.body ?? "").trim(),
      contentType: request.headers?.["Content-Type"]?.[0] ?? "application/json",
      status: response.code,
      response: (response.body ?? "").trim(),
    };
  });
}

/** The JSON type of a value, in words. */
const typeOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Where `recorded` and `here` differ in shape, under `at`; error words compared exactly. */
export function shapeDifferences(recorded: unknown, here: unknown, at = "body"): string[] {
  if (typeOf(recorded) !== typeOf(here)) return [`${at}: recorded ${typeOf(recorded)}, here ${typeOf(here)}`];
  if (Array.isArray(recorded)) {
    const items = here as unknown[];
    const lengths =
      recorded.length === items.length ? [] : [`${at}: recorded ${recorded.length} items, here ${items.length}`];
    return [
      ...lengths,
      ...recorded
        .slice(0, items.length)
        .flatMap((item, index) => shapeDifferences(item, items[index], `${at}[${index}]`)),
    ];
  }
  if (typeOf(recorded) !== "object") return [];
  const left = recorded as Record<string, unknown>;
  const right = here as Record<string, unknown>;
  const reasons: string[] = [];
  for (const key of Object.keys(left)) {
    if (!(key in right)) reasons.push(`${at}.${key}: missing here`);
    else reasons.push(...shapeDifferences(left[key], right[key], `${at}.${key}`));
  }
  for (const key of Object.keys(right)) if (!(key in left)) reasons.push(`${at}.${key}: not in the recording`);
  if (typeof left.errorCode === "string") {
    for (const key of ["errorCode", "message"])
      if (left[key] !== right[key])
        reasons.push(`${at}.${key}: recorded ${JSON.stringify(left[key])}, here ${JSON.stringify(right[key])}`);
  }
  return reasons;
}

/** The JSON of a body, or the text itself when it is not JSON (`undefined` for none). */
const decoded = (text: string): unknown => {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Pairs of (recorded id, server's id) found where the two answers hold an id field at the same place. */
function learnIds(recorded: unknown, here: unknown, fields: readonly string[], ids: Map<string, string>): void {
  if (Array.isArray(recorded) && Array.isArray(here)) {
    recorded.forEach((item, index) => learnIds(item, here[index], fields, ids));
    return;
  }
  if (typeOf(recorded) !== "object" || typeOf(here) !== "object") return;
  const left = recorded as Record<string, unknown>;
  const right = here as Record<string, unknown>;
  for (const [key, value] of Object.entries(left)) {
    if (fields.includes(key) && typeof value === "string" && typeof right[key] === "string") ids.set(value, right[key]);
    else learnIds(value, right[key], fields, ids);
  }
}

/** `text` with every learned recorded id replaced by the server's. */
const withIds = (text: string, ids: ReadonlyMap<string, string>): string =>
  [...ids].reduce((result, [recorded, ours]) => result.split(recorded).join(ours), text);

/**
 * Replays recording `name` (a file of test/fixtures/recordings/, without `.yaml`) against the
 * server of `harness`, with its admin token, and answers the interactions whose answer differs
 * from the recorded one, each with why ({@link shapeDifferences}). Start the server as the
 * recorded tenant was (`customDomain: false` when the recording starts with none), and put each
 * difference that is expected in an allow-list of the test, with the reason.
 */
export async function replayRecording(
  name: string,
  harness: Harness,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  for (const step of options.setup ?? []) {
    const reply = await harness.call(step.method, step.path, step.body === undefined ? {} : { body: step.body });
    if (reply.status >= 300)
      throw new Error(`setup ${step.method} ${step.path} answered ${reply.status}: ${reply.text}`);
  }
  const ids = new Map<string, string>();
  const fields = options.idFields ?? DEFAULT_ID_FIELDS;
  const differences: ReplayDifference[] = [];
  const interactions = loadRecording(name);
  for (const interaction of interactions) {
    const { method, status } = interaction;
    // go-vcr records `null` as the body of a bodiless request.
    const sent = interaction.body === "" || interaction.body === "null" ? undefined : withIds(interaction.body, ids);
    const reply = await harness.call(method, withIds(interaction.path, ids), {
      ...(sent === undefined ? {} : { body: sent, contentType: interaction.contentType }),
    });
    const recorded = decoded(interaction.response);
    const here = decoded(reply.text);
    if (reply.status < 300) learnIds(recorded, here, fields, ids);
    const reasons = [
      ...(reply.status === status ? [] : [`status: recorded ${status}, here ${reply.status}`]),
      ...shapeDifferences(recorded, here),
    ];
    if (reasons.length > 0)
      differences.push({ index: interaction.index, request: `${method} ${interaction.path}`, reasons });
  }
  return { replayed: interactions.length, differences };
}
