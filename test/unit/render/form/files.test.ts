/** A FILE component's rules: extensions and categories, the default size, count and required, with the form's messages. */
import { validateStep, type FormComponent, type RenderableForm, type SubmittedFile } from "../../../../render/form";
import { acceptAttribute, DEFAULT_MAX_FILE_SIZE, fileAccepted } from "../../../../render/form/files";

const upload = (config: Record<string, unknown>, required = false) =>
  ({ id: "doc", category: "FIELD", type: "FILE", label: "Document", required, config }) as FormComponent;

const check = (
  component: FormComponent,
  files: SubmittedFile[] | string | undefined,
  form: Partial<RenderableForm> = {},
) =>
  validateStep(
    { ...form, nodes: [{ id: "s", type: "STEP", config: { components: [component] } }] },
    "s",
    files === undefined ? {} : { doc: files },
  );

test("a component without extensions or categories takes any file; with them, a file of one or the other", () => {
  expect(fileAccepted({}, { name: "anything.bin", size: 1 })).toBe(true);
  const config = { extensions: [".PDF", "tar.gz"], categories: ["IMAGE", "ARCHIVE", "NOT_A_CATEGORY"] };
  expect(fileAccepted(config, { name: "cv.pdf", size: 1 })).toBe(true);
  expect(fileAccepted(config, { name: "src.TAR.GZ", size: 1 })).toBe(true);
  expect(fileAccepted(config, { name: "photo", size: 1, type: "image/heic" })).toBe(true);
  expect(fileAccepted(config, { name: "photo.webp", size: 1 })).toBe(true);
  expect(fileAccepted(config, { name: "bundle.zip", size: 1, type: "application/zip" })).toBe(true);
  expect(fileAccepted(config, { name: "run.exe", size: 1, type: "application/octet-stream" })).toBe(false);
  expect(fileAccepted(config, { name: "pdf", size: 1 })).toBe(false);
  expect(fileAccepted({ categories: ["DOCUMENT"] }, { name: "notes.txt", size: 1, type: "text/plain" })).toBe(true);
  expect(fileAccepted({ categories: ["DOCUMENT"] }, { name: "clip.mp4", size: 1, type: "video/mp4" })).toBe(false);
});

test("the input's accept attribute lists the extensions, then each category", () => {
  expect(acceptAttribute({})).toBeUndefined();
  expect(acceptAttribute({ extensions: ["pdf", ".Tar.gz"], categories: ["AUDIO", "ARCHIVE"] })).toBe(
    ".pdf,.tar.gz,audio/*,.zip,.tar,.gz,.tgz,.7z,.rar",
  );
});

test("a refused type, a file too large (the component's maxSize, else the default) and too many files fail", () => {
  const pdfOnly = upload({ extensions: ["pdf"], maxSize: 2048 });
  expect(check(pdfOnly, [{ name: "cv.pdf", size: 2048, type: "application/pdf" }])).toEqual({
    values: { doc: [{ name: "cv.pdf", size: 2048, type: "application/pdf" }] },
    errors: {},
  });
  expect(check(pdfOnly, [{ name: "cv.docx", size: 10 }]).errors).toEqual({ doc: "This type of file is not accepted." });
  expect(check(pdfOnly, [{ name: "cv.pdf", size: 2049 }]).errors).toEqual({
    doc: "Each file must be at most 2048 bytes.",
  });
  const any = upload({});
  expect(check(any, [{ name: "a", size: DEFAULT_MAX_FILE_SIZE }]).errors).toEqual({});
  expect(check(any, [{ name: "a", size: DEFAULT_MAX_FILE_SIZE + 1 }]).errors).toEqual({
    doc: `Each file must be at most ${DEFAULT_MAX_FILE_SIZE} bytes.`,
  });
  const three = [1, 2, 3].map((n) => ({ name: `${n}.pdf`, size: 1 }));
  expect(check(upload({ multiple: true, maxFiles: 2 }), three).errors).toEqual({ doc: "Send at most 2 file(s)." });
  expect(check(upload({ multiple: true }), three).errors).toEqual({});
});

test("a required FILE without a file, or with text where files belong, fails with the form's message", () => {
  const form: Partial<RenderableForm> = {
    messages: { errors: { ERR_REQUIRED: "Attach your document.", ERR_FILE_TYPE: "PDF only, please." } },
  };
  const required = upload({ extensions: ["pdf"] }, true);
  expect(check(required, undefined, form)).toEqual({ values: {}, errors: { doc: "Attach your document." } });
  expect(check(required, [], form).errors).toEqual({ doc: "Attach your document." });
  expect(check(required, "cv.pdf", form).errors).toEqual({ doc: "Attach your document." });
  expect(check(required, [{ name: "cv.png", size: 5, type: "image/png" }], form).errors).toEqual({
    doc: "PDF only, please.",
  });
  expect(check(upload({}), undefined, form)).toEqual({ values: {}, errors: {} });
});
