/**
 * Policy violations in a review: what a policy pack (`pulumi preview --policy-pack DIR`) said
 * of each object. The engine reports them only as engine events (`policyEvent`), which
 * `pulumi preview --json` leaves out of its digest; a streaming preview
 * (`PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json`) prints every engine event,
 * one JSON object a line. This module reads such a stream into the digest's shape and the
 * violations beside it.
 */
import { stripVTControlCharacters } from "node:util";
import { kindLabel } from "../../../api";
import { kindOfType } from "../../backend/stack-state";
import type { PolicyViolation, PreviewDiagnostic, PreviewJson, PreviewStep, StepState } from "./plan";

/** The engine events a review reads (the Automation API's `EngineEvent` shape, as far as used). */
export interface ReviewEngineEvent {
  resourcePreEvent?: {
    metadata: { op: string; urn: string; type: string; old?: StepState; new?: StepState; replaceReasons?: string[] };
  };
  diagnosticEvent?: { urn?: string; message: string; severity: string; ephemeral?: boolean };
  policyEvent?: {
    resourceUrn?: string;
    message: string;
    policyName: string;
    policyPackName: string;
    enforcementLevel: string;
  };
}

/** The events of a streaming preview's output (one JSON object a line), or undefined when `text` is not one. */
export function parseEngineEventLines(text: string): ReviewEngineEvent[] | undefined {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) return undefined;
  try {
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    return events.every((event) => typeof event === "object" && event !== null && "sequence" in event)
      ? (events as ReviewEngineEvent[])
      : undefined;
  } catch {
    return undefined;
  }
}

/** The digest of a streaming preview: its steps and its diagnostics, as `pulumi preview --json` prints them. */
export function previewOfEvents(events: ReviewEngineEvent[]): PreviewJson {
  const steps: PreviewStep[] = [];
  const diagnostics: PreviewDiagnostic[] = [];
  for (const event of events) {
    const step = event.resourcePreEvent?.metadata;
    if (step) {
      steps.push({
        op: step.op,
        urn: step.urn,
        oldState: step.old,
        newState: step.new,
        replaceReasons: step.replaceReasons,
      });
    }
    const diagnostic = event.diagnosticEvent;
    if (diagnostic && !diagnostic.ephemeral && diagnostic.severity !== "debug") {
      diagnostics.push({
        urn: diagnostic.urn || undefined,
        message: diagnostic.message,
        severity: diagnostic.severity,
      });
    }
  }
  return { steps, diagnostics };
}

/** The violations of a preview's events, each once, mandatory first. */
export function policyViolationsOf(events: ReviewEngineEvent[]): PolicyViolation[] {
  const seen = new Set<string>();
  const found: PolicyViolation[] = [];
  for (const event of events) {
    const policy = event.policyEvent;
    if (!policy) continue;
    // The engine's message is the policy's description, then what it said of this object.
    const lines = stripVTControlCharacters(policy.message).trim().split("\n");
    const message = (lines.length > 1 ? lines.slice(1) : lines).join("\n").trim();
    const urn = policy.resourceUrn || undefined;
    const type = urn?.split("::")[2] ?? "";
    const kind = kindOfType(type);
    const label = kind ? kindLabel(kind) : type.split(":").pop() || undefined;
    const key = `${policy.policyName}\u0000${urn ?? ""}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({
      urn,
      name: urn?.split("::").pop(),
      label,
      policy: policy.policyName,
      pack: policy.policyPackName,
      level: policy.enforcementLevel,
      message,
    });
  }
  return found.sort((a, b) => Number(b.level === "mandatory") - Number(a.level === "mandatory"));
}
