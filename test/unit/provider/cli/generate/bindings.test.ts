/**
 * `generate`'s reader of the triggers' bindings, driven with the service's answers as recorded
 * (test/fixtures/service/actions.ts, and pages written by hand in the service's field order):
 * page 0 `{bindings, total, per_page}`, a later page `{bindings, page, per_page}` with no
 * total, an empty list `{bindings: [], per_page}` with neither. It reads every trigger that has
 * a bindings list (never an entity-bound one, which the service refuses to list), keeps each
 * trigger's order, names each action by id, and follows pages the service serves smaller
 * than asked.
 */
import type { TenantClient } from "../../../../../provider/client/http";
import { listOffset } from "../../../../../provider/client/paging";
import { kindModule } from "../../../../../provider/lifecycle/kind-modules";
import { BINDING, BINDINGS_FIRST_PAGE, CREATED_ACTION } from "../../../../fixtures/service/actions";

type Query = Record<string, unknown>;

/** A binding of action `n` as the service answers it: a summary of its action, in the service's order. */
function bindingOf(n: number, trigger = "post-login") {
  const id = `5e34493d-1a6b-4f98-a441-${String(n).padStart(12, "0")}`;
  return {
    id: `c055cb21-ba00-465a-b26d-${String(n).padStart(12, "0")}`,
    trigger_id: trigger,
    action: { ...BINDING.action, id, name: `action-${n}` },
    created_at: BINDING.created_at,
    updated_at: BINDING.updated_at,
    display_name: `Step ${n}`,
  };
}

/**
 * A tenant answering each trigger's bindings as the service pages them, serving at most
 * `cap` per page whatever is asked; a GET of an entity-bound trigger's list is the service's 400.
 * Records every request as `path?page=&per_page=`.
 */
function tenantWith(bindings: Record<string, unknown[]>, cap = 100) {
  const requests: string[] = [];
  const client = {
    settings: { domain: "tenant.example.com" },
    get: async (path: string, _target: unknown, query: Query = {}) => {
      requests.push(`${path}?page=${String(query.page)}&per_page=${String(query.per_page)}`);
      const trigger = /^\/actions\/triggers\/([^/]+)\/bindings$/.exec(path)?.[1];
      if (trigger === undefined) throw new Error(`unexpected GET ${path}`);
      if (["event-stream", "custom-token-exchange", "password-hash-migration"].includes(trigger)) {
        throw new Error("400 cannot list action bindings for an entity-bound trigger");
      }
      const all = bindings[trigger] ?? [];
      const perPage = Math.min(Number(query.per_page ?? 20), cap);
      const page = Number(query.page ?? 0);
      const slice = all.slice(page * perPage, (page + 1) * perPage);
      if (all.length === 0) return { status: 200, data: { bindings: [], per_page: perPage } };
      if (page === 0) return { status: 200, data: { bindings: slice, total: all.length, per_page: perPage } };
      return { status: 200, data: { bindings: slice, page, per_page: perPage } };
    },
  };
  return { client: client as unknown as TenantClient, requests };
}

const read = (client: TenantClient) =>
  kindModule("triggerBindings").generator.read(client, { notes: [], concurrency: 1 }) as Promise<
    Record<string, unknown>[]
  >;

describe("generate reads the triggers' bindings as the service pages them", () => {
  it("reads the recorded first page: the action by id, the display name; other triggers have none", async () => {
    const { client, requests } = tenantWith({});
    (client as unknown as { get: unknown }).get = async (path: string, target: unknown, query: Query) => {
      requests.push(`${path}?page=${String(query.page)}&per_page=${String(query.per_page)}`);
      if (path === "/actions/triggers/post-login/bindings") return { status: 200, data: BINDINGS_FIRST_PAGE };
      if (/event-stream|custom-token-exchange|password-hash-migration/.test(path)) throw new Error("400");
      // The recorded empty list: neither total nor page.
      return { status: 200, data: { bindings: [], per_page: 50 } };
    };
    expect(await read(client)).toEqual([
      { trigger_id: "post-login", actions: [{ id: CREATED_ACTION.id, display_name: "render-form" }] },
    ]);
    // One GET per trigger that has a list: twelve of the fifteen, never an entity-bound one.
    expect(requests).toHaveLength(12);
    expect(requests.join("\n")).not.toMatch(/event-stream|custom-token-exchange|password-hash-migration/);
    expect(requests[0]).toBe("/actions/triggers/post-login/bindings?page=0&per_page=100");
  });

  it("keeps each trigger's order over pages served smaller than asked (a total on page 0 only)", async () => {
    const login = Array.from({ length: 70 }, (_, n) => bindingOf(n + 1));
    const registration = [bindingOf(9, "pre-user-registration"), bindingOf(3, "pre-user-registration")];
    const { client, requests } = tenantWith({ "post-login": login, "pre-user-registration": registration }, 50);
    const [first, second, ...rest] = await read(client);
    expect(rest).toEqual([]);
    expect(first).toEqual({
      trigger_id: "post-login",
      actions: Array.from({ length: 70 }, (_, n) => ({
        id: `5e34493d-1a6b-4f98-a441-${String(n + 1).padStart(12, "0")}`,
        display_name: `Step ${n + 1}`,
      })),
    });
    expect(second).toEqual({
      trigger_id: "pre-user-registration",
      actions: [
        { id: "5e34493d-1a6b-4f98-a441-000000000009", display_name: "Step 9" },
        { id: "5e34493d-1a6b-4f98-a441-000000000003", display_name: "Step 3" },
      ],
    });
    // post-login: page 0 (50 of 70) and page 1 (the last 20, short): two GETs, no empty page past the end.
    expect(requests.filter((request) => request.startsWith("/actions/triggers/post-login/"))).toEqual([
      "/actions/triggers/post-login/bindings?page=0&per_page=100",
      "/actions/triggers/post-login/bindings?page=1&per_page=100",
    ]);
  });

  it("stops at a later page answered empty (a list that shrank between pages), keeping what it read", async () => {
    const answers: Record<number, unknown> = {
      0: { bindings: [bindingOf(1), bindingOf(2)], total: 3, per_page: 2 },
      1: { bindings: [], page: 1, per_page: 2 },
    };
    const requests: number[] = [];
    const client = {
      settings: { domain: "tenant.example.com" },
      get: async (_path: string, _target: unknown, query: Query) => {
        requests.push(Number(query.page));
        return {
          status: 200,
          data: answers[Number(query.page)] ?? { bindings: [bindingOf(99)], page: 2, per_page: 2 },
        };
      },
    } as unknown as TenantClient;
    const items = await listOffset<{ display_name: string }>(
      client,
      "/actions/triggers/post-login/bindings",
      "bindings",
      { kind: "trigger bindings", action: "read" },
      { pageSize: 2, totals: false },
    );
    expect(items.map((item) => item.display_name)).toEqual(["Step 1", "Step 2"]);
    expect(requests).toEqual([0, 1]);
  });
});
