/**
 * The dynamic providers' resource classes of table kinds are generated from the table
 * (scripts/classes.ts, `npm run classes`), as the SDKs are: the committed files are what the
 * generator writes, a kind with a hand-written class gets none, and a class takes its
 * fields, their types and their comments from the entry alone.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { KIND_NAMES, KINDS, type KindName } from "../../../api";
import { REPO_ROOT } from "../../../scripts/lib/pulumi";
import { classSource, generatedKinds, syncClasses } from "../../../scripts/classes";

describe("the generated resource classes", () => {
  it("are what the table of kinds gives (else: npm run classes)", async () => {
    expect(await syncClasses(REPO_ROOT, false)).toEqual([]);
  });

  it("every kind of the table has its generated class, unless its entry says ownClass", () => {
    const kebab = (kind: string) => kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    for (const kind of KIND_NAMES) {
      const generated = fs.existsSync(path.join(REPO_ROOT, "provider", "generated", `${kebab(kind)}.ts`));
      expect({ kind, generated }).toEqual({ kind, generated: generatedKinds().includes(kind) });
    }
  });

  it("take each create field, typed by the schema, with the field's own description", () => {
    // Any collection of the table will do, the hand-written ones included: the source is made from the entry.
    const kind = KIND_NAMES.find((name) => KINDS[name].shape === "collection") as KindName;
    const spec = KINDS[kind];
    const source = classSource(kind);
    for (const field of Object.keys(spec.createSchema.properties as object)) {
      expect(source).toContain(`DeepInput<CreateOf<"${kind}">["${field}"]>`);
      expect(source).toContain(`declare public readonly ${field}: pulumi.Output<`);
    }
    expect(source).toContain(`export class ${spec.typeName} extends DynamicResource`);
    expect(source).toContain(`kindResourceInputs("${kind}", args, name, opts)`);
  });

  it("a singleton's class takes the fields of its object, `adopt` and its lookup without an id", () => {
    const kind = KIND_NAMES.find((name) => KINDS[name].shape === "singleton") as KindName;
    const spec = KINDS[kind];
    const source = classSource(kind);
    for (const field of Object.keys(spec.responseSchema.properties as object)) {
      expect(source).toContain(`${field}: DeepInput<SingletonOf<"${kind}">["${field}"]>`);
      expect(source).toContain(`declare public readonly ${field}: pulumi.Output<SingletonOf<"${kind}">["${field}"]>`);
    }
    expect(source).toContain(`export interface ${spec.typeName}Args extends SingletonArgs`);
    expect(source).toContain(`singletonResourceInputs("${kind}", args, name, opts)`);
    expect(source).not.toContain("adoptId");
    for (const lookup of spec.lookups) expect(source).toContain(`export const ${lookup.name}: (args?: `);
  });

  it("a file edited by hand or left over is reported and put back", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "classes-"));
    try {
      fs.cpSync(path.join(REPO_ROOT, ".prettierrc.json"), path.join(root, ".prettierrc.json"));
      const dir = path.join(root, "provider", "generated");
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "index.ts"), "export {};\n");
      fs.writeFileSync(path.join(dir, "gone.ts"), "export {};\n");
      const changed = await syncClasses(root, true);
      expect(changed).toContain(path.join("provider", "generated", "gone.ts"));
      expect(changed).toContain(path.join("provider", "generated", "index.ts"));
      expect(fs.existsSync(path.join(dir, "gone.ts"))).toBe(false);
      expect(await syncClasses(root, false)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
