/**
 * Policy violations in the review comment, from a streaming preview's engine events: mandatory
 * ones first (the preview fails, each named with its object), advisory ones in the summary row
 * of their object (or, for an unchanged object, under the table).
 */
import { planOfPreview } from "../../../../provider/cli/review/plan";
import {
  parseEngineEventLines,
  policyViolationsOf,
  previewOfEvents,
  type ReviewEngineEvent,
} from "../../../../provider/cli/review/policies";
import { renderReview } from "../../../../provider/cli/review/render";
import { fiveChangesPreview } from "../../../fixtures/review-plan";

const urnOf = (name: string, type: string) => `urn:pulumi:prod::shop::pulumi-nodejs:dynamic/tenant:${type}::${name}`;

const policyEvent = (policy: string, level: string, urn: string | undefined, said: string): ReviewEngineEvent => ({
  policyEvent: {
    resourceUrn: urn,
    message: `The rule's description.\n${said}\n`,
    policyName: policy,
    policyPackName: "pulumi-tenant",
    enforcementLevel: level,
  },
});

/** The five changes of the fixture as a streaming preview prints them, with policy events after. */
function stream(policies: ReviewEngineEvent[]): string {
  const steps = fiveChangesPreview("dynamic").steps ?? [];
  const events = [
    ...steps.map((step) => ({
      resourcePreEvent: {
        metadata: {
          op: step.op,
          urn: step.urn,
          type: step.urn.split("::")[2]!,
          old: step.oldState,
          new: step.newState,
        },
      },
    })),
    ...policies,
  ];
  return events.map((event, sequence) => JSON.stringify({ sequence, timestamp: 0, ...event })).join("\n");
}

describe("policy violations in the review", () => {
  const signup = fiveChangesPreview("dynamic").steps!.find((step) => step.urn.endsWith("::signup"))!.urn;
  const events = parseEngineEventLines(
    stream([
      policyEvent("form-paths-end", "mandatory", signup, 'Form "signup": nodes[2] "stuck" never reaches "$ending".'),
      policyEvent(
        "form-nodes-reachable",
        "advisory",
        signup,
        'Form "signup": nodes[3] "orphan" is reached by no path.',
      ),
      policyEvent("production-rate-limits-block", "advisory", urnOf("login", "RateLimitPolicy"), "action is log."),
      policyEvent("form-paths-end", "mandatory", signup, 'Form "signup": nodes[2] "stuck" never reaches "$ending".'),
    ]),
  )!;

  it("reads a streaming preview: its steps as the digest gives them, each violation once, mandatory first", () => {
    expect(planOfPreview(previewOfEvents(events)).changes.map((change) => change.name)).toEqual(
      planOfPreview(fiveChangesPreview("dynamic")).changes.map((change) => change.name),
    );
    expect(policyViolationsOf(events)).toEqual([
      expect.objectContaining({ policy: "form-paths-end", level: "mandatory", name: "signup", label: "form" }),
      expect.objectContaining({
        policy: "form-nodes-reachable",
        level: "advisory",
        message: expect.stringMatching(/^Form "signup": nodes\[3\]/),
      }),
      expect.objectContaining({ policy: "production-rate-limits-block", name: "login" }),
    ]);
    expect(parseEngineEventLines('{"steps": []}')).toBeUndefined();
  });

  it("puts mandatory violations first and advisory ones in their object's row", () => {
    const plan = { ...planOfPreview(previewOfEvents(events)), policies: policyViolationsOf(events) };
    const comment = renderReview(plan);
    const lines = comment.split("\n");
    const failure = lines.findIndex((line) => line.includes("**Policy violations**"));
    expect(failure).toBeGreaterThan(0);
    expect(failure).toBeLessThan(lines.findIndex((line) => line.startsWith("| Action |")));
    expect(lines[failure + 1]).toBe(
      '> - form `signup`, policy `form-paths-end`: Form "signup": nodes[2] "stuck" never reaches "$ending".',
    );
    expect(comment).toContain("**Preview failed**");
    const row = lines.find((line) => line.startsWith("|") && line.includes("`signup`"))!;
    expect(row).toContain(
      '⚠️ policy `form-nodes-reachable` (advisory): Form "signup": nodes[3] "orphan" is reached by no path.',
    );
    expect(row).not.toContain("form-paths-end");
    expect(comment).toMatch(
      /Advisory policy findings on objects this preview does not change:\n\n- rate limit policy `login`, policy `production-rate-limits-block`: action is log\./,
    );
    const advisoryOnly = { ...plan, policies: plan.policies.filter((violation) => violation.level === "advisory") };
    expect(renderReview(advisoryOnly)).toContain("Preview succeeded.");
  });
});
