// Lint for the web app: typescript-eslint (type-aware), React hooks, jsx-a11y, and import rules
// that keep the layers the way the README draws them (bulletproof-react's zones):
//   routes → features → components / lib / config
// A feature never imports another feature (routes compose them); shared code never imports a
// feature or a route; no import cycles anywhere.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "test-results/", "playwright-report/", "app/lib/api-schema.d.ts"],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // An async handler on a JSX attribute (onSubmit={save}) is fine: React ignores the promise,
      // and the handlers catch their own errors. Promises everywhere else are still checked.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // `const { coupon, ...rest } = body` is how a field is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // React Router's redirect() is a Response, thrown from loaders by design.
      "@typescript-eslint/only-throw-error": ["error", { allow: [{ from: "lib", name: "Response" }] }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [reactHooks.configs["recommended-latest"], jsxA11y.flatConfigs.recommended],
    rules: {
      // Option cards wrap their radio with a title and a hint: the text sits three levels down.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  importX.flatConfigs.typescript,
  {
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            // No feature imports another feature.
            ...features.map((feature) => ({
              target: `./app/features/${feature}`,
              from: "./app/features",
              except: [`./${feature}`],
              message: "A feature does not import another feature: move shared code to app/lib or app/components, or compose the two in a route.",
            })),
            // Features sit below the routes.
            { target: "./app/features", from: "./app/routes", message: "Features do not import routes." },
            // Shared code sits below features and routes.
            {
              target: ["./app/components", "./app/lib", "./app/config"],
              from: ["./app/features", "./app/routes"],
              message: "Shared code (components, lib, config) does not import features or routes.",
            },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript (this file, the build scripts) is not part of the TypeScript project.
    files: ["**/*.{js,mjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
