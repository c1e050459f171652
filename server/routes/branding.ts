/**
 * `/api/v2/branding`: the tenant's branding settings (colors, logo, favicon, font; GET and
 * PATCH, a null clearing a field), a neighbour of the managed kinds. The hosted login page
 * template below it is a kind of the table, served by the generic singleton routes.
 */
import type { FastifyInstance } from "fastify";
import { BRANDING_PATH, brandingUpdateSchema, NEIGHBOUR_SCOPES, type BrandingSettings } from "../../api";
import type { TenantContext } from "../context";
import { compileSchema, validBody } from "../validation";

const BRANDING_UPDATE = compileSchema(brandingUpdateSchema);

const SETTINGS_RECORD_ID = "branding";

/** Nested values of a PATCH: set where given, removed where null, kept where absent. */
function merged(existing: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...existing };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else if (typeof value === "object" && !Array.isArray(value)) {
      const inner = merged(
        (existing[key] as Record<string, unknown> | undefined) ?? {},
        value as Record<string, unknown>,
      );
      if (Object.keys(inner).length > 0) result[key] = inner;
      else delete result[key];
    } else result[key] = value;
  }
  return result;
}

/** Registers the branding settings routes. */
export function registerBrandingRoutes(app: FastifyInstance, context: TenantContext): void {
  const settings = context.store.collection<BrandingSettings>("branding_settings");

  app.get(`/api/v2${BRANDING_PATH}`, { config: { auth: { scope: NEIGHBOUR_SCOPES.branding.read } } }, async () => {
    return settings.get(SETTINGS_RECORD_ID) ?? {};
  });

  app.patch(
    `/api/v2${BRANDING_PATH}`,
    { config: { auth: { scope: NEIGHBOUR_SCOPES.branding.update } } },
    async (request) => {
      const patch = validBody<Record<string, unknown>>(request.body, BRANDING_UPDATE, brandingUpdateSchema, false);
      return context.store.transaction(() => {
        const updated = merged((settings.get(SETTINGS_RECORD_ID) ?? {}) as Record<string, unknown>, patch);
        settings.upsert(SETTINGS_RECORD_ID, updated as BrandingSettings);
        return updated;
      });
    },
  );
}
