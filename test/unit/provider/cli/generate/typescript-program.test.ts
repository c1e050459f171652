/** The generator's pure parts: names, literals, and the program built from a tenant snapshot. */
import * as fc from "fast-check";
import { describeContents } from "../../../../../provider/cli/generate/model";
import { secretLines } from "../../../../../provider/cli/generate/secret-setup";
import { buildProgram } from "../../../../../provider/cli/generate/typescript-program";
import { shellWord } from "../../../../../provider/cli/shell";
import { selectorWords } from "../../../../../api/kinds/rate-limit-policy/contract";
import { Code, printLiteral, printString } from "../../../../../provider/printers/literal";
import { identifierFrom, isUsableIdentifier, NameAllocator, wordsOf } from "../../../../../provider/cli/generate/names";
import { FORM_ID, fixtureView, snapshot } from "../../../../fixtures/generate-snapshot";
import { KIND_NAMES, KINDS, newId } from "../../../../../api";

/** Evaluates a printed literal (with `cfg.requireSecret` as a marker). */
/** The generated program's `adopt` on its source tenant: the ids of its adopt.json. */
interface SourceAdoption {
  id(name: string): string | undefined;
  singleton: true;
}

/** `source` evaluated, with `cfg` and (for resource arguments) `adopt` on the tenant adopt.json names. */
function evaluate(source: string, adopt?: SourceAdoption): unknown {
  const cfg = { requireSecret: (name: string) => ({ secret: name }) };
  return new Function("cfg", "adopt", `return (${source});`)(cfg, adopt);
}

/** The program's `adopt` on its source tenant, from its adopt.json. */
function sourceAdoption(files: Record<string, string>): SourceAdoption {
  const ids = (JSON.parse(files["adopt.json"]!) as { ids: Record<string, string> }).ids;
  return { id: (name) => ids[name], singleton: true };
}

describe("names", () => {
  it("a name becomes a readable camelCase identifier", () => {
    expect(identifierFrom("Sign-up (EU)", "form")).toBe("signUpEu");
    expect(identifierFrom("crm-sync", "eventStream")).toBe("crmSync");
    expect(identifierFrom("Security alerts", "eventStream")).toBe("securityAlerts");
    expect(identifierFrom("myExistingForm", "form")).toBe("myExistingForm");
    expect(identifierFrom("MFA enrolment", "form")).toBe("mfaEnrolment");
    expect(wordsOf("Ünïcode café")).toEqual(["Unicode", "cafe"]);
  });

  it("a name without letters, or starting with a digit, takes the kind as a prefix", () => {
    expect(identifierFrom("", "form")).toBe("form");
    expect(identifierFrom("🙂 !!", "eventStream")).toBe("eventStream");
    expect(identifierFrom(undefined, "eventStream")).toBe("eventStream");
    expect(identifierFrom("2FA enrolment", "form")).toBe("form2faEnrolment");
  });

  it("identifiers are unique: a taken one gets the kind's suffix, then a number; reserved words are avoided", () => {
    const names = new NameAllocator();
    names.reserve("pulumi", "tenant", "fs", "path", "cfg");
    expect(names.allocate("Newsletter", "form", "Form")).toBe("newsletter");
    expect(names.allocate("Newsletter", "form", "Form")).toBe("newsletterForm");
    expect(names.allocate("Newsletter", "form", "Form")).toBe("newsletter2");
    expect(names.allocate("newsletter", "eventStream", "Stream")).toBe("newsletterStream");
    expect(names.allocate("Tenant", "form", "Form")).toBe("tenantForm");
    expect(names.allocate("class", "form", "Form")).toBe("classForm");
    expect(names.allocate("default", "rateLimit", "Policy")).toBe("defaultPolicy");
  });

  it("every allocated name is a usable identifier and none repeats (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 40 }), (texts) => {
        const names = new NameAllocator();
        const given = texts.map((text) => names.allocate(text, "form", "Form"));
        expect(new Set(given).size).toBe(given.length);
        for (const name of given) expect(isUsableIdentifier(name)).toBe(true);
      }),
    );
  });
});

