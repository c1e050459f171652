/**
 * A journey file: a login a team commits beside its program and rehearses against a local tenant.
 * YAML, checked against {@link JOURNEY_SCHEMA} (ajv) and a few rules between fields, each error
 * naming the file and the path of what is wrong (`steps[1].page: ...`).
 *
 * ```yaml
 * name: signup
 * application: { name: Rehearsal, callbacks: [https://app.example.com/callback] }  # or an existing one's name
 * user: { email: ann@example.com, user_metadata: {} }       # password generated when missing
 * fixtures:
 *   - request: { method: GET, url: https://crm.example.com/lookup?company=Acme }
 *     response: { status: 200, body: { name: Acme } }
 * steps:
 *   - page: { screen: login }
 *     fill: { username: "{{user.email}}", password: "{{user.password}}" }
 *   - page: { form: Sign-up, step: step_details }
 *     fill: { company: Acme }
 *     press: next
 * expect:
 *   app_metadata: { crm_company: { name: Acme } }
 * ```
 */
import * as fs from "node:fs";
import { parseDocument } from "yaml";
import { createAjv } from "../../../api";

/** What a journey's name must look like: it names the journey's folder of screenshots and trace. */
export const JOURNEY_NAME_PATTERN = "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$";
/** The most steps a journey takes (a login of many pages is many journeys). */
export const MAX_STEPS = 50;
/** The most fixtures a journey gives (as many as an action test takes). */
export const MAX_FIXTURES = 100;
/** The placeholders a filled value may hold: the run's user's email and password. */
export const USER_PLACEHOLDERS = { email: "{{user.email}}", password: "{{user.password}}" } as const;

/** A page a step expects: a login screen (by `screen` or `prompt` name), or a form (`form`: its name or id; `step`: its STEP node). */
export interface ExpectedPage {
  screen?: string;
  prompt?: string;
  form?: string;
  step?: string;
}

/** One step: the page it expects, what it types into which field (by name or id), the button it presses. */
export interface JourneyStep {
  page: ExpectedPage;
  fill?: Record<string, string>;
  press?: string;
}

/** The application the login is for: an existing one's name, or one made for the run and removed after. */
export type JourneyApplication = string | { name: string; callbacks: string[] };

/** The user made in the tenant for the run (and removed after). */
export interface JourneyUser {
  email: string;
  /** Generated when missing (never written anywhere). */
  password?: string;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
}

/** What must be true at the end: a denial with its description, or claims and metadata after a login. */
export interface JourneyExpectations {
  /** The login is denied with this description (`error_description` at the callback). */
  denied?: string;
  /** Claims the verified ID token must hold (objects compared by the keys given). */
  claims?: Record<string, unknown>;
  /** The user's metadata read back through the management API (by the keys given). */
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
}

/**
 * One answer to an outside call of the actions or flows (the action tests' fixture format): a body
 * that is not a string is sent as JSON.
 */
export interface JourneyFixture {
  request: { method?: string; url: string };
  response?: { status?: number; headers?: Record<string, string>; body?: unknown };
}

/** A journey as its file says it. */
export interface Journey {
  name: string;
  description?: string;
  application: JourneyApplication;
  user: JourneyUser;
  fixtures: JourneyFixture[];
  steps: JourneyStep[];
  expect: JourneyExpectations;
}

const text = { type: "string", minLength: 1, maxLength: 2048 };
const record = { type: "object" };
const strings = { type: "object", additionalProperties: { type: "string", maxLength: 4096 } };

