/**
 * The provider as a Pulumi resource plugin: a gRPC ResourceProvider server that the engine
 * starts (through the `pulumi-resource-tenant` launcher) and that dispatches to the same
 * runtime as the dynamic providers (provider/runtime.ts): one implementation, two front doors.
 * Type tokens are `tenant:index:<Type>` (provider/lifecycle/tokens.ts, from the table of kinds).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import * as grpc from "@grpc/grpc-js";
import * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import * as structPb from "google-protobuf/google/protobuf/struct_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import * as pluginPb from "@pulumi/pulumi/proto/plugin_pb";
import * as statusPb from "@pulumi/pulumi/proto/status_pb";
import * as anyPb from "google-protobuf/google/protobuf/any_pb";
import { definedKindNames, kindNames, kindSpec } from "../../api";
import * as runtime from "../runtime";
import { OWNER_KEY } from "../lifecycle/ownership";
import { functionResultSchema, invokeFunction, kindOfFunction } from "./invoke";
import { kindOfTypeName, renameProperties, renameResource, schemaKey, schemaPath } from "../schema/names";
import { changedProperties, detailedDiff } from "./diff";
import { reveal, sealOutputs } from "../schema/envelope";
import type { ResourceKind } from "../lifecycle/tokens";
import { ConfigurationError, PartialCreateError } from "../client/errors";
import { readSettingsInput, resolveSettings } from "../client/settings";
import { PACKAGE_NAME as PACKAGE, packageSchema } from "../schema/package-schema";

/** The package name of the plugin (`tenant:*` tokens and configuration): the package schema's. */
export { PACKAGE_NAME as PACKAGE } from "../schema/package-schema";

/** The resource kind of a type token such as `tenant:index:Form` (a table kind, or one declared with `defineKind`). */
export function kindOfToken(token: string): ResourceKind {
  const type = token.split("::").pop()!.split(":").pop() ?? "";
  const found = token.startsWith(`${PACKAGE}:`) ? kindOfTypeName(type) : undefined;
  if (!found) {
    const known = kindNames().map((kind) => kindSpec(kind)!.typeName);
    throw new Error(`pulumi-tenant: unknown resource type "${token}"; known: ${known.join(", ")}`);
  }
  return found as ResourceKind;
}

type Json = Record<string, unknown>;
type Call<Req, Res> = grpc.handleUnaryCall<Req, Res>;

function toJson(struct: structPb.Struct | undefined): Json {
  return (struct?.toJavaScript() ?? {}) as Json;
}

/** A resource's properties from the engine (the schema's names) in the API's names; envelopes kept. */
const wireOf = (kind: string, struct: structPb.Struct | undefined): Json =>
  renameResource(kind, toJson(struct), "toWire");

/** A resource's properties in the API's names as the engine's struct (the schema's names). */
const structOf = (kind: string, properties: Json): structPb.Struct =>
  toStruct(renameResource(kind, properties, "toSchema"));

function toStruct(value: unknown): structPb.Struct {
  return structPb.Struct.fromJavaScript(
    JSON.parse(JSON.stringify(value ?? {})) as Record<string, structPb.JavaScriptValue>,
  );
}

/**
 * A create that made the object but could not finish (an adoption whose update failed): the
 * engine records the object with these properties, reports the resource as "initialized with
 * errors", and the next `up` finishes it.
 */
export class ResourceInitFailure extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Json,
    readonly reasons: string[],
  ) {
    super(message);
    this.name = "ResourceInitFailure";
  }
}

/** The gRPC metadata that carries a {@link ResourceInitFailure} as `pulumirpc.ErrorResourceInitFailed`. */
function initFailedMetadata(error: ResourceInitFailure): grpc.Metadata {
  const detail = new providerPb.ErrorResourceInitFailed()
    .setId(error.id)
    .setProperties(toStruct(error.properties))
    .setReasonsList(error.reasons);
  const any = new anyPb.Any();
  any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
  const status = new statusPb.Status().setCode(grpc.status.UNKNOWN).setMessage(error.message);
  status.addDetails(any);
  const metadata = new grpc.Metadata();
  // The gRPC convention for structured error details, which the engine reads.
  metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  return metadata;
}

/** Wraps an async handler: a thrown error becomes the RPC's error, its message as the person reads it. */
function unary<Req, Res>(handler: (request: Req) => Promise<Res> | Res): Call<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => handler(call.request))
      .then(
        (response) => callback(null, response),
        (error: unknown) => {
          const details = error instanceof Error ? error.message : String(error);
          callback({
            code: grpc.status.UNKNOWN,
            details,
            name: "Error",
            message: details,
            metadata: error instanceof ResourceInitFailure ? initFailedMetadata(error) : new grpc.Metadata(),
          });
        },
      );
  };
}

