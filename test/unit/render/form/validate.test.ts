/** A step's submission checked and parsed per component type, with the form's messages. */
import {
  DEFAULT_ERROR_TEXTS,
  validateStep,
  type FormComponent,
  type RenderableForm,
  type SubmittedValue,
} from "../../../../render/form";
import { EVERY_COMPONENT, FORM } from "./fixture";

const one = (
  component: FormComponent,
  submitted: Record<string, SubmittedValue>,
  form: Partial<RenderableForm> = {},
  language?: string,
) =>
  validateStep({ ...form, nodes: [{ id: "s", type: "STEP", config: { components: [component] } }] }, "s", submitted, {
    language,
  });
const field = (type: string, config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  ({ id: "f", category: "FIELD", type, label: "F", config, ...extra }) as FormComponent;

test("a full, valid submission parses every value to its type; blocks and stand-ins carry none", () => {
  const { values, errors } = validateStep(FORM, "details", {
    email: " jane@example.com ",
    colour: "$other",
    "colour[other]": "green",
    terms: "true",
    agree: "true",
    age: "30",
    birthday: "2000-02-29",
    country: "fr",
    plan: "pro",
    phone: "+33 1 23 45 67",
    name: "Jane",
    site: "https://jane.example",
    secret: "Str0ng!pass",
    address: "1 rue de Rivoli",
    widget: '{"a":1}',
    upload: [{ name: "cv.PDF", size: 1024 }],
    next: "x",
    pay: "4242",
    captcha: "ok",
  });
  expect(errors).toEqual({});
  expect(values).toEqual({
    agree: true,
    plan: "pro",
    colour: "green",
    widget: '{"a":1}',
    birthday: "2000-02-29",
    country: "fr",
    email: "jane@example.com",
    upload: [{ name: "cv.PDF", size: 1024 }],
    terms: true,
    age: 30,
    secret: "Str0ng!pass",
    phone: "+33 1 23 45 67",
    name: "Jane",
    site: "https://jane.example",
    address: "1 rue de Rivoli",
  });
});

test("required fields left empty are errors; optional ones are left out", () => {
  const { values, errors } = validateStep(FORM, "details", {});
  expect(errors).toEqual({
    colour: DEFAULT_ERROR_TEXTS.ERR_REQUIRED,
    email: DEFAULT_ERROR_TEXTS.ERR_REQUIRED,
    terms: DEFAULT_ERROR_TEXTS.ERR_REQUIRED,
  });
  expect(values).toEqual({ agree: false, terms: false });
  expect(one(field("TEXT", {}, { required: true }), { f: "   " }).errors).toEqual({ f: "This field is required." });
  expect(
    one(field("CHOICE", { multiple: true, options: [{ value: "a", label: "A" }] }, { required: true }), { f: [] })
      .errors.f,
  ).toBe("This field is required.");
});

test("formats: email, URL, number and its bounds, phone, date, time", () => {
  expect(one(field("EMAIL"), { f: "not-an-email" }).errors.f).toBe("Enter a valid email address.");
  expect(one(field("URL"), { f: "javascript:alert(1)" }).errors.f).toBe(DEFAULT_ERROR_TEXTS.ERR_INVALID_URL);
  expect(one(field("URL"), { f: "ftp://x.example" }).errors.f).toBe(DEFAULT_ERROR_TEXTS.ERR_INVALID_URL);
  expect(one(field("NUMBER"), { f: "12abc" }).errors.f).toBe("Enter a number.");
  expect(one(field("NUMBER", { min_value: 18 }), { f: "17" }).errors.f).toBe(
    "Enter a number greater than or equal to 18.",
  );
  expect(one(field("NUMBER", { max_value: 120 }), { f: "121" }).errors.f).toBe(
    "Enter a number less than or equal to 120.",
  );
  expect(one(field("NUMBER"), { f: "-1.5" }).values.f).toBe(-1.5);
  expect(one(field("TEL"), { f: "call me" }).errors.f).toBe("Enter a valid phone number.");
  expect(one(field("TEL", { min_length: 8 }), { f: "+33 12" }).errors.f).toBe("Enter at least 8 characters.");
  expect(one(field("DATE", { format: "DATE" }), { f: "2001-02-29" }).errors.f).toBe("Enter a valid date.");
  expect(one(field("DATE", { format: "TIME" }), { f: "25:00" }).errors.f).toBe("Enter a valid time.");
  expect(one(field("DATE", { format: "TIME" }), { f: "23:59" }).values.f).toBe("23:59");
});

test("lengths and password complexity", () => {
  expect(one(field("TEXT", { min_length: 2 }), { f: "a" }).errors.f).toBe("Enter at least 2 characters.");
  expect(one(field("TEXT", { max_length: 3 }), { f: "abcd" }).errors.f).toBe("Enter at most 3 characters.");
  expect(one(field("PASSWORD", { min_length: 8 }), { f: "short" }).errors.f).toBe("Enter at least 8 characters.");
  expect(one(field("PASSWORD", { complexity: true }), { f: "alllowercase" }).errors.f).toBe(
    DEFAULT_ERROR_TEXTS.ERR_PASSWORD_COMPLEXITY,
  );
  expect(one(field("PASSWORD", { complexity: true }), { f: " Aa1!  " }).values.f).toBe(" Aa1!  ");
});

test("choices must be among the options; several only when multiple; other only when allowed", () => {
  const options = [
    { value: "a", label: "A" },
    { value: "b", label: "B" },
  ];
  expect(one(field("CHOICE", { options }), { f: "z" }).errors.f).toBe("Choose one of the options.");
  expect(one(field("CHOICE", { options }), { f: ["a", "b"] }).errors.f).toBe("Choose one of the options.");
  expect(one(field("CHOICE", { options, multiple: true }), { f: ["a", "b"] }).values.f).toEqual(["a", "b"]);
  expect(one(field("DROPDOWN", { options }), { f: "" }).values).toEqual({});
  expect(one(field("DROPDOWN", { options }), { f: "c" }).errors.f).toBe("Choose one of the options.");
  expect(one(field("CARDS", { options }), { f: "b" }).values.f).toBe("b");
  expect(one(field("CHOICE", { options }), { f: "$other", "f[other]": "c" }).errors.f).toBe(
    "Choose one of the options.",
  );
  const other = { options, allow_other: { enabled: true, label: "Other", placeholder: "..." } };
  expect(one(field("CHOICE", other), { f: "$other", "f[other]": " c " }).values.f).toBe("c");
});

test("booleans and legal agreements", () => {
  expect(one(field("BOOLEAN"), { f: "on" }).values.f).toBe(true);
  expect(one(field("BOOLEAN"), {}).values.f).toBe(false);
  expect(one(field("BOOLEAN", { options: { true: "Y", false: "N" } }), { f: "false" }).values.f).toBe(false);
  expect(one(field("BOOLEAN", { options: { true: "Y", false: "N" } }, { required: true }), {}).errors.f).toBe(
    "This field is required.",
  );
  expect(one(field("LEGAL", { text: "T" }, { required: true }), {}).errors.f).toBe("This field is required.");
  expect(one(field("LEGAL", { text: "T" }, { required: true }), { f: "true" }).values.f).toBe(true);
});

test("files: extensions, size and count", () => {
  const upload = EVERY_COMPONENT.find((component) => component.id === "upload") as FormComponent;
  const sent = (files: { name: string; size: number }[]) =>
    validateStep(FORM, "details", { upload: files, email: "a@b.co", colour: "red", terms: "true" }).errors;
  expect(upload.type).toBe("FILE");
  expect(sent([{ name: "cv.exe", size: 10 }])).toEqual({ upload: "This type of file is not accepted." });
  expect(sent([{ name: "cv.pdf", size: 4096 }])).toEqual({ upload: "Each file must be at most 2048 bytes." });
  expect(sent([1, 2, 3].map((n) => ({ name: `${n}.pdf`, size: 1 })))).toEqual({ upload: "Send at most 2 file(s)." });
  expect(
    one(field("FILE"), {
      f: [
        { name: "a.txt", size: 1 },
        { name: "b.txt", size: 1 },
      ],
    }).errors.f,
  ).toBe("Send at most 1 file(s).");
});

test("the form's messages replace the default texts, translated when the language has them", () => {
  const form: Partial<RenderableForm> = {
    languages: { primary: "en", default: "en" },
    messages: { errors: { ERR_REQUIRED: "Needed!", ERR_MIN_LENGTH: "At least {min}, please" } },
    translations: { fr: { messages: { errors: { ERR_REQUIRED: "Obligatoire" } } } },
  };
  const required = field("TEXT", { min_length: 3 }, { required: true });
  expect(one(required, {}, form).errors.f).toBe("Needed!");
  expect(one(required, { f: "ab" }, form).errors.f).toBe("At least 3, please");
  expect(one(required, {}, form, "fr").errors.f).toBe("Obligatoire");
  expect(one(required, { f: "ab" }, form, "fr").errors.f).toBe("At least 3, please");
});

test("what a user sends is never trusted: prototype keys, odd shapes and hostile text stay data", () => {
  const submitted = JSON.parse('{"__proto__": {"polluted": true}, "f": ["<script>", 3]}');
  const { values } = one(field("TEXT"), submitted);
  expect(values).toEqual({ f: "<script>" });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(() => validateStep(FORM, "route", {})).toThrow('The node "route" is a ROUTER, not a STEP');
});
