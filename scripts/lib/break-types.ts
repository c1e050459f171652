/** A deliberate break of one row of the test map (test/README.md), as scripts/check-breaks.ts applies it. */
/** What a break rebuilds: the package whose `dist/` the test loads. */
export type Package = "provider" | "policy";

/** Where a break's source text and test are, in one checkout. */
export interface BreakSite {
  /** Checkout-relative file the break edits. */
  file: string;
  /** Exact source text: found exactly once in `file`, else the break is not applied. */
  search: string;
  /** What replaces it. */
  replace: string;
  /** Checkout-relative test file. */
  testFile: string;
  /** The title of the test that must fail (its `test(` title, exactly). */
  test: string;
  /** Titles of tests of the same file that must run first (the stack they build), in order. */
  runFirst?: string[];
}

export interface Break extends BreakSite {
  /** Short name, for `--only`. */
  id: string;
  /** The map's row (test/README.md), in its words. */
  behaviour: string;
  /** What the break does, in words. */
  what: string;
  /** The package to rebuild. */
  rebuild: Package;
  /** Seconds before the run is stopped (default: check-breaks.ts's). */
  timeoutSeconds?: number;
  /** An older checkout's own site, where it differs (`--variant NAME`). */
  variants?: Record<string, Partial<BreakSite>>;
}
