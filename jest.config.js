/** Jest: TypeScript tests under test/, one project per floor of the house. */
const base = {
  preset: "ts-jest",
  // Jest's Node.js environment with a watch that names what keeps a worker alive at its end.
  testEnvironment: "<rootDir>/test/environment.js",
  transform: {
    // Each file on its own (transpiled, not type checked: `tsc --noEmit` checks the types once per run),
    // so a worker does not start a cold compiler of the whole program.
    "^.+\\.ts$": ["ts-jest", { diagnostics: false, tsconfig: "<rootDir>/tsconfig.jest.json" }],
    // jose 6, oidc-provider 9, openid-client 6 and oauth4webapi ship ESM only; Jest on Node 20
    // cannot require() ESM, so compile them to CommonJS.
    "node_modules/(jose|oidc-provider|openid-client|oauth4webapi)/.+\\.js$": [
      "ts-jest",
      { diagnostics: false, tsconfig: { allowJs: true, module: "commonjs", target: "ES2022" } },
    ],
  },
  transformIgnorePatterns: ["/node_modules/(?!(jose|oidc-provider|openid-client|oauth4webapi)/)"],
  setupFiles: ["<rootDir>/test/setup-env.ts"],
};
module.exports = {
  // Jest's 5 s default fails tests on a busy 2-core machine (two workers, servers and compilers
  // beside them); a hang still ends, and speed is the bench's to measure, not the tests'. A
  // global option: set in a project, Jest ignores it.
  testTimeout: 60_000,
  // Jest gives a worker 500 ms to end once its last file ran, then kills it and reports a leak
  // ("A worker process has failed to exit gracefully"). Ending takes the kernel time to free the
  // worker's memory: 70–160 ms for 0.5–1.6 GB on a quiet 2-core machine, up to 350 ms on a busy
  // one, over 500 ms under heavier load, with no handle left (bench/README.md, "Jest workers"). A
  // worker a handle keeps alive never ends: it is still reported, 2 s later, and
  // test/environment.js names the handle at 300 ms.
  workerGracefulExitTimeout: 2_000,
  // The heaviest suites first, by the last run's figures (scripts/run-tests.ts names the file).
  testSequencer: "<rootDir>/test/sequencer.js",
  projects: [
    { ...base, displayName: "unit", testMatch: ["<rootDir>/test/unit/**/*.test.ts"] },
    { ...base, displayName: "server", testMatch: ["<rootDir>/test/server/**/*.test.ts"] },
    { ...base, displayName: "provider", testMatch: ["<rootDir>/test/provider/**/*.test.ts"] },
    { ...base, displayName: "e2e", testMatch: ["<rootDir>/test/e2e/**/*.test.ts"] },
    { ...base, displayName: "faults", testMatch: ["<rootDir>/test/faults/**/*.test.ts"] },
    { ...base, displayName: "package", testMatch: ["<rootDir>/test/package/**/*.test.ts"] },
  ],
};
