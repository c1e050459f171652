/** The Form provider: thin glue of schema, payload, state and the client. */
import { FORM_SECRET_PATHS, type Form } from "../../../api/resources/form";
import { secretValues } from "../../../api/schema/secret-paths";
import type { FormsPage } from "../../../api/types";
import { NotFoundError, PartialCreateError, unlessGone, type ErrorTarget } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import { claim, createOnce } from "../create-once";
import { deepEqual, type JsonObject, withoutProvider } from "../shared";
import type { ResourceImplementation } from "../types";
import { formPatch, formPayload } from "./payload";
import { checkForm } from "./schema";
import { diffForm, formInputsFromOutputs, formJournalKey, formOutputs, normaliseForm } from "./state";

const KIND = "form";
const PAGE_SIZE = 50;

const target = (action: string, id?: string, name?: unknown): ErrorTarget =>
  ({ kind: KIND, action, id, name: typeof name === "string" ? name : undefined });

/** Every form of the tenant (offset paging). */
export async function listForms(client: TenantClient): Promise<Form[]> {
  const forms: Form[] = [];
  for (let page = 0; ; page += 1) {
    const { data } = await client.get<FormsPage | Form[]>("/forms", target("list"),
      { page, per_page: PAGE_SIZE, include_totals: true });
    const items = Array.isArray(data) ? data : data.forms ?? [];
    forms.push(...items);
    const total = Array.isArray(data) ? undefined : data.total;
    if (items.length < PAGE_SIZE || (total !== undefined && forms.length >= total)) return forms;
  }
}

async function getForm(client: TenantClient, id: string, action: string): Promise<Form> {
  return (await client.get<Form>(`/forms/${encodeURIComponent(id)}`, target(action, id))).data;
}

/** The component secrets of a form body: kept out of error messages (the client redacts them). */
const secretsOf = (body: JsonObject): string[] => secretValues(body, FORM_SECRET_PATHS);

/** Brings an existing form to the desired state and returns it (adoption). */
async function adoptForm(client: TenantClient, id: string, body: JsonObject): Promise<Form> {
  let current: Form;
  try {
    current = await getForm(client, id, "adopt");
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new NotFoundError(target("adopt", id), "there is no form with the id given in adoptId",
        "Correct adoptId or remove it to create a new form");
    }
    throw error;
  }
  claim(id);
  const patch = formPatch(normaliseForm(body), normaliseForm(current as unknown as JsonObject), body);
  if (Object.keys(patch).length === 0) return current;
  try {
    return (await client.request<Form>({
      method: "PATCH", path: `/forms/${encodeURIComponent(id)}`, body: patch, target: target("adopt", id), secrets: secretsOf(body),
    })).data;
  } catch (error) {
    // The form exists and is ours now: record it so the next `up` finishes the update.
    throw new PartialCreateError(id, formOutputs(current), error as Error);
  }
}

/** Looks for the form an unanswered POST may have created (see create-once.ts). */
async function findCreatedForm(client: TenantClient, body: JsonObject, sinceMs: number, isClaimed: (id: string) => boolean) {
  const wanted = normaliseForm(body);
  const candidates = (await listForms(client))
    .filter((form) => form.name === body.name && !isClaimed(form.id) && Date.parse(form.created_at) >= sinceMs)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  for (const candidate of candidates) {
    // The list may abridge forms: compare the full object.
    const full = await getForm(client, candidate.id, "create").catch(() => undefined);
    if (full && deepEqual(normaliseForm(full as unknown as JsonObject), wanted)) return full;
  }
  return undefined;
}

/** Form: create, read, update, delete against `/forms`. */
export const formImplementation: ResourceImplementation = {
  check: (_olds, news) => checkForm(news),

  diff: (_id, olds, news) => diffForm(olds, withoutProvider(news)),

  async create(ctx, inputs) {
    const news = withoutProvider(inputs);
    const body = formPayload(news);
    const client = ctx.client();
    if (typeof news.adoptId === "string") {
      const adopted = await adoptForm(client, news.adoptId, body);
      return { id: adopted.id, outs: formOutputs(adopted, news.adoptId) };
    }
    const wanted = normaliseForm(body);
    const journal = ctx.journal?.();
    const created = await createOnce<Form>({
      contentKey: `form:${JSON.stringify(wanted)}`,
      post: async () => (await client.request<Form>({
        method: "POST", path: "/forms", body, target: target("create", undefined, body.name), secrets: secretsOf(body),
      })).data,
      find: (since, isClaimed) => findCreatedForm(client, body, since, isClaimed),
      // The journal is a plain file: its key is hashed from the content *without* the component secrets.
      journal: journal && { store: journal, kind: "form", contentKey: formJournalKey(body) },
      getSame: async (id) => {
        const form = await unlessGone(getForm(client, id, "create"));
        if (!form) return undefined;
        return deepEqual(normaliseForm(form as unknown as JsonObject), wanted) ? form : "other";
      },
    }, { lingerMs: Math.max(2 * client.timeoutMs, 10_000) });
    return { id: created.id, outs: formOutputs(created, news.adoptId) };
  },

  async read(ctx, id, props) {
    const form = await unlessGone(getForm(ctx.client(), id, "read"));
    // Deleted out of band: no id tells the engine to drop it; the next `up` re-creates it.
    if (!form) return {};
    const outputs = formOutputs(form, props?.adoptId);
    return { id, props: outputs, inputs: formInputsFromOutputs(outputs) };
  },

  async update(ctx, id, olds, news) {
    const inputs = withoutProvider(news);
    const body = formPayload(inputs);
    const patch = formPatch(normaliseForm(body), normaliseForm(olds), body);
    if (Object.keys(patch).length === 0) {
      return { outs: { ...formOutputs(withoutProvider(olds), inputs.adoptId) } };
    }
    try {
      const { data } = await ctx.client().request<Form>({
        method: "PATCH", path: `/forms/${encodeURIComponent(id)}`, body: patch, target: target("update", id), secrets: secretsOf(body),
      });
      return { outs: formOutputs(data, inputs.adoptId) };
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new NotFoundError(target("update", id), "the form no longer exists (deleted outside Pulumi)",
          "Run `pulumi refresh` and then `pulumi up` to create it again", { status: 404 });
      }
      throw error;
    }
  },

  async delete(ctx, id) {
    await unlessGone(ctx.client().request({ method: "DELETE", path: `/forms/${encodeURIComponent(id)}`, target: target("delete", id) }));
  },
};
