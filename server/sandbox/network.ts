/**
 * The network of a local run: no connection is ever made. Each request the code makes (`fetch`,
 * and the clients built on it, `axios` included) is recorded and answered from the fixtures the
 * test gave (`POST …/test` body's `fixtures`); one that no fixture answers fails with a message
 * naming its method and URL and showing the fixture that would answer it.
 */
import type { NetworkFixture, RecordedRequest } from "../../api/table/operations";

/** Requests recorded per run; beyond, they are still answered, and the record says how many were left out. */
export const MAX_RECORDED_REQUESTS = 200;
/** A request body is recorded up to this many characters. */
const MAX_RECORDED_BODY = 4096;

const recordedBody = (body: string | undefined) =>
  body === undefined || body === ""
    ? {}
    : { body: body.length > MAX_RECORDED_BODY ? `${body.slice(0, MAX_RECORDED_BODY)}…` : body };

/** What the guest's fetch gets back. */
export interface FixtureAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

/** The answers of one run, and its record of requests. */
export class FixtureNetwork {
  readonly requests: RecordedRequest[] = [];
  private leftOut = 0;
  constructor(private readonly fixtures: NetworkFixture[]) {}

  /** Answers `method url`, or throws saying which fixture would. Records the attempt either way. */
  answer(method: string, url: string, body: string | undefined): FixtureAnswer {
    const normal = URL.canParse(url) ? new URL(url).href : url;
    const fixture = this.fixtures.find(
      (candidate) =>
        candidate.request.url === normal && (!candidate.request.method || candidate.request.method === method),
    );
    if (!fixture) {
      const example = JSON.stringify({ request: { method, url: normal }, response: { status: 200, body: {} } });
      const error =
        `No fixture answers ${method} ${normal}: a local test run makes no network connection. ` +
        `Add one to the test request's "fixtures", e.g. ${example}`;
      this.record({ method, url: normal, ...recordedBody(body), error });
      throw new Error(error);
    }
    const status = fixture.response?.status ?? 200;
    this.record({ method, url: normal, ...recordedBody(body), status });
    return {
      status,
      statusText: "",
      headers: fixture.response?.headers ?? {},
      body: String(fixture.response?.body ?? ""),
    };
  }

  /** The record as the result carries it (with a last entry saying how many were left out). */
  recorded(): RecordedRequest[] {
    return this.leftOut > 0
      ? [...this.requests, { method: "-", url: "-", error: `${this.leftOut} further requests left out of this record` }]
      : this.requests;
  }

  private record(request: RecordedRequest): void {
    if (this.requests.length < MAX_RECORDED_REQUESTS)
      this.requests.push({ ...request, url: request.url.slice(0, 2048) });
    else this.leftOut++;
  }
}
