#!/usr/bin/env bash
# Makes what the provider plugin's other languages need, beside the pinned Pulumi CLI
# (run scripts/setup-pulumi.sh first; this script uses its cache folder):
#   pulumi-tenant-codegen     writes sdk/ from schema.json (source: scripts/codegen/main.go,
#                             on github.com/pulumi/pulumi/pkg/v3 at the CLI's version);
#                             rebuilt when its source changes
#   pulumi-language-python    the Python language host (+ pulumi-language-python-exec)
#   pulumi-language-go        the Go language host
#   pulumi-language-java      the Java language host (github.com/pulumi/pulumi-java/pkg@$JAVA_HOST);
#                             also what generates sdk/java (`pulumi package gen-sdk --language java`)
#   pulumi-language-yaml      the YAML language host (github.com/pulumi/pulumi-yaml@$YAML_HOST), built on
#                             the Pulumi modules it requires itself (pkg/sdk v3.206.0): it does not
#                             compile against the CLI's v3.248.0; it speaks the same protocol
#   ../python-venv            a Python virtual environment with `pulumi` from PyPI
# The separate language-host modules are refused by the module proxy; the copies inside
# github.com/pulumi/pulumi/sdk/v3 build and speak the CLI's protocol: Python from
# $PYTHON_HOST_SDK, Go from $GO_HOST_SDK. Those read a project's runtime.options only as flags,
# which the pinned CLI no longer passes: they sit in $root/hosts, and in bin/ under their names is
# scripts/language-options, which reads the options and execs the host with them.
#
# `--sdk-only` makes only what `npm run sdk` needs: the SDK generator and the Java host.
# Progress goes to stderr; the last line on stdout is the bin folder.
set -euo pipefail
sdk_only=false
for arg in "$@"; do
  case "$arg" in
    --sdk-only) sdk_only=true ;;
    *) echo "npm run setup:languages: Unknown option '$arg'. It takes: --sdk-only." >&2; exit 1 ;;
  esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PULUMI_VERSION="${PULUMI_VERSION:-$(node -p "require('$here/node_modules/@pulumi/pulumi/package.json').version" 2>/dev/null || echo 3.248.0)}"
PYTHON_HOST_SDK="v3.68.0"
GO_HOST_SDK="v3.66.0"
JAVA_HOST="v1.12.0"
YAML_HOST="v1.25.0"
root="${PULUMI_TENANT_CLI_ROOT:-$HOME/.pulumi/versions/$PULUMI_VERSION}"
bin="$root/bin"
venv="$root/python-venv"

log() { printf '[setup-languages] %s\n' "$*" >&2; }

if ! command -v go >/dev/null 2>&1; then
  log "ERROR: Go >= 1.24 is needed to build the SDK generator and the language hosts. Install Go, then rerun."
  exit 1
fi
mkdir -p "$bin"
# shellcheck source=lib/go-build.sh
source "$here/scripts/lib/go-build.sh"
ldflags="$(go_ldflags "$PULUMI_VERSION")"
start=$(date +%s)

# 1. The SDK generator, rebuilt when scripts/codegen/main.go or the version changes.
build_tool "$here/scripts/codegen/main.go" "$root/build/codegen" "$bin/pulumi-tenant-codegen" \
  "$(printf 'module pulumi-tenant/codegen\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/pkg/v3 v%s\n\n%s' "$PULUMI_VERSION" \
    'replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e')" \
  "the SDK generator (pkg/v3@v$PULUMI_VERSION's codegen; about 1 minute once the CLI's modules are cached)" \
  "$root/build/cli/go.sum"

# 2. The language hosts.
host() { # name module version package [folder the host goes in; default the bin folder]
  local name="$1" module="$2" version="$3" package="$4" out="${5:-$bin}" dir="$root/build/$1"
  if [ -x "$out/$name" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$module@$version" ]; then return; fi
  log "building $name from $module@$version"
  rm -rf "$dir"
  mkdir -p "$out"
  make_module "$dir" "	$module $version" "$package"
  (cd "$dir" && go_tidy "$dir")
  build_main "$dir" "$out/$name" "$package"
  echo "$module@$version" > "$dir/stamp"
}
host pulumi-language-java github.com/pulumi/pulumi-java/pkg "$JAVA_HOST" github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java
if $sdk_only; then
  echo "$bin"
  exit 0
fi
# The Python and Go hosts go in $root/hosts, behind the launcher that gives them the project's
# runtime.options (virtualenv; binary, buildTarget) as the flags they read.
host pulumi-language-python github.com/pulumi/pulumi/sdk/v3 "$PYTHON_HOST_SDK" github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python "$root/hosts"
host pulumi-language-go github.com/pulumi/pulumi/sdk/v3 "$GO_HOST_SDK" github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go "$root/hosts"
options_launcher pulumi-language-python pulumi-language-go
host pulumi-language-yaml github.com/pulumi/pulumi-yaml "$YAML_HOST" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml
exec_script="$(cd "$root/build/pulumi-language-python" && go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)/python/cmd/pulumi-language-python-exec"
# The Python host runs its executor from its own folder.
install -m 0755 "$exec_script" "$root/hosts/pulumi-language-python-exec"
rm -f "$bin/pulumi-language-python-exec"

# 3. Python: a virtual environment with the Pulumi SDK at the CLI's version.
# parver and semver: what the generated SDK (sdk/python) needs beside pulumi; setuptools and
# wheel: what installing that SDK from its folder needs (no download at each install).
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import importlib.metadata as m, parver, semver, setuptools, wheel, sys; sys.exit(m.version('pulumi') != '$PULUMI_VERSION')" 2>/dev/null; then
  log "making a Python virtual environment with pulumi==$PULUMI_VERSION (from PyPI) in $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pulumi==$PULUMI_VERSION" "parver>=0.2.1" "semver>=2.8.1" "setuptools>=61" wheel >&2
fi

log "ready in $bin (Python environment $venv) after $(( $(date +%s) - start )) s"
echo "$bin"
