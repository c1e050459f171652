/**
 * The local tenant a rehearsal runs on, through its management API (the application and the user
 * made for the run, the user read back, the forms' names) and its rehearsal routes (the fixtures
 * that answer the actions' and flows' outside calls, the trace of what ran). Those routes exist
 * only on the local tenant server (`pulumi-tenant-server`): a hosted tenant is refused before
 * anything is made in it.
 */
import { randomBytes } from "node:crypto";
import { TenantClient } from "../../client/http";
import type { TenantSettings } from "../../client/settings";
import type { JourneyFixture, JourneyUser } from "./journey";
import type { TraceEvent } from "./report";

/** The routes of the local tenant's rehearsals (beside /api/v2). */
export const REHEARSAL_PATHS = { fixtures: "/rehearsal/fixtures", trace: "/rehearsal/trace" } as const;
/** The database connection the run's user is made in. */
export const DATABASE_CONNECTION = "Username-Password-Authentication";
/** Domains of the hosted service: never a local tenant. */
const HOSTED_DOMAINS = [".auth0.com", ".auth0app.com"];
/** Applications read per page when one is looked up by name. */
const PAGE_SIZE = 100;
/** An event number past any the trace will reach: asks for the last number alone. */
const LATEST = 999_999_999_999_999;
/** Pages of applications read at most when one is looked up by name. */
const MAX_PAGES = 50;

/** An application of the tenant, as the management API answers it. */
export interface TenantApplication {
  client_id: string;
  name: string;
  callbacks?: string[];
  client_secret?: string;
  token_endpoint_auth_method?: string;
}

/** The words of a refusal: rehearsals need the local tenant server. */
function notLocal(origin: string, why: string): Error {
  return new Error(
    `${origin} ${why}: rehearse runs only against a local tenant server (\`npx pulumi-tenant-server\`), whose ` +
      "fixtures answer the actions' and flows' outside calls and whose trace records what ran. Deploy the " +
      "program to a local tenant (`pulumi up` on a stack whose tenant:domain is its URL) and give --tenant-url its URL.",
  );
}

/** A password the tenant's strictest policy takes (lower and upper case, a digit, a symbol), never written down. */
export function generatedPassword(): string {
  return `Rh-${randomBytes(18).toString("base64url")}-9x`;
}

/** The local tenant of one rehearsal run. */
export class RehearsalTenant {
  private constructor(
    readonly settings: TenantSettings,
    private readonly api: TenantClient,
    private readonly root: TenantClient,
  ) {}

  /** Connects to the tenant `settings` names, refusing one that is not a local tenant server. */
  static async connect(settings: TenantSettings): Promise<RehearsalTenant> {
    const host = new URL(settings.origin).hostname;
    if (HOSTED_DOMAINS.some((domain) => host.endsWith(domain))) throw notLocal(settings.origin, "is a hosted tenant");
    const api = new TenantClient(settings, { maxAttempts: 1 });
    // The rehearsal routes sit beside /api/v2, under the same token.
    const root = new TenantClient({ ...settings, apiBaseUrl: settings.origin }, { maxAttempts: 1 });
    const tenant = new RehearsalTenant(settings, api, root);
    try {
      await tenant.traceCursor();
    } catch (error) {
      if ((error as { status?: number }).status === 404) throw notLocal(settings.origin, "has no rehearsal routes");
      throw error;
    }
    return tenant;
  }

  /** The application named `name` (the first of that name), with its secret when the token may read it. */
  async findApplication(name: string): Promise<TenantApplication> {
    for (let page = 0; page < MAX_PAGES; page++) {
      const { data } = await this.api.get<TenantApplication[]>(
        "/clients",
        { kind: "application", name, action: "look up" },
        { page, per_page: PAGE_SIZE },
      );
      const found = data.find((application) => application.name === name);
      if (found) return found;
      if (data.length < PAGE_SIZE) break;
    }
    throw new Error(
      `the tenant has no application named "${name}": deploy it first, or describe one for the run ` +
        "(application: {name, callbacks: [https://app.example.com/callback]})",
    );
  }

  /** Makes an application for the run: a regular web application with these callbacks. */
  async createApplication(name: string, callbacks: string[]): Promise<TenantApplication> {
    const { data } = await this.api.request<TenantApplication>({
      method: "POST",
      path: "/clients",
      body: { name, app_type: "regular_web", callbacks, token_endpoint_auth_method: "client_secret_post" },
      target: { kind: "application", name, action: "create" },
    });
    return data;
  }

  /** Removes the application made for the run. */
  async deleteApplication(clientId: string): Promise<void> {
    await this.api.request({
      method: "DELETE",
      path: `/clients/${encodeURIComponent(clientId)}`,
      target: { kind: "application", id: clientId, action: "delete" },
    });
  }

  /** Makes the run's user in the database connection; its id. */
  async createUser(user: JourneyUser, password: string): Promise<string> {
    const { data } = await this.api.request<{ user_id: string }>({
      method: "POST",
      path: "/users",
      body: {
        connection: DATABASE_CONNECTION,
        email: user.email,
        password,
        ...(user.user_metadata ? { user_metadata: user.user_metadata } : {}),
        ...(user.app_metadata ? { app_metadata: user.app_metadata } : {}),
      },
      target: { kind: "user", name: user.email, action: "create" },
      secrets: [password],
    });
    return data.user_id;
  }

  /** The user `userId` as the management API answers it. */
  async readUser(userId: string): Promise<Record<string, unknown>> {
    const { data } = await this.api.get<Record<string, unknown>>(`/users/${encodeURIComponent(userId)}`, {
      kind: "user",
      id: userId,
      action: "read",
    });
    return data;
  }

  /** Removes the run's user. */
  async deleteUser(userId: string): Promise<void> {
    await this.api.request({
      method: "DELETE",
      path: `/users/${encodeURIComponent(userId)}`,
      target: { kind: "user", id: userId, action: "delete" },
    });
  }

  /** The tenant's forms' names by id (to name the form a page shows). */
  async formNames(): Promise<Map<string, string>> {
    const { data } = await this.api.get<{ forms: { id: string; name: string }[] } | { id: string; name: string }[]>(
      "/forms",
      { kind: "forms", action: "list" },
      { per_page: PAGE_SIZE, include_totals: true },
    );
    const forms = Array.isArray(data) ? data : data.forms;
    return new Map(forms.map((form) => [form.id, form.name]));
  }

  /** Replaces the fixtures that answer the actions' and flows' outside calls. */
  async setFixtures(fixtures: readonly JourneyFixture[]): Promise<void> {
    await this.root.request({
      method: "PUT",
      path: REHEARSAL_PATHS.fixtures,
      body: { fixtures },
      target: { kind: "rehearsal fixtures", action: "replace" },
    });
  }

  /** The number of the trace's last event: what a run reads after. */
  async traceCursor(): Promise<number> {
    const { data } = await this.root.get<{ last: number }>(
      REHEARSAL_PATHS.trace,
      { kind: "rehearsal trace", action: "read" },
      { after: LATEST },
    );
    return data.last;
  }

  /** The trace's events after event `after`. */
  async traceAfter(after: number): Promise<TraceEvent[]> {
    const { data } = await this.root.get<{ events: TraceEvent[]; last: number }>(
      REHEARSAL_PATHS.trace,
      { kind: "rehearsal trace", action: "read" },
      { after },
    );
    return data.events;
  }
}