/** The JSON Schema of a journey file. */
export const JOURNEY_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["name", "application", "user", "steps"],
  properties: {
    name: { type: "string", pattern: JOURNEY_NAME_PATTERN },
    description: { type: "string" },
    application: {
      if: { type: "object" },
      then: {
        type: "object",
        additionalProperties: false,
        required: ["name", "callbacks"],
        properties: {
          name: text,
          callbacks: { type: "array", minItems: 1, items: { type: "string", format: "uri", pattern: "^https?://" } },
        },
      },
      else: text,
    },
    user: {
      type: "object",
      additionalProperties: false,
      required: ["email"],
      properties: {
        email: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+$", maxLength: 320 },
        password: { type: "string", minLength: 8, maxLength: 128 },
        user_metadata: record,
        app_metadata: record,
      },
    },
    fixtures: {
      type: "array",
      maxItems: MAX_FIXTURES,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["request"],
        properties: {
          request: {
            type: "object",
            additionalProperties: false,
            required: ["url"],
            properties: {
              method: { type: "string", pattern: "^[A-Za-z]{1,16}$" },
              url: { type: "string", format: "uri", pattern: "^https?://" },
            },
          },
          response: {
            type: "object",
            additionalProperties: false,
            properties: {
              status: { type: "integer", minimum: 200, maximum: 599 },
              headers: strings,
              body: {},
            },
          },
        },
      },
    },
    steps: {
      type: "array",
      minItems: 1,
      maxItems: MAX_STEPS,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["page"],
        properties: {
          page: {
            type: "object",
            additionalProperties: false,
            minProperties: 1,
            properties: { screen: text, prompt: text, form: text, step: text },
          },
          fill: strings,
          press: text,
        },
      },
    },
    expect: {
      type: "object",
      additionalProperties: false,
      properties: { denied: { type: "string" }, claims: record, user_metadata: record, app_metadata: record },
    },
  },
} as const;

/** A journey file that cannot be rehearsed: what is wrong, and where. */
export class JourneyError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "JourneyError";
  }
}

/** `/steps/1/page` as a reader looks for it: `steps[1].page`. */
export function pathOf(instancePath: string): string {
  return instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");
}

let validator: ReturnType<ReturnType<typeof createAjv>["compile"]> | undefined;

/** What the schema says of one error, in words. */
function describeSchemaError(error: {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}): string {
  const where = pathOf(error.instancePath) || "the journey";
  if (error.keyword === "additionalProperties")
    return `${where}: unknown key "${String(error.params.additionalProperty)}"`;
  if (error.keyword === "required") return `${where}: missing "${String(error.params.missingProperty)}"`;
  if (error.keyword === "pattern" && error.instancePath === "/name")
    return `name: letters, digits, ".", "_" and "-" only (at most 64), as it names the journey's folder`;
  return `${where}: ${error.message ?? error.keyword}`;
}

/** The rules between fields the schema leaves to words: what a page names, what the end expects. */
function checkRules(journey: Journey): string | undefined {
  for (const [index, step] of journey.steps.entries()) {
    const page = step.page as Record<string, string | undefined>;
    const where = `steps[${index}].page`;
    if (page.form !== undefined && (page.screen !== undefined || page.prompt !== undefined))
      return `${where}: a page is a login screen (screen, prompt) or a form (form, step), not both`;
    if (page.form === undefined && page.step !== undefined)
      return `${where}: "step" names a form's STEP node: give the form too (form: <name or id>)`;
    if (page.form === undefined && page.screen === undefined && page.prompt === undefined)
      return `${where}: name the login screen (screen: login) or the form (form: <name or id>)`;
  }
  const expectations = journey.expect;
  if (
    expectations.denied !== undefined &&
    (expectations.claims || expectations.user_metadata || expectations.app_metadata)
  )
    return "expect: a denied login has no ID token: give either denied, or claims and metadata";
  return undefined;
}

/** Checks the parsed document `value` of `file`; the journey, or a {@link JourneyError} naming the path. */
export function journeyOf(value: unknown, file: string): Journey {
  validator ??= createAjv().compile(JOURNEY_SCHEMA);
  if (!validator(value)) throw new JourneyError(file, describeSchemaError(validator.errors![0]));
  const parsed = value as Omit<Journey, "fixtures" | "expect"> & Partial<Pick<Journey, "fixtures" | "expect">>;
  const journey: Journey = { ...parsed, fixtures: parsed.fixtures ?? [], expect: parsed.expect ?? {} };
  const broken = checkRules(journey);
  if (broken) throw new JourneyError(file, broken);
  return journey;
}

/** Parses the YAML `text` of `file` into a journey. */
export function parseJourney(text: string, file: string): Journey {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    const [first] = document.errors;
    const line = first.linePos?.[0];
    throw new JourneyError(
      file,
      `not valid YAML${line ? ` (line ${line.line}, column ${line.col})` : ""}: ${first.message.split("\n")[0]}`,
    );
  }
  return journeyOf(document.toJS(), file);
}

/** Reads and parses the journey file `file`. */
export function readJourney(file: string): Journey {
  let source: string;
  try {
    source = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new JourneyError(
      file,
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  return parseJourney(source, file);
}