/** The package schema, generated by `npm run schema` next to the package root. */
function readSchema(): string {
  // Compiled: provider/dist/provider/plugin; the schema is at the repository root (or next to the package).
  for (const up of [2, 3, 4]) {
    const dir = path.join(__dirname, ...Array<string>(up).fill(".."));
    const file = path.join(dir, "schema.json");
    if (fs.existsSync(file)) return fs.readFileSync(file, "utf8");
  }
  throw new Error("pulumi-tenant: schema.json is missing from the package; run `npm run schema` and rebuild.");
}

/**
 * `values` with the URN of the resource they belong to (the engine gives it with every call),
 * which the runtime's ownership rules read; the plugin never stores it.
 */
function withUrn(values: Json, urn: string): Json {
  return urn ? { ...values, [OWNER_KEY]: urn } : values;
}

/** `values` without the URN {@link withUrn} added: the plugin's state keeps the engine's own. */
function withoutUrn(values: Json): Json {
  if (!(OWNER_KEY in values)) return values;
  const { [OWNER_KEY]: _urn, ...rest } = values;
  return rest;
}

function checkResponse(result: { inputs?: Json; failures?: { property?: string; reason: string }[] }) {
  const response = new providerPb.CheckResponse();
  response.setInputs(toStruct(result.inputs ?? {}));
  for (const failure of result.failures ?? []) {
    const item = new providerPb.CheckFailure();
    item.setProperty(failure.property ?? "");
    item.setReason(failure.reason);
    response.addFailures(item);
  }
  return response;
}

/**
 * The provider configuration's failures (a `tenant:*` setting, or a `tenant.Provider`'s
 * argument), with the AUTH0_* environment fallbacks of the dynamic path.
 */
export function configFailures(news: Json): { property: string; reason: string }[] {
  const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
  try {
    resolveSettings(readSettingsInput((key) => text(news[key.slice(key.indexOf(":") + 1)]), process.env));
    return [];
  } catch (error) {
    if (error instanceof ConfigurationError) return [{ property: "", reason: error.message }];
    throw error;
  }
}

/**
 * The settings a Configure request carries, as `tenant:<name>` lookups: a provider
 * resource's args win; else the variables, which the engine spells `tenant:config:<name>`
 * (older) or `tenant:<name>`.
 */
export function configLookup(request: providerPb.ConfigureRequest): (key: string) => string | undefined {
  const args = reveal(toJson(request.getArgs()));
  const variables = request.getVariablesMap();
  return (key) => {
    const name = key.slice(key.indexOf(":") + 1);
    const fromArgs = args[name];
    if (typeof fromArgs === "string" || typeof fromArgs === "number") return String(fromArgs);
    return variables.get(`${PACKAGE}:config:${name}`) ?? variables.get(key);
  };
}

/**
 * `PULUMI_TENANT_PLUGIN_TIMING=<file>`: when the process exits, appends to that file one JSON
 * line per RPC method (calls, first start and last end in epoch ms, the sum of the calls' own
 * times, and the most calls in flight at once). A diagnostic for where a big stack's time goes
 * (bench/probe-refresh.ts); unset, the service is not wrapped.
 */
export const TIMING_ENV = "PULUMI_TENANT_PLUGIN_TIMING";

interface MethodTiming {
  calls: number;
  first: number;
  last: number;
  busyMs: number;
  maxInFlight: number;
}

/**
 * `service` with each method timed into `file` ({@link TIMING_ENV}); `write` appends the lines
 * now (it runs by itself when the process exits or is ended by SIGINT/SIGTERM), once.
 */
export function timedService(
  service: Record<string, Call<unknown, unknown>>,
  file: string,
): { service: Record<string, Call<unknown, unknown>>; write(): void } {
  const timings = new Map<string, MethodTiming>();
  let inFlight = 0;
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const lines = [...timings].map(([method, t]) => JSON.stringify({ pid: process.pid, method, ...t }));
    if (lines.length) fs.appendFileSync(file, `${lines.join("\n")}\n`);
  };
  process.on("exit", write);
  // The engine ends a plugin with a signal, which skips "exit": write first, then let the signal end the process.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    const onSignal = () => {
      write();
      process.removeListener(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.prependListener(signal, onSignal);
  }
  const wrapped = Object.fromEntries(
    Object.entries(service).map(([method, handler]) => [
      method,
      ((call, callback) => {
        const started = performance.now();
        const t = timings.get(method) ?? { calls: 0, first: Date.now(), last: 0, busyMs: 0, maxInFlight: 0 };
        timings.set(method, t);
        t.calls += 1;
        inFlight += 1;
        t.maxInFlight = Math.max(t.maxInFlight, inFlight);
        handler(call, (error, value) => {
          inFlight -= 1;
          t.busyMs += performance.now() - started;
          t.last = Date.now();
          callback(error, value);
        });
      }) as Call<unknown, unknown>,
    ]),
  );
  return { service: wrapped, write };
}

