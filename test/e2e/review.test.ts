/**
 * The review comment through the real engine, and as GitHub would show it: the realistic
 * example is deployed, the issue's five changes are made to a copy of its source (insert a
 * `phone` field before the Next button, rename that button, make `company` required with
 * `max_length` 120, send the router's fallback to the flow node, add one subscription), and
 * `pulumi-tenant review` turns `pulumi preview --json` into a comment naming exactly those
 * five. Every Mermaid drawing the review tests use is rendered by the `mermaid` package in a
 * headless Chromium (one launch for the file); the rendered comment is saved as a PNG under
 * test-artifacts/review/. The plugin door (`tenant:index:Form`, camelCase names) gives its
 * change in the API's names.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { main } from "../../provider/cli/index";
import { planOfPreview } from "../../provider/cli/review/plan";
import { renderReview } from "../../provider/cli/review/render";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { fiveChangesPreview, signupForm, updateStep } from "../fixtures/review-plan";
import { E2E_TIMEOUT_MS, runCli, startE2e, type E2eContext } from "./harness";
import { ARTIFACTS_DIR, CommentRenderer } from "./review-browser";

jest.setTimeout(E2E_TIMEOUT_MS);

const EXAMPLE_DIR = path.join(REPO_ROOT, "examples", "realistic");
const HOOK_PASSWORD = "review-hook-secret-3f9a";

/** `source` with `pattern` replaced, failing clearly when the example no longer has that line. */
function edit(source: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = source.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`)) ?? [];
  if (matches.length !== 1) {
    throw new Error(
      `examples/realistic/index.ts: ${matches.length} matches for ${what} (${pattern}); update this test's edit`,
    );
  }
  return source.replace(pattern, replacement);
}

/** The issue's five changes, made to the example's source as an author would. */
export function applyFiveChanges(source: string): string {
  // The router's fallback goes to the FLOW node, whatever its id.
  const flowNode = /id: "([\w-]+)",\s*type: "FLOW"/.exec(source)?.[1];
  if (!flowNode) throw new Error("examples/realistic/index.ts: no FLOW node found; update this test's edit");
  let out = edit(
    source,
    /^(\s*)\{ id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: \{ text: "Continue" \} \},$/m,
    '$1{ id: "phone", category: "FIELD", type: "TEL", required: false, config: { placeholder: "+1 555 0100" } },\n' +
      '$1{ id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Create account" } },',
    "the Next button",
  );
  out = edit(
    out,
    /\{ id: "company", category: "FIELD", type: "TEXT", required: false, config: \{ max_length: 100 \} \}/,
    '{ id: "company", category: "FIELD", type: "TEXT", required: true, config: { max_length: 120 } }',
    "the company field",
  );
  out = edit(out, /fallback: "\$ending"/, `fallback: "${flowNode}"`, "the router's fallback");
  // The audit stream's subscriptions (the one that also takes user.deleted).
  return edit(
    out,
    /(subscriptions: \[[^\]]*"user\.deleted"[^\]]*)\]/,
    '$1, { event_type: "user.login" }]',
    "the audit stream's subscriptions",
  );
}

