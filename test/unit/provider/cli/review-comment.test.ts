/**
 * The review comment from `pulumi preview --json`: the same comment through either door (the
 * dynamic providers' serialized `__provider` ignored, the plugin's camelCase names renamed
 * back), replacements, deletions and invalid input first, the full diff collapsed, the limit
 * kept, and no secret of any kind of the table in it, plaintext or hashed.
 */
import "../../../fixtures/kinds/gadget";
import "../../../fixtures/kinds/connector";
import { createHash } from "node:crypto";
import { EACH, kindNames, kindSpec, type SecretPath } from "../../../../api";
import { planOfPreview, type PreviewJson } from "../../../../provider/cli/review/plan";
import { COMMENT_MARKER, renderReview } from "../../../../provider/cli/review/render";
import { fiveChangesPreview, updateStep, signupForm } from "../../../fixtures/review-plan";

/** The lines of the comment before the collapsed diff. */
const beforeDetails = (comment: string) => comment.slice(0, comment.indexOf("<details>")).trimEnd().split("\n");

/** The change cells of the summary table, one entry per change. */
function summaryChanges(comment: string): string[] {
  const rows = comment.split("\n").filter((line) => /^\| .* \| `[^`]+` \|/.test(line) && !line.includes("---"));
  return rows.flatMap((row) => {
    const cells = row.split(/(?<!\\)\|/).map((text) => text.trim());
    return cells[6]!.split("<br>").map((entry) => `${cells[3]} ${entry}`);
  });
}

describe("the review comment", () => {
  it.each(["dynamic", "plugin"] as const)(
    "the five changes through the %s door: a summary naming exactly them",
    (door) => {
      const comment = renderReview(planOfPreview(fiveChangesPreview(door)), { diffText: "(the full diff)" });
      expect(summaryChanges(comment)).toEqual([
        "`signup` `components[company]: config.max_length, required`",
        "`signup` `components[phone] added`",
        "`signup` `components[next]: config.text`",
        "`signup` `nodes[route_by_company]: config.fallback`",
        "`audit` `subscriptions[user.login] added`",
      ]);
      expect(comment.startsWith(COMMENT_MARKER)).toBe(true);
      expect(comment).not.toContain("__provider");
      expect(comment).not.toContain("serialized");
      expect(beforeDetails(comment).length).toBeLessThan(60);
      // The router's new edge is drawn: before and after, the fallback going to the flow node.
      expect(comment.match(/```mermaid/g)).toHaveLength(2);
      expect(comment).toContain('-->|"fallback"|');
      expect(comment).toMatch(
        /<details><summary>Full <code>pulumi preview --diff<\/code><\/summary>\n\n```diff\n\(the full diff\)/,
      );
    },
  );

  it("both doors give the same comment", () => {
    const render = (door: "dynamic" | "plugin") =>
      renderReview(planOfPreview(fiveChangesPreview(door))).replace(/dynamic\/tenant|tenant:index/g, "");
    expect(render("plugin")).toBe(render("dynamic"));
  });

  it("replacements and deletions come first, saying what they destroy; invalid input names the property path", () => {
    const form = signupForm();
    const replace = { ...updateStep("dynamic", "Form", "signup", form, { ...form, name: "x" }), op: "replace" };
    const gone = { ...updateStep("dynamic", "EventStream", "audit", {}, {}), op: "delete" };
    const badUrn = "urn:pulumi:production::tenant-demo::pulumi-nodejs:dynamic/tenant:Form::broken";
    const preview: PreviewJson = {
      steps: [replace, gone].map((step) => ({ ...step, replaceReasons: step.op === "replace" ? ["name"] : null })),
      diagnostics: [
        {
          urn: badUrn,
          severity: "error",
          message: "\u001b[31mproperty nodes[0].config.next_node: names no node (step_missing)\u001b[0m",
        },
      ],
    };
    const comment = renderReview(planOfPreview(preview));
    const lines = beforeDetails(comment);
    const first = lines.findIndex((line) =>
      line.includes("**Replaces** form `signup` (`Sign-up`, 3 `nodes`) because `name` changed"),
    );
    expect(first).toBeGreaterThan(0);
    expect(lines.findIndex((line) => line.includes("**Deletes** event stream `audit`"))).toBeGreaterThan(first);
    expect(comment).toContain("> property nodes[0].config.next_node: names no node (step_missing)");
    expect(comment.indexOf("**Invalid input** in form `broken`")).toBeLessThan(comment.indexOf("| Action |"));
    expect(comment).toContain("1 to replace, 1 to delete, 1 to fix");
  });

  it("an adoption names the object it takes over; a create, an import and a delete say what they do", () => {
    const form = signupForm();
    const step = (op: string, name: string, news: Record<string, unknown>) => ({
      ...updateStep("dynamic", "Form", name, {}, news),
      op,
    });
    const preview = {
      steps: [
        step("create", "adopted", { ...form, adoptId: "ap_xPZU6q3E1DoZmoheLkfGX8" }),
        step("create", "fresh", form),
        step("import", "imported", form),
      ],
    };
    const plan = planOfPreview(preview);
    expect(plan.changes.map((change) => change.action)).toEqual(["adopt", "create", "import"]);
    const comment = renderReview(plan);
    expect(comment).toContain(
      "| 📥 adopt | form | `adopted` | tenant | `production` | takes over `ap_xPZU6q3E1DoZmoheLkfGX8`<br>sets `name`",
    );
    expect(comment).toContain("| ➕ create | form | `fresh` |");
    expect(comment).not.toContain("adoptId");
  });

  it("a reference to another object of the stack names it, in the list and in the drawing", () => {
    const flowId = "af_3Nf7qL3mXcVbT8wRyK1pDz";
    const flowUrn = "urn:pulumi:production::tenant-demo::pulumi-nodejs:dynamic/tenant:Flow::enrich";
    const flowState = { urn: flowUrn, type: "pulumi-nodejs:dynamic/tenant:Flow", id: flowId, outputs: { id: flowId } };
    const after = structuredClone(signupForm()) as { nodes: { config: Record<string, unknown> }[] };
    after.nodes[2]!.config.flow_id = flowId;
    const preview = {
      steps: [
        { op: "same", urn: flowUrn, oldState: flowState, newState: flowState },
        updateStep("dynamic", "Form", "signup", signupForm(), after),
      ],
    };
    const comment = renderReview(planOfPreview(preview));
    expect(comment).toContain(`\`config.flow_id\` \`af_2Nf7qL3mXcVbT8wRyK1pDz\` → \`${flowId}\` (flow \`enrich\`)`);
    expect(comment).toContain('[["Enrich the profile → flow enrich"]]');
    expect(summaryChanges(comment)).toEqual(["`signup` `nodes[flow_enrich]: config.flow_id`"]);
  });

  it("stays under the limit, cutting the collapsed diff at a line with a note", () => {
    const diffText = Array.from({ length: 5000 }, (_, i) => `~ line ${i} of a very long preview`).join("\n");
    const comment = renderReview(planOfPreview(fiveChangesPreview("dynamic")), { diffText, limit: 20_000 });
    expect(comment.length).toBeLessThanOrEqual(20_000);
    expect(comment).toMatch(/> \*\*Cut:\*\* the last \d+ lines of the preview exceed GitHub's comment limit/);
    expect(comment).toContain("</details>");
    expect(summaryChanges(comment)).toHaveLength(5);
  });

  it("names the sections it cuts when even they do not fit", () => {
    const comment = renderReview(planOfPreview(fiveChangesPreview("dynamic")), { limit: 1_600 });
    expect(comment).toMatch(/> \*\*Cut:\*\* the details of `(signup|audit)`/);
    expect(summaryChanges(comment)).toHaveLength(5);
  });
});

