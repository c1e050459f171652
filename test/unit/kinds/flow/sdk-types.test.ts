/**
 * Our flow actions and vault connection setups against the published SDK's declarations
 * (the installed `auth0` package's generated `.d.ts`, read with the TypeScript compiler):
 * every action by `type` and `action`, every app's setups by `type`, field by field, both
 * ways. Where ours is deliberately wider, the allow-list below says so and why.
 */
import { flowActionSchema } from "../../../../api/kinds/flow/actions";
import { FLOW_VAULT_CONNECTION_SETUPS } from "../../../../api/kinds/flow-vault-connection/setups";
import { differences, readSdkDeclarations, schemaShape, type Shape } from "./sdk-declarations";

type JsonSchema = Record<string, unknown>;

/**
 * Differences kept on purpose: each line as {@link differences} writes it, with the reason.
 * An entry that no longer occurs fails the test too, so the list cannot go stale. Empty today:
 * where our schemas are wider than the SDK, it is in value types (a number or a template
 * string), which this comparison does not judge; names, required and open/closed all agree.
 */
const DELIBERATE: Readonly<Record<string, string>> = {};

const sdk = readSdkDeclarations();

/** Our actions by `TYPE ACTION`: the branches of the union of integrations, each a union of actions. */
function ourActions(): Map<string, Shape> {
  const actions = new Map<string, Shape>();
  for (const integration of flowActionSchema.oneOf as JsonSchema[]) {
    for (const action of integration.oneOf as JsonSchema[]) {
      const properties = action.properties as Record<string, { const: string }>;
      actions.set(`${properties.type.const} ${properties.action.const}`, schemaShape(action));
    }
  }
  return actions;
}

/** Our setups by app and `type`. */
function ourSetups(): Map<string, Map<string, Shape>> {
  return new Map(
    Object.entries(FLOW_VAULT_CONNECTION_SETUPS).map(([app, shapes]) => [
      app,
      new Map(
        (shapes as readonly JsonSchema[]).map((shape) => [
          (shape.properties as Record<string, { const: string }>).type.const,
          schemaShape(shape),
        ]),
      ),
    ]),
  );
}

/** Every difference between two keyed catalogues, both ways. */
function catalogueDifferences(what: string, ours: Map<string, Shape>, theirs: ReadonlyMap<string, Shape>): string[] {
  const lines: string[] = [];
  for (const key of theirs.keys()) if (!ours.has(key)) lines.push(`${what} ${key}: in the SDK, not in ours`);
  for (const key of ours.keys()) if (!theirs.has(key)) lines.push(`${what} ${key}: in ours, not in the SDK`);
  for (const [key, shape] of ours) {
    const sdkShape = theirs.get(key);
    if (sdkShape) lines.push(...differences(`${what} ${key}`, shape, sdkShape));
  }
  return lines;
}

const actionDifferences = () => catalogueDifferences("action", ourActions(), sdk.actions);

function setupDifferences(): string[] {
  const ours = ourSetups();
  const lines: string[] = [];
  for (const app of sdk.setups.keys()) if (!ours.has(app)) lines.push(`app ${app}: in the SDK, not in ours`);
  for (const [app, setups] of ours) {
    const theirs = sdk.setups.get(app);
    if (!theirs) lines.push(`app ${app}: in ours, not in the SDK`);
    else lines.push(...catalogueDifferences(`${app} setup`, setups, theirs));
  }
  return lines;
}

describe("flows against the published SDK's declarations", () => {
  it("reads the SDK's catalogue: every action and every app's setups", () => {
    expect(sdk.actions.size).toBeGreaterThanOrEqual(60);
    expect(sdk.actions.get("STRIPE GET_CUSTOMER")?.fields.get("params")?.object?.fields.has("id")).toBe(true);
    expect(sdk.setups.size).toBe(21);
    expect([...sdk.setups.get("HTTP")!.keys()].sort()).toEqual([
      "API_KEY",
      "BASIC_AUTH",
      "BEARER",
      "OAUTH_CLIENT_CREDENTIALS",
    ]);
  });

  it("finds a difference where there is one (a required param dropped, an open object closed)", () => {
    const sdkShape = sdk.actions.get("STRIPE GET_CUSTOMER")!;
    const params = sdkShape.fields.get("params")!.object!;
    const withoutId = new Map(params.fields);
    withoutId.delete("id");
    const ours: Shape = {
      ...sdkShape,
      fields: new Map([...sdkShape.fields, ["params", { optional: false, object: { fields: withoutId, open: true } }]]),
    };
    expect(differences("x", ours, sdkShape)).toEqual([
      "x.params: closed in the SDK, open in ours",
      "x.params.id: required in the SDK, not declared in ours",
    ]);
  });

  it("every flow action's fields and params are the SDK's", () => {
    expect(actionDifferences().filter((line) => !(line in DELIBERATE))).toEqual([]);
  });

  it("every vault connection app's setups are the SDK's", () => {
    expect(setupDifferences().filter((line) => !(line in DELIBERATE))).toEqual([]);
  });

  it("every deliberate difference still occurs", () => {
    const all = new Set([...actionDifferences(), ...setupDifferences()]);
    expect(Object.keys(DELIBERATE).filter((line) => !all.has(line))).toEqual([]);
  });
});