/** The service implementation (exported for the conformance test). */
export function providerService(version: string): Partial<providerGrpc.IResourceProviderServer> {
  const service = serviceHandlers(version);
  const file = process.env[TIMING_ENV];
  if (!file) return service;
  return timedService(service as Record<string, Call<unknown, unknown>>, file).service as typeof service;
}

function serviceHandlers(version: string): Partial<providerGrpc.IResourceProviderServer> {
  return {
    getPluginInfo: unary(() => new pluginPb.PluginInfo().setVersion(version)),
    // schema.json holds the table's kinds: a process that declared more (a test's) derives its own.
    getSchema: unary(() =>
      new providerPb.GetSchemaResponse().setSchema(
        definedKindNames().length > 0 ? JSON.stringify(packageSchema(version)) : readSchema(),
      ),
    ),
    checkConfig: unary((request: providerPb.CheckRequest) => {
      const news = toJson(request.getNews());
      return checkResponse({ inputs: news, failures: configFailures(reveal(news)) });
    }),
    diffConfig: unary(() => new providerPb.DiffResponse().setChanges(providerPb.DiffResponse.DiffChanges.DIFF_NONE)),
    configure: unary((request: providerPb.ConfigureRequest) => {
      runtime.configure({ get: configLookup(request) });
      return new providerPb.ConfigureResponse().setSupportspreview(true).setAcceptsecrets(true);
    }),
    check: unary(async (request: providerPb.CheckRequest) => {
      const kind = kindOfToken(request.getType() || request.getUrn().split("::")[2] || "");
      const news = wireOf(kind, request.getNews());
      const result = await runtime.call(kind, {
        method: "check",
        olds: reveal(wireOf(kind, request.getOlds())),
        news: withUrn(reveal(news), request.getUrn()),
      });
      return checkResponse({
        inputs: renameResource(kind, sealOutputs(kind, withoutUrn(result.inputs ?? {}), news), "toSchema"),
        failures: result.failures?.map((failure) => ({
          ...failure,
          property: failure.property && schemaPath(kind, failure.property),
        })),
      });
    }),
    diff: unary(async (request: providerPb.DiffRequest) => {
      const kind = kindOfToken(request.getType() || request.getUrn().split("::")[2] || "");
      const olds = reveal(wireOf(kind, request.getOlds()));
      const news = reveal(wireOf(kind, request.getNews()));
      const result = await runtime.call(kind, { method: "diff", id: request.getId(), olds, news });
      const response = new providerPb.DiffResponse();
      const { DIFF_SOME, DIFF_NONE, DIFF_UNKNOWN } = providerPb.DiffResponse.DiffChanges;
      response.setChanges(result.changes === undefined ? DIFF_UNKNOWN : result.changes ? DIFF_SOME : DIFF_NONE);
      response.setReplacesList((result.replaces ?? []).map((key) => schemaKey(kind, key)));
      response.setStablesList(result.stables ?? []);
      response.setDeletebeforereplace(result.deleteBeforeReplace ?? false);
      // Against the old inputs when the engine sends them: outputs the tenant adds are no deletions.
      // Without them (an old engine), keys absent from the new inputs are not called deletions.
      const oldInputs = request.getOldInputs();
      const detail = detailedDiff(
        oldInputs ? reveal(wireOf(kind, oldInputs)) : olds,
        news,
        result.replaces ?? [],
        oldInputs !== undefined,
      );
      for (const [key, value] of Object.entries(detail)) response.getDetaileddiffMap().set(schemaKey(kind, key), value);
      response.setHasdetaileddiff(result.changes !== undefined);
      // `diffs` is what `preview --json` reports as `diffReasons` (pull-request bots read it).
      if (result.changes) {
        response.setDiffsList(changedProperties(detail, olds, news).map((key) => schemaKey(kind, key)));
      }
      return response;
    }),
    create: unary(async (request: providerPb.CreateRequest) => {
      const kind = kindOfToken(request.getType() || request.getUrn().split("::")[2] || "");
      if (request.getPreview()) return new providerPb.CreateResponse().setProperties(request.getProperties());
      const properties = wireOf(kind, request.getProperties());
      const result = await runtime
        .call(kind, { method: "create", inputs: withUrn(reveal(properties), request.getUrn()) })
        .catch((error: unknown) => {
          if (!(error instanceof PartialCreateError)) throw error;
          const outputs = renameResource(kind, sealOutputs(kind, withoutUrn(error.properties), properties), "toSchema");
          throw new ResourceInitFailure(error.message, error.id, outputs, error.reasons);
        });
      return new providerPb.CreateResponse()
        .setId(result.id)
        .setProperties(structOf(kind, sealOutputs(kind, withoutUrn(result.outs ?? {}), properties)));
    }),
    read: unary(async (request: providerPb.ReadRequest) => {
      const kind = kindOfToken(request.getType() || request.getUrn().split("::")[2] || "");
      const props = wireOf(kind, request.getProperties());
      // No state: an import (or a get). An object another stack manages is refused, naming that stack.
      if (Object.keys(props).length === 0) await runtime.checkImport(kind, request.getId(), request.getUrn());
      const result = await runtime.call(kind, {
        method: "read",
        id: request.getId(),
        props: Object.keys(props).length === 0 ? undefined : reveal(props),
      });
      const response = new providerPb.ReadResponse().setId(result.id ?? "");
      if (result.id) {
        const inputs = wireOf(kind, request.getInputs());
        response
          .setProperties(structOf(kind, sealOutputs(kind, result.props ?? {}, props)))
          .setInputs(structOf(kind, sealOutputs(kind, result.inputs ?? result.props ?? {}, inputs)));
      }
      return response;
    }),
    update: unary(async (request: providerPb.UpdateRequest) => {
      const kind = kindOfToken(request.getType() || request.getUrn().split("::")[2] || "");
      if (request.getPreview()) return new providerPb.UpdateResponse().setProperties(request.getNews());
      const news = wireOf(kind, request.getNews());
      const result = await runtime.call(kind, {
        method: "update",
        id: request.getId(),
        olds: reveal(wireOf(kind, request.getOlds())),
        news: reveal(news),
      });
      return new providerPb.UpdateResponse().setProperties(
        structOf(kind, sealOutputs(kind, withoutUrn(result.outs ?? {}), news)),
      );
    }),
    delete: unary(async (request: providerPb.DeleteRequest) => {
      const kind = kindOfToken(request.getType() || request.getUrn().split("::")[2] || "");
      await runtime.call(kind, {
        method: "delete",
        id: request.getId(),
        props: withUrn(reveal(wireOf(kind, request.getProperties())), request.getUrn()),
      });
      return new emptyPb.Empty();
    }),
    invoke: unary(async (request: providerPb.InvokeRequest) => {
      const token = request.getTok();
      const result = (await invokeFunction(token, reveal(toJson(request.getArgs())))) as Json;
      const kind = kindOfFunction(token);
      const sealed = kind ? sealOutputs(kind, result, {}) : result;
      return new providerPb.InvokeResponse().setReturn(
        toStruct(renameProperties(sealed, functionResultSchema(token), "toSchema")),
      );
    }),
    cancel: unary(() => new emptyPb.Empty()),
    // A plugin started beforehand (PULUMI_DEBUG_PROVIDERS=tenant:<port>: a debugger's, or a
    // test's in its own process) is attached, not launched; it keeps no engine connection.
    attach: unary(() => new emptyPb.Empty()),
  };
}

/**
 * The plugin's version: the pulumi-tenant package's own, from the nearest package.json of that
 * name above this file (provider/package.json, from the sources or from dist/provider/plugin/).
 */
function pluginVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "pulumi-tenant" && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir) throw new Error(`no package.json of pulumi-tenant above ${__dirname}`);
  }
}

/** Starts the server on 127.0.0.1 (`port` 0: any free port); resolves with the port and a stop function. */
export async function startPluginServer(
  port = 0,
  version = pluginVersion(),
): Promise<{ port: number; stop(): Promise<void> }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(
    providerGrpc.ResourceProviderService,
    providerService(version) as grpc.UntypedServiceImplementation,
  );
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error, value) =>
      error ? reject(error) : resolve(value),
    ),
  );
  return { port: bound, stop: () => new Promise((resolve) => server.tryShutdown(() => resolve())) };
}

/** Run by the launcher: the engine reads the port from the first line of stdout. */
if (require.main === module) {
  startPluginServer().then(
    ({ port }) => process.stdout.write(`${port}\n`),
    (error: unknown) => {
      process.stderr.write(`pulumi-resource-tenant: cannot start: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
