/**
 * A management API answer that is not a success, as the typed error a person reads: what
 * went wrong with which object, and what to do. A refused token and a server that is no
 * management API block the client (context.ts): every later call would fail the same way.
 */
import { ERROR_CODES, isApiErrorBody } from "../../api";
import { attempts, type ClientContext, named } from "./context";
import {
  ConfigurationError,
  ConflictError,
  describeTarget,
  type ErrorTarget,
  excerpt,
  ForbiddenError,
  NotFoundError,
  ServerError,
  SharedFailure,
  TenantError,
  UnauthorizedError,
  ValidationError,
} from "./errors";

const INSUFFICIENT_SCOPE = /expected (?:any of|all of)?:?\s*([a-z_]+:[a-z_]+(?:[ ,]+[a-z_]+:[a-z_]+)*)/i;

/** An error answer's parts. */
export interface ErrorBody {
  message?: string;
  errorCode?: string;
  /** The body is a JSON error object (the API's, or an OAuth error), not a page of some other server. */
  fromApi: boolean;
}

/** The parts of an error answer's body (the API's error shape, an OAuth error, or some other server's page). */
export function errorBody(data: unknown): ErrorBody {
  if (isApiErrorBody(data)) return { message: data.message, errorCode: data.errorCode, fromApi: true };
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    const message = [record.message, record.error_description, record.error].find((v) => typeof v === "string") as
      string | undefined;
    return {
      message,
      errorCode: typeof record.errorCode === "string" ? record.errorCode : undefined,
      fromApi: typeof record.statusCode === "number" || message !== undefined,
    };
  }
  if (typeof data === "string" && data.length > 0) return { message: excerpt(data), fromApi: false };
  return { fromApi: false };
}

/** The error of answer `status` with `body` to a call about `target` (`secrets`: values of the call to hide). */
export function apiFailure(
  ctx: ClientContext,
  status: number,
  body: ErrorBody,
  target: ErrorTarget,
  secrets: readonly (string | undefined)[],
): Error {
  const { settings } = ctx;
  const serverMessage = ctx.hide(excerpt(body.message ?? `HTTP ${status}`), secrets);
  const details = { status, errorCode: body.errorCode };
  const client = settings.clientId ? `client ${settings.clientId}` : "the configured token";
  const about = describeTarget(target);
  /** Blocks the client: told in full here, as a pointer to later calls. */
  const blockWith = (make: (message: string) => Error, problem: string, remedy: string, summary: string) =>
    ctx
      .block(new SharedFailure(make, `${about}: ${target.action} failed: ${problem}. ${remedy}.`, summary))
      .next(named(target));
  switch (true) {
    case status === 400 || status === 413 || status === 415 || status === 422:
      return new ValidationError(target, serverMessage, details);
    case status === 401 && (body.errorCode === ERROR_CODES.notGlobalClient || /global/i.test(serverMessage)):
      return new UnauthorizedError(
        target,
        `${client} is not a global client (${serverMessage})`,
        `This operation needs a global client: use the tenant's global management client in ${ctx.setting("clientId")}`,
        details,
      );
    case status === 401: {
      // Every later call would be refused the same way: tell it once.
      const remedy = settings.apiToken
        ? `Check ${ctx.setting("apiToken")}: it may be expired or for another tenant (audience ${settings.audience})`
        : `Check ${ctx.setting("clientId")}, ${ctx.setting("clientSecret")} and ${ctx.setting("audience")}`;
      const problem = `the access token was refused (${serverMessage})`;
      return blockWith(
        (m) => new UnauthorizedError(target, problem, remedy, { ...details, message: m }),
        problem,
        remedy,
        `the tenant ${settings.origin} refused the access token (401)`,
      );
    }
    case status === 403 && body.errorCode === ERROR_CODES.insufficientScope: {
      const missingScope = INSUFFICIENT_SCOPE.exec(serverMessage)?.[1];
      return new ForbiddenError(
        target,
        `${client} lacks the scope ${missingScope ?? "needed"} (${serverMessage})`,
        `Grant ${missingScope ?? "the scope"} to ${client} on the management API and run again`,
        { ...details, missingScope },
      );
    }
    case status === 403:
      return new ForbiddenError(
        target,
        `access denied (${serverMessage})`,
        `Check the permissions of ${client}`,
        details,
      );
    case status === 404 && !body.fromApi:
      // Not the API's own "no such object" (a JSON error): some other server answered. Never report that as "gone"
      // (a refresh would drop the resource from the state).
      return blockWith(
        (m) => new ConfigurationError(m),
        `${settings.apiBaseUrl} answered 404 without an API error, so ${ctx.key("domain")} "${excerpt(settings.domain, 100)}" does not lead to a tenant's management API`,
        `Check ${ctx.setting("domain")}`,
        `${settings.apiBaseUrl} is not a management API (404)`,
      );
    case status === 404:
      return new NotFoundError(target, `it does not exist (${serverMessage})`, undefined, details);
    case status === 409:
      return new ConflictError(
        target,
        `it conflicts with an existing object (${serverMessage})`,
        "Remove or adopt the existing object, then run again",
        details,
      );
    case status >= 500:
      return new ServerError(
        target,
        `the server failed with ${status} on ${attempts(ctx.options.maxAttempts)} (${serverMessage})`,
        "Try again later",
        details,
      );
    default:
      return new TenantError(target, `unexpected HTTP ${status} (${serverMessage})`, undefined, details);
  }
}
