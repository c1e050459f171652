/**
 * `/api/v2/tenants/settings`: the part of the tenant's settings the login page's tools read, as
 * the published API has it. `enabled_locales` are the languages the login pages speak (the first
 * the default): Auth0's deploy CLI reads them before it exports custom text, one request per
 * prompt and language, and `generate` reads custom text in them. A fresh tenant speaks English
 * (`["en"]`), as a new tenant of the service does. `PATCH` merges the fields it names and answers
 * the whole settings. The local tenant keeps the tenant's name, picture and support contacts
 * besides; the service's other settings (sessions, flags, sandbox versions, …) it does not
 * model, and it refuses them by name rather than accept and forget them.
 */
import type { FastifyInstance } from "fastify";
import { array, enumOf, ERROR_CODES, NEIGHBOUR_SCOPES, object, string, type Static } from "../../api";
import { PROMPT_LANGUAGES } from "../../api/prompt-names";
import type { TenantContext } from "../context";
import type { Store } from "../store";
import { HttpError } from "../http-error";
import { compileSchema, validBody } from "../validation";

/** The route, under `/api/v2`. */
export const TENANT_SETTINGS_PATH = "/tenants/settings";
const BASE = `/api/v2${TENANT_SETTINGS_PATH}`;

/** The languages a fresh tenant's login pages speak. */
export const DEFAULT_ENABLED_LOCALES = ["en"] as const;

/** An http(s) URL. */
const URL_PATTERN = "^https?://\\S+$";

/** The settings the local tenant keeps, as `PATCH` takes them and `GET` answers them. */
export const tenantSettingsSchema = object({
  enabled_locales: array(enumOf(PROMPT_LANGUAGES), { minItems: 1 }),
  friendly_name: string({ maxLength: 255 }),
  picture_url: string({ pattern: URL_PATTERN, maxLength: 2048 }),
  support_email: string({ pattern: "^[^@\\s]+@[^@\\s]+$", maxLength: 255 }),
  support_url: string({ pattern: URL_PATTERN, maxLength: 2048 }),
});

/** The tenant's settings the local tenant keeps. */
export type TenantSettings = Static<typeof tenantSettingsSchema>;

const UPDATE = compileSchema(tenantSettingsSchema);
const KEPT = Object.keys(tenantSettingsSchema.properties as Record<string, unknown>);
/** The settings' table, and their one row in it. */
const TABLE = "tenant_settings";
const ROW = "settings";

/** The tenant's settings as `GET /api/v2/tenants/settings` answers them (a fresh tenant: `enabled_locales: ["en"]`). */
export function currentTenantSettings(store: Store): TenantSettings {
  return { enabled_locales: [...DEFAULT_ENABLED_LOCALES], ...store.collection<TenantSettings>(TABLE).get(ROW) };
}

/** Registers `GET` and `PATCH /api/v2/tenants/settings`. */
export function registerTenantSettingsRoutes(app: FastifyInstance, context: TenantContext): void {
  const table = context.store.collection<TenantSettings>(TABLE);
  const current = (): TenantSettings => currentTenantSettings(context.store);
  const auth = (scope: string) => ({ config: { auth: { scope } } });

  app.get(BASE, auth(NEIGHBOUR_SCOPES.tenantSettings.read), async () => current());

  app.patch(BASE, auth(NEIGHBOUR_SCOPES.tenantSettings.update), async (request) => {
    const body = request.body;
    if (body !== null && typeof body === "object" && !Array.isArray(body)) {
      const unkept = Object.keys(body).filter((key) => !KEPT.includes(key));
      if (unkept.length > 0) {
        throw new HttpError(
          400,
          `The local tenant does not model the tenant setting(s) ${unkept.join(", ")}: it keeps ${KEPT.join(", ")}. ` +
            "Leave the others out of the request.",
          ERROR_CODES.invalidBody,
        );
      }
    }
    const changes = validBody<TenantSettings>(body, UPDATE, tenantSettingsSchema, false);
    return context.store.transaction(() => {
      const settings = { ...current(), ...changes };
      table.upsert(ROW, settings);
      return settings;
    });
  });
}