describe("literals", () => {
  it("keys are bare where valid, quoted otherwise; short values stay on one line", () => {
    expect(printLiteral({ a: 1, "legal-note": "x", nested: { b: [true, null] } })).toBe(
      '{ a: 1, "legal-note": "x", nested: { b: [true, null] } }',
    );
    expect(printLiteral({})).toBe("{}");
    expect(printLiteral([])).toBe("[]");
  });

  it("long values break over lines with trailing commas", () => {
    const printed = printLiteral({ name: "x".repeat(60), other: "y".repeat(60) });
    expect(printed).toBe(`{\n  name: "${"x".repeat(60)}",\n  other: "${"y".repeat(60)}",\n}`);
  });

  it("multi-line text is a template literal with backticks, backslashes and ${ escaped", () => {
    const css = '.a { content: "\\201C"; }\n/* `tick` ${not} */\n';
    const printed = printString(css);
    expect(printed.startsWith("`")).toBe(true);
    expect(evaluate(printed)).toBe(css);
    // A carriage return would be normalised in a template literal: JSON escapes it.
    expect(printString("a\r\nb")).toBe('"a\\r\\nb"');
  });

  it("Code is emitted as is", () => {
    expect(printLiteral({ password: new Code('cfg.requireSecret("p")') })).toBe('{ password: cfg.requireSecret("p") }');
  });

  it("a `__proto__` key stays an own property", () => {
    const value = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
    expect(evaluate(printLiteral(value))).toEqual(value);
    expect(Object.keys(evaluate(printLiteral(value)) as object)).toContain("__proto__");
  });

  it("evaluating the printed literal gives back any JSON value (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 20 }), (value, indent) => {
        const normal = JSON.parse(JSON.stringify(value)) as unknown;
        expect(evaluate(printLiteral(normal, indent, { width: 60 }))).toEqual(normal);
      }),
      { numRuns: 300 },
    );
  });
});

const options = {
  projectName: "acme",
  providerVersion: "^0.2.0",
  pulumiVersion: "3.248.0",
  generatedAt: new Date("2026-11-23T00:00:00Z"),
};

/** The argument object of `new tenant.<Kind>("<name>", …)` in index.ts, evaluated. */
function argsOf(files: Record<string, string>, name: string): Record<string, unknown> {
  const index = files["index.ts"]!;
  const start = index.indexOf(`(${JSON.stringify(name)}, `);
  const from = start + name.length + 4;
  const end = index.indexOf("\n});", from);
  const source = index.slice(from, end === -1 ? index.indexOf(");", from) : end + 2);
  return evaluate(source, sourceAdoption(files)) as Record<string, unknown>;
}

