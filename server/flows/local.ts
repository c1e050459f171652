/**
 * The flow actions that need no outside service, run here: the FLOW integration's own steps
 * (store variables, map a value, return JSON, an error message, wait, nothing), JSON's and
 * JWT decoding. Those that would need what a local tenant does not have (a condition the
 * published API does not carry, XML, one-time codes kept by the service, DNS, signing keys)
 * fail with a message naming them. Pure.
 */
import { decodeJwt } from "jose";
import { isObject } from "../../api/json";

/** What a local action gives: its output, variables to store, or the message that ends the flow. */
export interface LocalOutcome {
  output?: unknown;
  /** Shared variables to store (`{{vars.<name>}}` for what follows). */
  vars?: Record<string, unknown>;
  /** An ERROR_MESSAGE: the flow ends and the person reads this. */
  shownError?: string;
}

type LocalAction = (params: Record<string, unknown>) => LocalOutcome;

/** Parses JSON text; an error saying where it is not JSON. */
function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`The text is not JSON (${error instanceof Error ? error.message : String(error)}).`, {
      cause: error,
    });
  }
}

/** The local actions, by `TYPE.ACTION`. */
export const LOCAL_ACTIONS: Readonly<Record<string, LocalAction>> = {
  "FLOW.DO_NOTHING": () => ({ output: {} }),
  // A local run does not wait: a rehearsal would only be slower.
  "FLOW.DELAY_FLOW": () => ({ output: {} }),
  "FLOW.ERROR_MESSAGE": (params) => ({ shownError: String(params.message ?? "") }),
  "FLOW.STORE_VARS": (params) => {
    const vars = isObject(params.vars) ? { ...params.vars } : {};
    return { output: vars, vars };
  },
  "FLOW.MAP_VALUE": (params) => {
    const cases = isObject(params.cases) ? params.cases : {};
    const key = String(params.input ?? "");
    return { output: Object.hasOwn(cases, key) ? cases[key] : (params.fallback ?? null) };
  },
  "FLOW.RETURN_JSON": (params) => ({ output: parseJson(params.payload) }),
  "JSON.CREATE_JSON": (params) => ({ output: params.object }),
  "JSON.PARSE_JSON": (params) => ({ output: parseJson(params.json) }),
  "JSON.SERIALIZE_JSON": (params) => ({
    output: typeof params.object === "string" ? params.object : JSON.stringify(params.object),
  }),
  "JWT.DECODE_JWT": (params) => {
    try {
      return { output: decodeJwt(String(params.token ?? "")) };
    } catch (error) {
      throw new Error(`The token is not a JWT (${error instanceof Error ? error.message : String(error)}).`, {
        cause: error,
      });
    }
  },
};

/** The actions that call no outside service but are not run by the local tenant, and why. */
export const NOT_RUN_LOCALLY: Readonly<Record<string, string>> = {
  "FLOW.BOOLEAN_CONDITION": "its condition is not part of the published flows API",
  "XML.PARSE_XML": "the local tenant has no XML parser",
  "XML.SERIALIZE_XML": "the local tenant has no XML serialiser",
  "OTP.GENERATE_CODE": "the service keeps one-time codes itself",
  "OTP.VERIFY_CODE": "the service keeps one-time codes itself",
  "EMAIL.VERIFY_EMAIL": "it looks up the domain's mail servers",
  "JWT.SIGN_JWT": "it signs with the vault connection's key on the service",
  "JWT.VERIFY_JWT": "it verifies with the vault connection's key on the service",
};

/** The message of an action the local tenant does not run. */
export function notRunLocallyMessage(key: string): string | undefined {
  const why = Object.hasOwn(NOT_RUN_LOCALLY, key) ? NOT_RUN_LOCALLY[key] : undefined;
  return why === undefined
    ? undefined
    : `${key.replace(".", " ")} is not run locally (${why}); rehearse this flow on a real tenant, or leave the action out of the local one.`;
}
