// Makes `require("pulumi-tenant")` resolve inside this repository (examples, test
// programs, the dynamic-provider process) the way it does in a user's project, where the
// package sits in node_modules: node_modules/pulumi-tenant -> the repository root.
// Runs from `prepare`, after every `npm install` (which prunes unknown links).
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", "pulumi-tenant");
if (!fs.existsSync(path.join(root, "node_modules"))) process.exit(0);
try {
  if (fs.lstatSync(link).isSymbolicLink() && fs.realpathSync(link) === fs.realpathSync(root)) process.exit(0);
  fs.rmSync(link, { recursive: true, force: true });
} catch {
  // No link yet.
}
fs.symlinkSync(path.relative(path.dirname(link), root) || ".", link, "dir");
