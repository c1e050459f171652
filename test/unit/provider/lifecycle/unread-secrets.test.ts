/**
 * Write-only secrets an import could not read (provider/lifecycle/secret-changes.ts): the read
 * without state marks its outputs, the program's values are then taken to be the tenant's (no
 * change), a refresh keeps the mark, a secret the program changes after the import is sent, and
 * outputs the program wrote (no mark) still differ from a program holding a secret they lack.
 */
import type { ErrorTarget } from "../../../../provider/client/errors";
import type { TenantClient } from "../../../../provider/client/http";
import { kindModule } from "../../../../provider/lifecycle/kind-modules";
import { ROTATED_SECRETS_KEY, UNREAD_SECRETS_KEY } from "../../../../provider/lifecycle/secret-changes";
import type { JsonObject } from "../../../../provider/lifecycle/shared";
import type { ProviderContext } from "../../../../provider/lifecycle/types";

/** A tenant answering one object by id, as GET does: without its write-only secrets. */
function tenantWith(object: JsonObject): ProviderContext {
  const client = {
    settings: { domain: "tenant.example" },
    timeoutMs: 1000,
    async get(_path: string, _target: ErrorTarget) {
      return { data: structuredClone(object), status: 200, headers: {} };
    },
  } as unknown as TenantClient;
  return { client: () => client };
}

const connection = {
  id: "ac_1111111111111111111111",
  name: "crm",
  app_id: "HTTP",
  ready: true,
  fingerprint: "fp1",
  created_at: "2026-01-16T08:50:33.955Z",
  updated_at: "2026-01-16T08:50:33.955Z",
};
const connectionInputs = { name: "crm", app_id: "HTTP", setup: { type: "BEARER", token: "crm-token-1" } };

const action = {
  id: "8f0c3f4e-4c1e-4b59-9a33-3b9c2f1e0a01",
  name: "enrich",
  supported_triggers: [{ id: "post-login", version: "v3" }],
  code: "exports.onExecutePostLogin = async () => {};",
  runtime: "node22",
  dependencies: [],
  secrets: [{ name: "CRM_TOKEN", updated_at: "2026-01-16T08:50:33.955Z" }],
  all_changes_deployed: true,
  status: "built",
  created_at: "2026-01-16T08:50:33.955Z",
  updated_at: "2026-01-16T08:50:33.955Z",
};
const actionInputs = {
  name: "enrich",
  supported_triggers: [{ id: "post-login", version: "v3" }],
  code: action.code,
  runtime: "node22",
  dependencies: [],
  secrets: [{ name: "CRM_TOKEN", value: "crm-token-1" }],
};

describe.each([
  { kind: "flowVaultConnection", object: connection, inputs: connectionInputs, field: "setup" },
  { kind: "action", object: action, inputs: actionInputs, field: "secrets" },
] as const)("$kind: a write-only secret an import could not read", ({ kind, object, inputs, field }) => {
  const implementation = kindModule(kind).implementation;
  const ctx = tenantWith(object);
  const rotated = JSON.parse(JSON.stringify(inputs).replace("crm-token-1", "crm-token-2")) as JsonObject;

  test("the import's read marks its outputs, never its inputs, and holds no secret", async () => {
    const read = await implementation.read(ctx, object.id, undefined as never);
    expect(read.props?.[UNREAD_SECRETS_KEY]).toBe(true);
    expect(read.inputs?.[UNREAD_SECRETS_KEY]).toBeUndefined();
    expect(JSON.stringify(read)).not.toContain("crm-token-1");
  });

  test("the first preview after the import: no rotation, no change", async () => {
    const read = await implementation.read(ctx, object.id, undefined as never);
    const checked = await implementation.check(read.inputs as never, inputs as never, undefined);
    expect(checked.failures ?? []).toEqual([]);
    expect((checked.inputs as JsonObject)[ROTATED_SECRETS_KEY]).toBeUndefined();
    expect((await implementation.diff(object.id, read.props as never, checked.inputs as never)).changes).toBe(false);
  });

  test("a refresh keeps the mark; a read of state the program wrote adds none", async () => {
    const read = await implementation.read(ctx, object.id, undefined as never);
    const refreshed = await implementation.read(ctx, object.id, read.props as never);
    expect(refreshed.props?.[UNREAD_SECRETS_KEY]).toBe(true);
    expect((await implementation.diff(object.id, refreshed.props as never, inputs as never)).changes).toBe(false);
    const written = await implementation.read(ctx, object.id, inputs as never);
    expect(written.props?.[UNREAD_SECRETS_KEY]).toBeUndefined();
  });

  test("a secret the program changes after the import is a change (the state's inputs held the first one)", async () => {
    const read = await implementation.read(ctx, object.id, undefined as never);
    // After the first `up` (no change), the state holds the program's inputs and the read's outputs.
    const checked = await implementation.check(inputs as never, rotated as never, undefined);
    expect((checked.inputs as JsonObject)[ROTATED_SECRETS_KEY]).toEqual([field]);
    expect((await implementation.diff(object.id, read.props as never, checked.inputs as never)).changes).toBe(true);
  });

  test("outputs without the mark (written by the program, which set no secret) differ from a secret added", async () => {
    const read = await implementation.read(ctx, object.id, undefined as never);
    const { [UNREAD_SECRETS_KEY]: _mark, ...unmarked } = read.props as JsonObject;
    expect((await implementation.diff(object.id, unmarked as never, inputs as never)).changes).toBe(true);
  });
});
