/** The largest request body the API takes (bytes): a 413 beyond. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
