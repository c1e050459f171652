/**
 * The step matcher: which page a step expects against the page seen, in the words the command
 * prints; the user's placeholders; claims and metadata compared by the keys a journey gives.
 */
import {
  describeSeen,
  fillValue,
  pageMismatch,
  screenshotName,
  subsetMismatch,
  type SeenPage,
} from "../../../../../provider/cli/rehearse/matcher";

const LOGIN: SeenPage = { kind: "screen", screen: "login" };
const SIGNUP_FORM: SeenPage = { kind: "form-step", formId: "ap_1", formName: "Sign-up", step: "step_details" };

test("a login screen matches by screen or prompt name, and nothing else", () => {
  expect(pageMismatch({ screen: "login" }, LOGIN)).toBeUndefined();
  expect(pageMismatch({ prompt: "login" }, LOGIN)).toBeUndefined();
  expect(
    pageMismatch({ prompt: "login-id" }, { kind: "screen", screen: "login-id", prompt: "login-id" }),
  ).toBeUndefined();
  expect(pageMismatch({ screen: "signup" }, LOGIN)).toBe(
    "expected the login screen `signup`, saw the login screen `login`",
  );
  expect(pageMismatch({ screen: "login" }, SIGNUP_FORM)).toBe(
    "expected the login screen `login`, saw the form `Sign-up` at step `step_details`",
  );
});

test("a form matches by name or id, and by its STEP node when the step names one", () => {
  expect(pageMismatch({ form: "Sign-up" }, SIGNUP_FORM)).toBeUndefined();
  expect(pageMismatch({ form: "ap_1", step: "step_details" }, SIGNUP_FORM)).toBeUndefined();
  expect(pageMismatch({ form: "Sign-up", step: "step_more" }, SIGNUP_FORM)).toBe(
    "expected the form `Sign-up` at step `step_more`, saw the form `Sign-up` at step `step_details`",
  );
  expect(pageMismatch({ form: "Other" }, SIGNUP_FORM)).toMatch(/^expected the form `Other`, saw the form `Sign-up`/);
  expect(pageMismatch({ form: "Sign-up" }, LOGIN)).toBe("expected the form `Sign-up`, saw the login screen `login`");
});

test("what was seen says the page's alert, the form's errors, the callback's error", () => {
  expect(describeSeen({ kind: "screen", screen: "login", alert: "Wrong email or password." })).toBe(
    'the login screen `login` saying "Wrong email or password."',
  );
  expect(describeSeen({ ...SIGNUP_FORM, errors: ["email: Enter an email"] })).toBe(
    "the form `Sign-up` at step `step_details` with errors: email: Enter an email",
  );
  expect(describeSeen({ kind: "callback", error: "access_denied", description: "Not on the guest list" })).toBe(
    'the application\'s callback with error `access_denied` ("Not on the guest list")',
  );
  expect(pageMismatch({ screen: "login" }, { kind: "other", url: "http://127.0.0.1:4010/u/oops", title: "Oops" })).toBe(
    'expected the login screen `login`, saw a page that is neither a login screen nor a form (http://127.0.0.1:4010/u/oops, "Oops")',
  );
});

test("screenshots are named by their place and their page", () => {
  expect(screenshotName(1, LOGIN)).toBe("01-login.png");
  expect(screenshotName(2, SIGNUP_FORM)).toBe("02-form-sign-up-step_details.png");
  expect(screenshotName(12, { kind: "form-step", formId: "ap_9/../x" })).toBe("12-form-ap_9-..-x.png");
  expect(screenshotName(3, { kind: "other", url: "http://x" })).toBe("03-page.png");
});

test("the user's placeholders are replaced wherever they appear", () => {
  const user = { email: "ann@example.com", password: "Rh-secret-9x" };
  expect(fillValue("{{user.email}}", user)).toBe("ann@example.com");
  expect(fillValue("{{user.password}}", user)).toBe("Rh-secret-9x");
  expect(fillValue("Ann <{{user.email}}>", user)).toBe("Ann <ann@example.com>");
  expect(fillValue("Acme", user)).toBe("Acme");
});

test("claims and metadata hold what is expected by the keys given, objects compared key by key", () => {
  const claims = { email: "ann@example.com", "https://x/plan": "gold", org: { id: "o1", roles: ["a"] } };
  expect(subsetMismatch({ email: "ann@example.com", org: { id: "o1" } }, claims, "claim")).toBeUndefined();
  expect(subsetMismatch({ org: { roles: ["a"] } }, claims, "claim")).toBeUndefined();
  expect(subsetMismatch({ "https://x/plan": "silver" }, claims, "claim")).toBe(
    'claim "https://x/plan" is "gold", expected "silver"',
  );
  expect(subsetMismatch({ org: { id: "o2" } }, claims, "claim")).toBe('claim "org.id" is "o1", expected "o2"');
  expect(subsetMismatch({ nickname: "ann" }, claims, "claim")).toBe(
    'claim "nickname" missing (it has "email", "https://x/plan", "org")',
  );
  expect(subsetMismatch({ crm_company: { id: 1 } }, {}, "app_metadata")).toBe(
    'app_metadata "crm_company" missing (it has none)',
  );
  expect(subsetMismatch({ org: { roles: ["b"] } }, claims, "claim")).toBe('claim "org.roles" is ["a"], expected ["b"]');
});
