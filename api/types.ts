/**
 * TypeScript shapes of the management API objects. Field names are the API's own, so
 * JSON taken from the API or the dashboard pastes in unchanged. The JSON Schemas in
 * `schemas.ts` state the same shapes with their limits.
 */
import type { EventType } from "./event-types";

/** x/y position of a form element in the editor. */
export interface Coordinates { x: number; y: number }

// ---------------------------------------------------------------- rate limit policies

/** What happens when a rate limit is exceeded, and the limit. Exactly one variant. */
export type RateLimitConfiguration =
  | { action: "allow" }
  | { action: "block" | "log"; limit: number }
  | { action: "redirect"; limit: number; redirect_uri: string };

/** A rate limit policy (seed 2.1). */
export interface RateLimitPolicy {
  /** Unique id, `rlp_` + 21 base58 characters (at most 26). */
  id: string;
  /** The API protected by the policy. */
  resource: "oauth_authentication_api";
  /** What consumes the API. */
  consumer: "client";
  /** `client_id:<client_id>`, `client_id:<cimd_uri>`, `cimd_clients`, `third_party_clients` or `default`. */
  consumer_selector: string;
  /** What happens when the limit is exceeded. */
  configuration: RateLimitConfiguration;
  created_at?: string;
  updated_at?: string;
}

/** Body of `POST /rate-limit-policies`. */
export type RateLimitPolicyCreate = Omit<RateLimitPolicy, "id" | "created_at" | "updated_at">;

// ---------------------------------------------------------------- forms

/** A component of a STEP node, kept as the API gives it (category BLOCK, WIDGET or FIELD). */
export interface FormComponent {
  id: string;
  category: "BLOCK" | "WIDGET" | "FIELD";
  type: string;
  [key: string]: unknown;
}

/** A node of a form's flow graph, discriminated by `type`. */
export type FormNode =
  | { id: string; type: "STEP"; alias?: string; coordinates?: Coordinates;
      config?: { components?: FormComponent[]; next_node?: string } }
  | { id: string; type: "FLOW"; alias?: string; coordinates?: Coordinates;
      config: { flow_id: string; next_node?: string } }
  | { id: string; type: "ROUTER"; alias?: string; coordinates?: Coordinates;
      config?: { rules?: { id: string; alias?: string; next_node?: string }[]; fallback?: string } };

/** Where a form starts. */
export interface FormStart {
  hidden_fields?: { key: string; value: string }[];
  next_node?: string;
  coordinates?: Coordinates;
}

/** What happens when a form ends. */
export interface FormEnding {
  redirection?: { target: string; delay?: number };
  after_submit?: { flow_id?: string };
  coordinates?: Coordinates;
  resume_flow?: boolean;
}

/** The fields a caller sets on a form (body of `POST /forms`). */
export interface FormFields {
  /** 1 to 150 characters. */
  name: string;
  messages?: { errors?: Record<string, string>; custom?: Record<string, string> };
  languages?: { primary?: string; default?: string };
  translations?: Record<string, Record<string, unknown>>;
  nodes?: FormNode[];
  start?: FormStart;
  ending?: FormEnding;
  style?: { css?: string };
}

/** A form as the API returns it. */
export interface Form extends FormFields {
  /** `ap_` + 22 base58 characters. */
  id: string;
  created_at: string;
  updated_at: string;
  embedded_at?: string;
  submitted_at?: string;
}

// ---------------------------------------------------------------- event streams

/** Authorization of webhook deliveries; the secret of each method is write-only. */
export type WebhookAuthorization =
  | { method: "basic"; username: string; password?: string }
  | { method: "bearer"; token?: string }
  | { method: "custom_header"; header_key: string; header_value?: string };

/** Where an event stream delivers, discriminated by `type`. */
export type EventStreamDestination =
  | { type: "webhook"; configuration: { webhook_endpoint: string; webhook_authorization: WebhookAuthorization } }
  | { type: "eventbridge"; configuration: { aws_account_id: string; aws_region: string; aws_partner_event_source?: string } }
  | { type: "action"; configuration: { action_id: string } };

/** Whether a stream forwards events. */
export type EventStreamStatus = "enabled" | "disabled";

/** The fields a caller sets on an event stream (body of `POST /event-streams`). */
export interface EventStreamFields {
  /** 1 to 128 characters. */
  name?: string;
  /** At least one. */
  subscriptions?: { event_type: EventType | string }[];
  destination: EventStreamDestination;
  /** Defaults to `enabled`. */
  status?: EventStreamStatus;
}

/** An event stream as the API returns it (webhook secrets never included). */
export interface EventStream extends EventStreamFields {
  /** `est_` + 22 base58 characters (26 in all). */
  id: string;
  name: string;
  subscriptions: { event_type: string }[];
  status: EventStreamStatus;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------- login page template

/** The hosted login page template as `GET /branding/templates/universal-login` returns it. */
export interface UniversalLoginTemplate { body: string }

// ---------------------------------------------------------------- lists

/** A page of a checkpoint-paginated list. */
export type CheckpointPage<K extends string, T> = { [key in K]: T[] } & { next?: string };

/** A page of the forms list with totals. */
export interface FormsPage { start: number; limit: number; total: number; forms: Form[] }
