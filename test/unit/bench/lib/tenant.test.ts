import { callCounts } from "../../../../bench/lib/tenant";

describe("bench callCounts", () => {
  it("counts the login template GET as a resource read and also apart, and leaves the lookup out", () => {
    const counts = callCounts({
      "POST /oauth/token": 2,
      "GET /api/v2/rate-limit-policies/:id": 1,
      "GET /api/v2/branding/templates/universal-login": 1,
      "PUT /api/v2/branding/templates/universal-login": 1,
      "POST /api/v2/forms": 3,
    });
    expect(counts).toMatchObject({
      resourceRequests: 5,
      resourceReads: 1,
      writes: 4,
      lookupGets: 1,
      templateGets: 1,
      tokens: 2,
    });
  });

  it("reports no template GET when the template route was not called", () => {
    expect(callCounts({ "GET /api/v2/forms/:id": 4 }).templateGets).toBe(0);
  });
});
