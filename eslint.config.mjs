import { builtinModules } from "node:module";
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Why guest code may not use Node: it runs inside the action engine (QuickJS), which has none. */
const GUEST_HAS_NO_NODE =
  "The guest runs inside the action engine (QuickJS), which has no Node: use ECMAScript, a module of the guest's folder, or a host function (server/sandbox/guest/contract.d.ts).";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "**/dist/**",
      "node_modules/**",
      "**/node_modules/**",
      "coverage/**",
      ".tenant/**",
      "test/e2e/.runners/**",
      "test-artifacts/**",
      "bench/results*.json",
      "bench/programs/*/bin/**",
      "sdk/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        require: "readonly",
        module: "writable",
        process: "readonly",
        console: "readonly",
        __dirname: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    // The guest: bundled for the action engine (server/sandbox/guest-bundle.ts), which has no Node.
    files: ["server/sandbox/guest/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: builtinModules
            .filter((name) => !name.startsWith("_"))
            .flatMap((name) => [name, `node:${name}`])
            .map((name) => ({ name, message: GUEST_HAS_NO_NODE })),
        },
      ],
      "no-restricted-globals": [
        "error",
        ...["process", "require", "module", "exports", "Buffer", "__dirname", "__filename"].map((name) => ({
          name,
          message: GUEST_HAS_NO_NODE,
        })),
      ],
    },
  },
);
