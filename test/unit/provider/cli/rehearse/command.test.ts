/**
 * `pulumi-tenant rehearse` before anything runs: its help, strict arguments, every journey file
 * checked first, and a hosted tenant refused before anything is made in it.
 */
import * as path from "node:path";
import { cli } from "../run-cli";

const SIGNUP = path.join(__dirname, "../../../../../examples/realistic/journeys/signup.yaml");

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

test("--help says what it does, its options and exit codes", async () => {
  const { code, stdout } = await cli(["rehearse", "--help"]);
  expect(code).toBe(0);
  expect(stdout).toContain("Usage: pulumi-tenant rehearse <journey.yaml>...");
  expect(stdout).toContain("--tenant-url URL");
  expect(stdout).toContain("Exit codes: 0 every journey passed; 2 a journey failed");
});

test("the command is listed in the usage", async () => {
  expect((await cli(["--help"])).stdout).toMatch(/\n {2}rehearse {3}rehearse login journeys/);
});

test("an unknown option, or no journey, is an error saying what to do", async () => {
  const unknown = await cli(["rehearse", SIGNUP, "--tenant", "x"]);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain("See `pulumi-tenant rehearse --help`.");
  const none = await cli(["rehearse", "--tenant-url", "http://127.0.0.1:1"]);
  expect(none).toMatchObject({ code: 1, stderr: expect.stringContaining("give the journey files to rehearse") });
});

test("a journey file that is not valid stops the run before the tenant is reached", async () => {
  const { code, stderr } = await cli([
    "rehearse",
    SIGNUP,
    "/nonexistent/other.yaml",
    "--tenant-url",
    "http://127.0.0.1:1",
  ]);
  expect(code).toBe(1);
  expect(stderr).toContain("/nonexistent/other.yaml: cannot be read");
});

test("the same journey twice is refused: its folder is its name", async () => {
  const { code, stderr } = await cli(["rehearse", SIGNUP, SIGNUP, "--tenant-url", "http://127.0.0.1:1"]);
  expect(code).toBe(1);
  expect(stderr).toContain('are both named "signup"');
});

test("a hosted tenant is refused: fixtures and the trace exist only on a local tenant server", async () => {
  process.env.AUTH0_CLIENT_ID = "id";
  process.env.AUTH0_CLIENT_SECRET = "secret";
  const { code, stderr } = await cli(["rehearse", SIGNUP, "--tenant-url", "my-tenant.eu.auth0.com"]);
  expect(code).toBe(1);
  expect(stderr).toContain(
    "https://my-tenant.eu.auth0.com is a hosted tenant: rehearse runs only against a local tenant server",
  );
});

test("missing credentials are named with the variables that set them", async () => {
  delete process.env.AUTH0_CLIENT_ID;
  delete process.env.AUTH0_CLIENT_SECRET;
  delete process.env.AUTH0_API_TOKEN;
  const { code, stderr } = await cli(["rehearse", SIGNUP, "--tenant-url", "http://127.0.0.1:1"]);
  expect(code).toBe(1);
  expect(stderr).toContain("AUTH0_CLIENT_ID, AUTH0_CLIENT_SECRET");
});