describe("the generated program", () => {
  it("holds one adopting resource per object, server-made fields dropped, and the files of a project", () => {
    const program = buildProgram(snapshot(), options);
    expect(Object.keys(program.files).sort()).toEqual([
      ".gitignore",
      "Pulumi.yaml",
      "README.md",
      "adopt.json",
      "index.ts",
      "login.html",
      "package.json",
      "tsconfig.json",
    ]);
    expect(program.resources.map((resource) => `${resource.kind} ${resource.name}`)).toEqual([
      "Form signUp",
      "EventStream audit",
      "EventStream auditStream",
      "LoginTemplate loginTemplate",
      "RateLimitPolicy clientAppExampleComRateLimit",
    ]);
    const index = program.files["index.ts"];
    expect(argsOf(program.files, "signUp")).toEqual({
      adoptId: FORM_ID,
      name: "Sign-up",
      start: { next_node: "s" },
      ending: { resume_flow: true },
      nodes: [
        {
          id: "s",
          type: "STEP",
          config: {
            next_node: "$ending",
            components: [
              {
                id: "captcha",
                category: "WIDGET",
                type: "RECAPTCHA",
                config: { site_key: "site", secret_key: { secret: "signUpCaptchaSecretKey" } },
              },
              {
                id: "card",
                category: "FIELD",
                type: "PAYMENT",
                config: {
                  charge: { type: "ONE_OFF", one_off: { amount: 10, currency: "EUR" } },
                  credentials: { public_key: "pk", private_key: { secret: "signUpCardCredentialsPrivateKey" } },
                },
              },
            ],
          },
        },
      ],
    });
    expect(argsOf(program.files, "auditStream")).toEqual({
      adoptId: "est_3Nf7qL3mXcVbT8wRyK1pDz",
      name: "audit",
      status: "disabled",
      subscriptions: [{ event_type: "user.deleted" }],
      destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } },
    });
    expect(argsOf(program.files, "clientAppExampleComRateLimit")).toEqual({
      adoptId: "rlp_2Nf7qL3mXcVbT8wRyK1pD",
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "client_id:https://app.example.com/cimd.json",
      configuration: { action: "block", limit: 10 },
    });
    expect(index).toContain(
      'new tenant.LoginTemplate("loginTemplate", {\n  adopt: adopt.singleton,\n  template: fs.readFileSync(path.join(__dirname, "login.html"), "utf8"),\n});',
    );
    expect(index).not.toMatch(
      /created_at|updated_at|embedded_at|submitted_at|aws_partner_event_source|recaptcha-secret|sk-secret/,
    );
    expect(program.files["login.html"]).toBe(fixtureView().loginTemplate);
    expect(program.files[".gitignore"]).toContain(".tenant-secrets/");
    expect(JSON.parse(program.files["package.json"])).toMatchObject({
      dependencies: { "@pulumi/pulumi": "3.248.0", "pulumi-tenant": "^0.2.0" },
    });
    expect(program.files["Pulumi.yaml"]).toBe(
      'name: acme\ndescription: "The tenant acme.eu.auth0.com in code (generated by pulumi-tenant generate)"\n' +
        "runtime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
  });

  it("holds no id of the tenant: adopt.json records them by resource name, answered by tenant.adoption", () => {
    const program = buildProgram(snapshot(), options);
    const index = program.files["index.ts"];
    const ids = program.resources.filter((resource) => resource.kind !== "LoginTemplate").map(({ id }) => id);
    expect(ids).toHaveLength(4);
    for (const id of ids) expect(index).not.toContain(id);
    expect(JSON.parse(program.files["adopt.json"])).toEqual({
      tenant: "https://acme.eu.auth0.com",
      ids: {
        signUp: FORM_ID,
        audit: program.resources[1]!.id,
        auditStream: "est_3Nf7qL3mXcVbT8wRyK1pDz",
        clientAppExampleComRateLimit: "rlp_2Nf7qL3mXcVbT8wRyK1pD",
      },
    });
    expect(index).toContain('const adopt = tenant.adoption(require("./adopt.json"));');
    expect(index).toContain(
      '/** Form "Sign-up". */\nconst signUp = new tenant.Form("signUp", {\n  adoptId: adopt.id("signUp"),',
    );
    const readme = program.files["README.md"];
    expect(readme).toContain("## Another tenant");
    expect(readme).toContain("pulumi stack init prod");
    expect(readme).toContain("pulumi config set tenant:domain '<other-tenant.eu.auth0.com>'");
    // The other tenant's secrets are prompted for: the values read from this one are not reused there.
    expect(readme).toContain("pulumi config set --secret signUpCaptchaSecretKey     # prompts:");
  });

  it("reads every secret from config: webhook secrets without a value, component secrets with the value the API returned", () => {
    const program = buildProgram(snapshot(), options);
    expect(program.secrets).toEqual([
      expect.objectContaining({ name: "signUpCaptchaSecretKey", value: "recaptcha-secret" }),
      expect.objectContaining({ name: "signUpCardCredentialsPrivateKey", value: "sk-secret" }),
      { name: "auditWebhookHeaderValue", description: expect.stringContaining("value of the header X-Key") },
    ]);
    expect(argsOf(program.files, "audit")).toMatchObject({
      destination: {
        configuration: {
          webhook_authorization: {
            method: "custom_header",
            header_key: "X-Key",
            header_value: { secret: "auditWebhookHeaderValue" },
          },
        },
      },
    });
    expect(secretLines(program.secrets)).toEqual([
      "pulumi config set --secret signUpCaptchaSecretKey < .tenant-secrets/signUpCaptchaSecretKey",
      "pulumi config set --secret signUpCardCredentialsPrivateKey < .tenant-secrets/signUpCardCredentialsPrivateKey",
      expect.stringMatching(
        /^pulumi config set --secret auditWebhookHeaderValue {5}# prompts: the value of the header X-Key/,
      ),
    ]);
    const readme = program.files["README.md"];
    expect(readme).toContain("pulumi config set --secret auditWebhookHeaderValue");
    expect(readme).toContain("rm -r .tenant-secrets");
    expect(readme).toContain("- a note");
    expect(readme).not.toMatch(/recaptcha-secret|sk-secret/);
  });

  it("the README names `pulumi up --refresh` to undo drift, and why a plain up does not", () => {
    const readme = buildProgram(snapshot(), options).files["README.md"];
    expect(readme).toContain("## Drift");
    expect(readme).toContain("npx pulumi-tenant drift");
    expect(readme).toContain("run `pulumi up --refresh` (or `pulumi refresh`, then `pulumi up`)");
    expect(readme).toMatch(/plain\s+`pulumi up` compares the code with the stack's state, not with the tenant/);
  });

  it("refreshAlways writes `options: refresh: always` into Pulumi.yaml, and the README tells its cost", () => {
    const program = buildProgram(snapshot(), { ...options, refreshAlways: true });
    const yaml = program.files["Pulumi.yaml"];
    expect(yaml).toContain("runtime:\n  name: nodejs\n  options:\n    typescript: true\n");
    expect(yaml.endsWith("\noptions:\n  refresh: always\n")).toBe(true);
    expect(program.files["README.md"]).toContain("each kind's list, a page per 100 objects, each time");
    expect(program.files["README.md"]).not.toContain("pulumi up --refresh");
  });

  it("a tenant with nothing gives a program with no resources, no config and no template", () => {
    const program = buildProgram({ domain: "empty.example.com", objects: {}, notes: [] }, options);
    expect(program.resources).toEqual([]);
    expect(program.files["login.html"]).toBeUndefined();
    expect(program.files["index.ts"]).not.toMatch(/cfg|import \* as fs/);
    // Every kind of the table, in its order: a collection's count, a singleton's absence, or a
    // keyed singleton's count of keys.
    const parts = KIND_NAMES.map((kind) => {
      const spec = KINDS[kind] as (typeof KINDS)[typeof kind] & { singletonKey?: { field: string } };
      if (spec.singletonKey) return `${spec.label} of 0 ${spec.singletonKey.field.replace(/_id$/, "")}s`;
      return spec.shape === "singleton" ? `no ${spec.label}` : `0 ${spec.plural}`;
    });
    expect(parts).toEqual(expect.arrayContaining(["0 forms", "no login page template", "0 rate limit policies"]));
    expect(describeContents({ objects: {} })).toBe(`${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`);
  });

  it("an event stream's action destination names the action resource, declared before the stream", () => {
    const actionId = "0b6c1f9e-8a0e-4c84-9d1a-3f3c2a1b4c5d";
    const at = "2026-11-01T00:00:00.000Z";
    const snapshot = {
      domain: "acme.example.com",
      notes: [],
      objects: {
        eventStream: [
          {
            id: newId("eventStream"),
            name: "signups",
            status: "enabled",
            subscriptions: [{ event_type: "user.created" }],
            destination: { type: "action", configuration: { action_id: actionId } },
            created_at: at,
            updated_at: at,
          },
        ],
        action: [
          {
            id: actionId,
            name: "forward-user-events",
            supported_triggers: [{ id: "event-stream", version: "v1" }],
            code: "exports.onExecuteEventStream = async () => {};\n",
            runtime: "node22",
            dependencies: [],
            secrets: [],
            status: "built",
            all_changes_deployed: true,
            created_at: at,
            updated_at: at,
          },
        ],
      },
    };
    const index = buildProgram(snapshot, options).files["index.ts"];
    const actionName = /const (\w+) = new tenant\.Action\(/.exec(index)?.[1];
    expect(actionName).toBeDefined();
    expect(index).toContain(`action_id: ${actionName}.id`);
    expect(index).not.toContain(actionId.slice(0, 8));
    expect(index.indexOf("new tenant.Action(")).toBeLessThan(index.indexOf("new tenant.EventStream("));
  });

  it("another configuration namespace is passed as `tenant` to every resource", () => {
    const program = buildProgram(snapshot(), { ...options, namespace: "eu" });
    expect(argsOf(program.files, "signUp")).toMatchObject({ tenant: "eu" });
    expect(program.files["index.ts"].match(/^ {2}tenant: "eu",$/gm)).toHaveLength(5);
    // Adoption reads the stack's tenant where the resources do: eu:domain.
    expect(program.files["index.ts"]).toContain(
      'const adopt = tenant.adoption(require("./adopt.json"), { tenant: "eu" });',
    );
    expect(program.files["README.md"]).toContain("when the stack's `eu:domain`");
    expect(program.files["README.md"]).toContain("pulumi config set eu:domain acme.eu.auth0.com");
  });

  it("consumer selectors give short names; shell words are quoted only when needed", () => {
    expect(selectorWords("default")).toBe("default");
    expect(selectorWords("client_id:1Ol4lXiAeex0ykflddSvxHQUBdVkKYFd")).toBe("client 1Ol4lXiA");
    expect(selectorWords("client_id:https://app.example.com/cimd.json")).toBe("client app.example.com");
    expect(shellWord("http://127.0.0.1:4010")).toBe("http://127.0.0.1:4010");
    expect(shellWord("it's")).toBe("'it'\\''s'");
  });
});
