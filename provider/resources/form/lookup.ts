/**
 * `getForm` / `getFormOutput`: read one form of the tenant, by id or by name.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Form } from "../../../api";
import type { TenantClient } from "../../client/http";
import type { LookupReader } from "../../lifecycle/types";
import { findByIdOrName, type IdOrNameArgs, type IdOrNameOutputArgs } from "../../lookups/by-name";
import { inProgram, lookupClient, lookupOutput, type LookupOptions } from "../../lookups/client";
import { listKind, type PageListener } from "../../client/paging";
import { formSecrets } from "./secrets";

/** The list item of a form: the list returns summaries, not whole forms. */
export type FormSummary = Pick<Form, "id" | "name" | "created_at" | "updated_at" | "embedded_at" | "submitted_at">;

/** Every form of the tenant, as the list returns them (summaries): offset paging, `per_page` 100. */
export function listFormSummaries(client: TenantClient, onPage?: PageListener): Promise<FormSummary[]> {
  return listKind<FormSummary>(client, "form", { onPage });
}

/** Arguments of {@link getForm}: exactly one of `id` (`ap_…`) and `name`. */
export type GetFormArgs = IdOrNameArgs;

/** Arguments of {@link getFormOutput}. */
export type GetFormOutputArgs = IdOrNameOutputArgs;

/** Reads a form with `client`: by id one GET; by name the list (summaries), then one GET of the match. */
export function findForm(client: TenantClient, args: { id?: string; name?: string }): Promise<Form> {
  return findByIdOrName<Form>(client, "form", args);
}

/**
 * Reads one form of the tenant (scope `read:forms`), by `id` or by `name`, as the API
 * returns it: every field, with `id` and the server's timestamps. Rejects when no form
 * matches, and when several forms have the name (the error lists their ids).
 */
export async function getForm(args: GetFormArgs, opts?: LookupOptions): Promise<Form> {
  return inProgram(args.tenant, () => findForm(lookupClient(args.tenant, opts?.settings), args));
}

/**
 * {@link getForm} as an Output. The Output is secret when the form holds a component
 * secret (a reCAPTCHA secret key, a Google Maps API key, a payment private key, a
 * verifiable credentials access token).
 */
export function getFormOutput(args: GetFormOutputArgs, opts?: LookupOptions): pulumi.Output<Form> {
  const { tenant, ...query } = args;
  return lookupOutput(
    query,
    (plain: { id?: string; name?: string }) => getForm({ ...plain, tenant }, opts),
    (value) => formSecrets(value).length > 0,
  );
}

/** The readers of the table's form lookups (the plugin's functions). */
export const formReaders = {
  getForm: (client, args) => findForm(client, args),
} satisfies Record<string, LookupReader>;