/** A value holding `secret` at `path` (one item per array, the `where` keys set). */
function holding(path: SecretPath, secret: string): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return secret;
  if (step === EACH) return [{ id: "item", ...(holding(rest, secret) as object) }];
  if (typeof step === "object") return { ...step.where, ...(holding(rest, secret) as object) };
  return { [step]: holding(rest, secret) };
}

describe("no secret of any kind reaches the comment", () => {
  const withSecrets = kindNames().filter((kind) => kindSpec(kind)!.secretPaths.length > 0);

  it("the table has kinds with secrets, the write-only connector among them", () => {
    expect(withSecrets).toEqual(expect.arrayContaining(["form", "eventStream", "connector"]));
  });

  it.each(withSecrets.flatMap((kind) => (["dynamic", "plugin"] as const).map((door) => [kind, door] as const)))(
    "%s through the %s door: every secret path, changed, in plaintext in the plan and the diff",
    (kind, door) => {
      const spec = kindSpec(kind)!;
      // One value per secret path: paths through different branches of a union (a basic
      // authorization's password, a bearer's token) cannot all hold in one value.
      spec.secretPaths.forEach((path, index) => {
        const olds = { name: `the ${kind}`, ...(holding(path, `s3cr3t-old-${kind}-${index}`) as object) };
        const news = { ...(holding(path, `s3cr3t-new-${kind}-${index}`) as object), name: `renamed ${kind}` };
        const preview = { steps: [updateStep(door, spec.typeName, "subject", olds, news)] };
        const plan = planOfPreview(preview);
        const secrets = [`s3cr3t-old-${kind}-${index}`, `s3cr3t-new-${kind}-${index}`];
        expect({ path, found: plan.secrets.sort() }).toEqual({ path, found: [...secrets].sort() });
        const comment = renderReview(plan, { diffText: JSON.stringify(preview, null, 2), secrets: plan.secrets });
        expect(comment).toContain(`renamed ${kind}`);
        for (const secret of secrets) {
          expect(comment).not.toContain(secret);
          for (const encoding of ["hex", "base64", "base64url"] as const) {
            for (const algorithm of ["sha256", "sha1", "md5"]) {
              expect(comment).not.toContain(createHash(algorithm).update(secret).digest(encoding));
            }
          }
        }
        expect(comment).toContain("[secret]");
      });
    },
  );
});