/** The change entries of the comment's summary table: `name entry`. */
function summaryChanges(comment: string): string[] {
  const rows = comment.split("\n").filter((line) => /^\| .* \| `[^`]+` \|/.test(line) && !line.includes("---"));
  return rows.flatMap((row) => {
    const cells = row.split(/(?<!\\)\|/).map((text) => text.trim());
    return cells[6]!.split("<br>").map((entry) => `${cells[3]} ${entry}`);
  });
}

/**
 * Runs `pulumi-tenant review <args>` in this process (the tenant server answers from its event
 * loop) with the stack's environment (its CLI, backend, passphrase), as a CI job has it.
 */
async function reviewAs(ctx: E2eContext, args: string[]): Promise<number> {
  const workspaceEnv = (ctx.stack.workspace as LocalWorkspace).envVars;
  const saved = Object.fromEntries(Object.keys(workspaceEnv).map((key) => [key, process.env[key]]));
  Object.assign(process.env, workspaceEnv);
  try {
    return await main(["review", ...args]);
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

let renderer: CommentRenderer;

beforeAll(async () => {
  renderer = await CommentRenderer.start();
});
afterAll(async () => {
  await renderer?.close();
});

describe("every Mermaid drawing the review tests use renders in a real browser", () => {
  const form = signupForm() as { nodes: Record<string, unknown>[] } & Record<string, unknown>;
  const cases: [string, unknown, unknown][] = [
    ["the five changes", undefined, undefined],
    [
      "a node added and one removed, labels with quotes and brackets",
      form,
      {
        ...form,
        nodes: [
          { id: "step_new", type: "STEP", alias: 'Say "hi" <now> [a|b] {c}', config: { next_node: "$ending" } },
          ...form.nodes.slice(1),
        ],
        start: { next_node: "step_new" },
      },
    ],
    ["a new graph (created)", undefined, form],
    [
      "a jump button's edge, an end/class-like id",
      form,
      {
        ...form,
        nodes: [
          ...form.nodes,
          {
            id: "end",
            type: "STEP",
            config: {
              components: [{ id: "jump", type: "JUMP_BUTTON", config: { next_node: "step_details" } }],
              next_node: "$ending",
            },
          },
        ],
      },
    ],
  ];

  test.each(cases)("%s", async (name, before, after) => {
    const preview =
      before === undefined && after === undefined
        ? fiveChangesPreview("dynamic")
        : {
            steps: [
              before === undefined
                ? { ...updateStep("dynamic", "Form", "drawn", {}, after as Record<string, unknown>), op: "create" }
                : updateStep("dynamic", "Form", "drawn", before as never, after as never),
            ],
          };
    const comment = renderReview(planOfPreview(preview), { diffText: "(diff)" });
    const expected = comment.match(/```mermaid/g)?.length ?? 0;
    expect(expected).toBeGreaterThan(0);
    const rendered = await renderer.render(comment);
    expect({ name, errors: rendered.errors }).toEqual({ name, errors: [] });
    expect(rendered.drawn).toBe(expected);
  });

  test("a drawing that does not parse is reported, not drawn", async () => {
    const rendered = await renderer.render('```mermaid\nflowchart LR\n  a -->|"open| b[[\n```\n');
    expect(rendered.drawn).toBe(0);
    expect(rendered.errors).toHaveLength(1);
    expect(rendered.errors[0]).toMatch(/Parse error|Lexical error|Syntax error/i);
  });
});

