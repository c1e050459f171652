/**
 * The create validators compiled at build time (provider/lifecycle/precompiled.ts): written as
 * ajv standalone code, they judge every input as the validators compiled at run time do, with
 * the same messages (formats of the table's kinds included), and a validator compiled from
 * another schema than the one asked about is not used. The built package's own are current.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  compileValidator,
  contractFormats,
  createAjv,
  formatMessage,
  kindSpec,
  precompiledValidator,
  type JsonSchema,
} from "../../../../api";
import {
  precompiledKinds,
  precompiledValidate,
  writePrecompiledValidators,
} from "../../../../provider/lifecycle/precompiled";
import { checkoutCopy, type CheckoutCopy } from "../../../scratch";

let scratch: CheckoutCopy;
let dir: string;

beforeAll(() => {
  // Beside lifecycle/, as the build's dist/provider/validators is (the code requires ../lifecycle/shared and
  // ajv's runtime): in a copy of the checkout linking provider/lifecycle and node_modules, never in the checkout.
  scratch = checkoutCopy("validators", [], { link: ["provider/lifecycle"] });
  dir = scratch.at("provider/validators");
  writePrecompiledValidators(dir);
});
afterAll(() => scratch?.remove());

const schemaOf = (kind: string) => kindSpec(kind)!.createSchema as JsonSchema;

/** Inputs each kind's validators must judge alike: valid ones and each kind of failure. */
const SAMPLES: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
  form: {
    valid: [
      { name: "Sign-up" },
      {
        name: "Sign-up",
        start: { next_node: "details" },
        nodes: [
          {
            id: "details",
            type: "STEP",
            config: {
              components: [{ id: "email", category: "FIELD", type: "EMAIL", label: "Email", required: true }],
              next_node: "$ending",
            },
          },
        ],
      },
    ],
    invalid: [
      {},
      { name: "" },
      { name: "x", surprise: 1 },
      { name: "x", nodes: [{ id: "a", type: "NOPE" }] },
      { name: "x", nodes: [{ id: "f", type: "FLOW", config: { flow_id: "not a flow id", next_node: "$ending" } }] },
      { name: "x", start: { next_node: "not a pointer!" } },
      { name: "x", nodes: [{ id: "s", type: "STEP", config: { components: [{ id: "c", category: "FIELD" }] } }] },
    ],
  },
  eventStream: {
    valid: [],
    invalid: [{}, { destination: { type: "nope" } }, { name: 7, destination: {} }],
  },
  rateLimitPolicy: { valid: [], invalid: [{}, { resource: "x", consumer: 1 }] },
  flow: { valid: [{ name: "enrich" }], invalid: [{}, { name: "x", actions: [{ type: "NOPE" }] }] },
  flowVaultConnection: { valid: [], invalid: [{}, { name: "x", app_id: "NOPE" }] },
};

describe("precompiled create validators", () => {
  it("are written for every collection kind of the table", () => {
    expect(precompiledKinds().map(({ kind }) => kind)).toEqual(expect.arrayContaining(Object.keys(SAMPLES)));
    for (const { kind } of precompiledKinds()) expect(fs.existsSync(path.join(dir, `${kind}.js`))).toBe(true);
  });

  it.each(Object.keys(SAMPLES))("judge %s inputs as the validator compiled at run time does", (kind) => {
    const ajv = createAjv(contractFormats);
    const validate = precompiledValidate(kind, schemaOf(kind), dir);
    expect(validate).toBeDefined();
    const precompiled = precompiledValidator(validate!, ajv);
    const compiled = compileValidator(schemaOf(kind), createAjv(contractFormats));
    for (const value of SAMPLES[kind]!.valid) expect(precompiled(value)).toBeUndefined();
    for (const value of SAMPLES[kind]!.invalid) {
      const issue = precompiled(value);
      expect(issue).toBeDefined();
      expect(issue).toEqual(compiled(value));
    }
  });

  it("names the failing property and the format's own message", () => {
    const precompiled = precompiledValidator(
      precompiledValidate("form", schemaOf("form"), dir)!,
      createAjv(contractFormats),
    );
    expect(precompiled({})).toEqual({ property: "name", message: "Missing required property" });
    const flowId = precompiled({
      name: "x",
      nodes: [{ id: "f", type: "FLOW", config: { flow_id: "nope", next_node: "$ending" } }],
    });
    expect(flowId?.property).toBe("nodes[0].config.flow_id");
    expect(flowId?.message).toBe(formatMessage("flow-id", contractFormats()));
  });

  it("are not used for another schema than theirs, nor where none was built", () => {
    expect(precompiledValidate("form", { ...schemaOf("form"), description: "changed" }, dir)).toBeUndefined();
    expect(precompiledValidate("form", schemaOf("form"), path.join(dir, "missing"))).toBeUndefined();
  });
});
