/** The table of kinds: its facts agree with the api/ modules they come from. */
import Ajv from "ajv";
import { KIND_NAMES, KINDS, kindLabel, kindOfTypeName, newId } from "../../../api";
import { TYPE_NAMES } from "../../../provider/lifecycle/tokens";

describe("the table of kinds", () => {
  it("lists the kinds the provider registers, with the same type names", () => {
    expect(KIND_NAMES.sort()).toEqual(Object.keys(TYPE_NAMES).sort());
    for (const kind of KIND_NAMES) {
      expect(KINDS[kind].typeName).toBe(TYPE_NAMES[kind]);
      expect(kindOfTypeName(KINDS[kind].typeName)).toBe(kind);
    }
    expect(kindOfTypeName("Flow")).toBe("flow");
    expect(kindOfTypeName("Gadget")).toBeUndefined();
  });

  it("names every kind in messages, the rate limit policy included", () => {
    // Every kind by its entry's label (a new kind needs no line here); the words of a few, pinned.
    for (const kind of KIND_NAMES) expect(kindLabel(kind)).toBe(KINDS[kind].label);
    expect(Object.fromEntries(KIND_NAMES.map((kind) => [kind, kindLabel(kind)]))).toMatchObject({
      form: "form",
      eventStream: "event stream",
      loginTemplate: "login page template",
      rateLimitPolicy: "rate limit policy",
      flow: "flow",
      flowVaultConnection: "flow vault connection",
    });
    expect(kindLabel("noSuchKind")).toBe("noSuchKind");
  });

  it("each collection's id schema accepts a new id of its kind and refuses a foreign prefix", () => {
    const ajv = new Ajv({ strict: false });
    for (const kind of KIND_NAMES) {
      const spec = KINDS[kind];
      if (spec.shape === "singleton") {
        expect("id" in spec).toBe(false);
        continue;
      }
      const valid = ajv.compile(spec.id.schema);
      expect(valid(newId(kind))).toBe(true);
      expect(valid(`xx_${newId(kind)}`)).toBe(false);
    }
  });

  it("gives the form its one derived secret list: the five component secrets, one path per component key", () => {
    const keys = KINDS.form.secretPaths.map(
      (path) => `${JSON.stringify(path[path.length - 2])}.${String(path.at(-1))}`,
    );
    expect(keys).toEqual([
      '"config".secret_key',
      '"config".api_key',
      '"config".server_key',
      '"config".credentials',
      '"config".access_token',
    ]);
    expect(KINDS.eventStream.secretPaths.length).toBe(3);
  });
});