describe("the issue's five changes on the realistic example, through the real engine", () => {
  let ctx: E2eContext;
  let programDir: string;

  beforeAll(async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-review-"));
    programDir = path.join(scratch, "program");
    fs.mkdirSync(programDir);
    for (const file of fs.readdirSync(EXAMPLE_DIR)) {
      if (file !== "node_modules")
        fs.cpSync(path.join(EXAMPLE_DIR, file), path.join(programDir, file), { recursive: true });
    }
    fs.writeFileSync(
      path.join(programDir, "Pulumi.yaml"),
      "name: review-realistic\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(programDir, "node_modules"), "dir");
    ctx = await startE2e({
      programDir,
      stackName: "review",
      config: {
        hookPassword: { value: HOOK_PASSWORD, secret: true },
        crmToken: { value: "review-crm-token-Hq27", secret: true },
      },
    });
    await ctx.stack.up();
  });
  afterAll(async () => {
    await ctx?.dispose();
    if (programDir) fs.rmSync(path.dirname(programDir), { recursive: true, force: true });
  });

  test("the comment's summary names exactly the five changes, in under 60 lines before the full diff", async () => {
    const source = fs.readFileSync(path.join(programDir, "index.ts"), "utf8");
    fs.writeFileSync(path.join(programDir, "index.ts"), applyFiveChanges(source));
    const previewJson = path.join(ctx.tmpDir, "preview.json");
    const diffFile = path.join(ctx.tmpDir, "preview.txt");
    fs.writeFileSync(previewJson, await runCli(ctx.stack, ["preview", "--json"]));
    fs.writeFileSync(diffFile, await runCli(ctx.stack, ["preview", "--diff", "--color", "never"]));
    const out = path.join(ctx.tmpDir, "comment.md");
    // As preview.sh runs it: the stack named, the CLI and backend from the environment (the stack's here).
    const code = await reviewAs(ctx, [
      ...["--stack", "review", "--cwd", programDir],
      ...["--preview-json", previewJson, "--diff-file", diffFile, "--out", out],
    ]);
    expect(code).toBe(0);
    const comment = fs.readFileSync(out, "utf8");
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS_DIR, "realistic-five-changes.md"), comment);

    const flowNode = /id: "([\w-]+)",\s*type: "FLOW"/.exec(source)![1];
    expect(summaryChanges(comment).sort()).toEqual(
      [
        "`signup` `components[company]: config.max_length, required`",
        "`signup` `components[phone] added`",
        "`signup` `components[next]: config.text`",
        "`signup` `nodes[route_by_company]: config.fallback`",
        "`audit` `subscriptions[user.login] added`",
      ].sort(),
    );
    expect(comment).toContain(`\`config.fallback\` \`$ending\` → \`${flowNode}\``);
    // The tenant column names the stack's tenant by its domain (the stack's configuration).
    expect(comment).toContain(`| \`signup\` | ${ctx.server.url} | \`review\` |`);
    const head = comment.slice(0, comment.indexOf("<details>")).trimEnd().split("\n");
    expect(head.length).toBeLessThan(60);
    expect(comment).toContain("```diff");
    expect(comment).not.toContain(HOOK_PASSWORD);
    expect(comment).not.toContain("__provider");

    const rendered = await renderer.render(comment);
    expect(rendered.errors).toEqual([]);
    expect(rendered.drawn).toBe(2);
    const png = await renderer.screenshot("realistic-five-changes.png");
    process.stdout.write(`The rendered review comment: ${png}\n`);
    expect(fs.statSync(png).size).toBeGreaterThan(10_000);
  });
});

describe("the plugin door, through the real engine: the comment in the API's names", () => {
  let ctx: E2eContext;
  const scenario = { forms: 1, streams: 1 };

  beforeAll(async () => {
    ctx = await startE2e({
      programDir: path.join(REPO_ROOT, "bench", "programs", "plugin"),
      stackName: "review-plugin",
      config: {
        hookPassword: { value: HOOK_PASSWORD, secret: true },
        scenario: { value: JSON.stringify(scenario) },
      },
    });
    await ctx.stack.up();
  });
  afterAll(async () => {
    await ctx?.dispose();
  });

  test("a renamed form through tenant:index:Form: one change, named as the API names it", async () => {
    await ctx.stack.setConfig("scenario", { value: JSON.stringify({ ...scenario, formName: "Join" }) });
    // The command running both previews itself, as a user would: one change, the full diff collapsed. (The
    // plugin's values renamed from the package schema's names, `nextNode`, to the API's, on the preview's own
    // steps: unit/provider/cli/review-comment.test.ts › "both doors give the same comment".)
    const out = path.join(ctx.tmpDir, "comment.md");
    const programDir = (ctx.stack.workspace as LocalWorkspace).workDir;
    expect(await reviewAs(ctx, ["--stack", "review-plugin", "--cwd", programDir, "--out", out])).toBe(0);
    const comment = fs.readFileSync(out, "utf8");
    expect(comment).toMatch(
      /<details><summary>Full <code>pulumi preview --diff<\/code><\/summary>\n\n```diff\n.*Previewing update/,
    );
    expect(comment).toContain("| ✏️ update | form |");
    expect(summaryChanges(comment)).toEqual(["`form-0` `name`"]);
    expect(comment).toContain("- `name`: `Sign-up 0` → `Join`");
    expect(comment).not.toMatch(/nextNode|eventType|__provider/);
    expect(comment).not.toContain(HOOK_PASSWORD);
    // The graph did not change: nothing is drawn.
    expect(comment).not.toContain("```mermaid");
  });
});
