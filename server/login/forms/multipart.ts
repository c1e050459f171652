/**
 * A step with a FILE component posts `multipart/form-data`. Only the form's POST route takes it
 * ({@link registerMultipart} in that route's scope; everywhere else it stays a 415): the body is
 * read into the urlencoded shape (text fields through the same bracket-notation parser, repeated
 * names as lists) with each file as a {@link SubmittedFile} (name, size in bytes, type) under
 * {@link UPLOADS}. File contents are counted and discarded, never kept or logged. Limits that a
 * person can meet (too many parts or files, too many bytes in all) become the step's message; a
 * truncated or malformed body is a 400.
 */
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../../api";
import type { SubmittedFile } from "../../../render/form";
import { parseUrlEncodedBody } from "../../body";
import { HttpError } from "../../http-error";
import { MAX_SUBMITTED_NAMES, MAX_VALUE_LENGTH, UPLOADS, type Uploads } from "./submission";

/** Files one step's submission may carry at most, all components together. */
export const MAX_UPLOAD_FILES = 100;
/** Bytes all the files of one submission may have together (each file's own limit is its component's). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Parts (text fields and files) one submission may have at most. */
export const MAX_MULTIPART_PARTS = 1000;
/** Characters of a file's name or type kept at most; longer ones are refused. */
export const MAX_FILE_NAME_LENGTH = 255;
/** Bytes of a text field's name read at most (a component id is far shorter). */
const MAX_FIELD_NAME_BYTES = 1000;
/** Bytes of a text field's value read: a UTF-8 character takes at most 4. */
const MAX_FIELD_BYTES = MAX_VALUE_LENGTH * 4;

/** What `@fastify/multipart` reports as a limit met (a 413 there), by its error code: shown on the step. */
const LIMIT_MESSAGES: Record<string, string> = {
  FST_PARTS_LIMIT: `The form sent more than ${MAX_MULTIPART_PARTS} parts; a step takes at most ${MAX_MULTIPART_PARTS}.`,
  FST_FILES_LIMIT: `The form sent more than ${MAX_UPLOAD_FILES} files; a step takes at most ${MAX_UPLOAD_FILES}.`,
  FST_FIELDS_LIMIT: `The form sent more than ${MAX_MULTIPART_PARTS} fields; a step takes at most ${MAX_MULTIPART_PARTS}.`,
};

/** Registers the multipart parser in `scope` (the form's POST route only). */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fieldNameSize: MAX_FIELD_NAME_BYTES,
      fieldSize: MAX_FIELD_BYTES,
      fields: MAX_MULTIPART_PARTS,
      files: MAX_UPLOAD_FILES,
      parts: MAX_MULTIPART_PARTS,
      // A file is read past this only to be discarded: it already breaks the limit of all files together.
      fileSize: MAX_UPLOAD_BYTES + 1,
    },
  });
  // The body is read before validation, so the route's handler sees it as it sees a urlencoded one.
  scope.addHook("preValidation", async (request) => {
    if (request.isMultipart()) request.body = await readMultipartBody(request);
  });
}

/** Why the body cannot be read at all: a 400 naming the problem. */
function malformed(detail: string): HttpError {
  return new HttpError(
    400,
    `The multipart body could not be read (${detail}). Send the form again from its page.`,
    ERROR_CODES.invalidBody,
  );
}

/** Counts a file's bytes as they arrive and lets them go. */
async function countBytes(stream: AsyncIterable<Buffer>): Promise<number> {
  let size = 0;
  for await (const chunk of stream) size += chunk.length;
  return size;
}

/** The body of a multipart request: text fields parsed as urlencoded ones are, files under {@link UPLOADS}. */
export async function readMultipartBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const text = new URLSearchParams();
  const uploads: Uploads = { files: new Map<string, SubmittedFile[]>() };
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.fieldnameTruncated) uploads.problem ??= `A field's name is longer than ${MAX_FIELD_NAME_BYTES} bytes.`;
        else if (part.valueTruncated)
          uploads.problem ??= `A value of "${part.fieldname.slice(0, 100)}" is longer than ${MAX_VALUE_LENGTH} characters.`;
        else text.append(part.fieldname, typeof part.value === "string" ? part.value : "");
        continue;
      }
      const size = await countBytes(part.file);
      total += size;
      // The parser leaves out a name or type the part does not give.
      const name = typeof part.filename === "string" ? part.filename : "";
      const type = typeof part.mimetype === "string" ? part.mimetype : "";
      // A file input left empty is sent as a part without a name or content: no file.
      if (name === "" && size === 0) continue;
      if (name.length > MAX_FILE_NAME_LENGTH || type.length > MAX_FILE_NAME_LENGTH)
        uploads.problem ??= `A file's name or type is longer than ${MAX_FILE_NAME_LENGTH} characters.`;
      const file: SubmittedFile = { name, size, ...(type ? { type } : {}) };
      const sent = uploads.files.get(part.fieldname);
      if (sent) sent.push(file);
      else if (uploads.files.size < MAX_SUBMITTED_NAMES) uploads.files.set(part.fieldname, [file]);
      else uploads.problem ??= `The form sent files for more than ${MAX_SUBMITTED_NAMES} fields.`;
    }
  } catch (error) {
    // The rest of the body, if any, is read and let go: a stalled upload would hold its connection.
    request.raw.unpipe();
    request.raw.resume();
    const code = (error as { code?: string }).code ?? "";
    const message = LIMIT_MESSAGES[code];
    if (!message) throw malformed((error as Error).message);
    uploads.problem ??= message;
  }
  if (total > MAX_UPLOAD_BYTES)
    uploads.problem ??= `The files sent are larger than the ${MAX_UPLOAD_BYTES} bytes a step takes in all: send fewer or smaller files.`;
  const body: Record<string | symbol, unknown> = parseUrlEncodedBody(text.toString());
  body[UPLOADS] = uploads;
  return body as Record<string, unknown>;
}
