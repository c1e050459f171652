/**
 * The actions' deploy step, driven with the service's answers as recorded
 * (test/fixtures/service/actions.ts): it waits for the draft's build, deploys, and waits until
 * the service says the version is live; a create that asked to deploy is not deployed twice; a
 * build that fails names the dependency and what to do; a wait that runs out says so.
 */
import { deployAction } from "../../../../api/kinds/action/provider";
import { Pace } from "../../../../api/table/deploy";
import type { KindObject, TenantWriter } from "../../../../api/table/provider-hooks";
import {
  BUILT_ACTION,
  CREATED_ACTION,
  DEPLOY_ANSWER,
  DEPLOYED_ACTION,
  FAILED_ACTION,
} from "../../../fixtures/service/actions";

const QUICK = { limitMs: 2_000, firstPauseMs: 1, maxPauseMs: 5 };

/** A tenant answering GETs of the action with `reads` in turn (the last one repeated), and POSTs with `deployAnswer`. */
function tenantAnswering(reads: unknown[], deployAnswer: unknown = DEPLOY_ANSWER) {
  const requests: string[] = [];
  let next = 0;
  const tenant: TenantWriter = {
    domain: "tenant.example.com",
    origin: "https://tenant.example.com",
    list: async () => [],
    listOf: async () => [],
    get: async (path) => {
      requests.push(`GET ${path}`);
      return reads[Math.min(next++, reads.length - 1)];
    },
    post: async (path) => {
      requests.push(`POST ${path}`);
      return deployAnswer;
    },
  };
  return { tenant, requests };
}

const path = `/actions/actions/${CREATED_ACTION.id}`;
const created = CREATED_ACTION as unknown as KindObject;

test("an update waits for the build, deploys, and waits until the service says the version is live", async () => {
  const { tenant, requests } = tenantAnswering([BUILT_ACTION, BUILT_ACTION, BUILT_ACTION, DEPLOYED_ACTION]);
  const after = await deployAction(created, {}, tenant, "update", QUICK);
  expect(after).toEqual(DEPLOYED_ACTION);
  expect(requests.filter((request) => request.startsWith("POST"))).toEqual([`POST ${path}/deploy`]);
  expect(requests.at(-1)).toBe(`GET ${path}`);
});

test("a create that sent deploy: true only waits: the service deploys it once built", async () => {
  const { tenant, requests } = tenantAnswering([BUILT_ACTION, DEPLOYED_ACTION]);
  expect(await deployAction(created, {}, tenant, "create", QUICK)).toEqual(DEPLOYED_ACTION);
  expect(requests.some((request) => request.startsWith("POST"))).toBe(false);
});

test("a build failed on a dependency is an error naming it and what to do", async () => {
  const { tenant } = tenantAnswering([FAILED_ACTION]);
  const error = await deployAction(created, {}, tenant, "update", QUICK).catch((thrown: Error) => thrown);
  expect(String(error)).toMatch(/its build failed installing its dependencies \(crypto@17\.7\.1\)/);
  expect(String(error)).toMatch(/npm view <name>@<version> version/);
  expect(String(error)).toMatch(/deploy: false/);
});

test("a version that never goes live within the wait is an error saying so", async () => {
  const { tenant } = tenantAnswering([BUILT_ACTION]);
  const error = await deployAction(created, {}, tenant, "update", { ...QUICK, limitMs: 30 }).catch(
    (thrown: Error) => thrown,
  );
  expect(String(error)).toMatch(/version 1 was not live after 0.03 s/);
});

test("deploy: false keeps the draft: no request", async () => {
  const { tenant, requests } = tenantAnswering([BUILT_ACTION]);
  expect(await deployAction(created, { deploy: false }, tenant, "update", QUICK)).toBe(created);
  expect(requests).toEqual([]);
});

test("once the tenant's pace is known, a create is confirmed with one read", async () => {
  // A tenant whose action is built and live 40 ms after its create (whatever the machine's load:
  // the answer depends on the time since the create, and a wait never looks before its pause).
  const paces = { created: new Pace(), built: new Pace(), live: new Pace() };
  const readsPerCreate: number[] = [];
  for (let create = 0; create < 4; create++) {
    const createdAt = Date.now();
    let reads = 0;
    const tenant: TenantWriter = {
      ...tenantAnswering([]).tenant,
      get: async () => {
        reads += 1;
        return Date.now() - createdAt >= 40 ? DEPLOYED_ACTION : CREATED_ACTION;
      },
    };
    expect(await deployAction(created, {}, tenant, "create", QUICK, paces)).toEqual(DEPLOYED_ACTION);
    readsPerCreate.push(reads);
  }
  // The first create looks at every growing pause (1, 2, 3, 5, 5… ms); the others once, after the first one's time.
  expect(readsPerCreate[0]).toBeGreaterThan(1);
  expect(readsPerCreate.slice(1)).toEqual([1, 1, 1]);
});

test("an update's deploy is first looked at after the pause, not the moment it is answered", async () => {
  const { tenant, requests } = tenantAnswering([BUILT_ACTION, DEPLOYED_ACTION]);
  const paces = { created: new Pace(), built: new Pace(), live: new Pace() };
  expect(await deployAction(created, {}, tenant, "update", QUICK, paces)).toEqual(DEPLOYED_ACTION);
  // The build read, the deploy, one read that finds the version live.
  expect(requests).toEqual([`GET ${path}`, `POST ${path}/deploy`, `GET ${path}`]);
});

test("a create whose first version never goes live, or whose build never ends, is an error saying which", async () => {
  const quick = { ...QUICK, limitMs: 30 };
  const fresh = () => ({ created: new Pace(), built: new Pace(), live: new Pace() });
  const built = await deployAction(created, {}, tenantAnswering([BUILT_ACTION]).tenant, "create", quick, fresh()).catch(
    (thrown: Error) => thrown,
  );
  expect(String(built)).toMatch(/its first version was not live after 0.03 s/);
  const pending = await deployAction(
    created,
    {},
    tenantAnswering([CREATED_ACTION]).tenant,
    "create",
    quick,
    fresh(),
  ).catch((thrown: Error) => thrown);
  expect(String(pending)).toMatch(/its build was not done after 0.03 s \(status pending\)/);
});
