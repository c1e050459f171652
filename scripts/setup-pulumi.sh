#!/usr/bin/env bash
# Makes the pinned Pulumi CLI available and prints the folder holding it.
#
# Order of attempts (first that works wins):
#   1. a `pulumi` on PATH that already is the pinned version;
#   2. the cached build in $PULUMI_TENANT_CLI_ROOT/bin (default ~/.pulumi/versions/<v>);
#   3. the official installer, where get.pulumi.com is reachable;
#   4. a build from Go modules (CLI + Node.js language host), cached in (2).
# In every case the dynamic-provider launcher from node_modules/@pulumi/pulumi is
# placed beside the CLI, so the engine can start dynamic providers.
#
# Progress goes to stderr; the last line on stdout is the bin folder.
set -euo pipefail
if [ "$#" -gt 0 ]; then
  echo "npm run setup:pulumi: Unknown option '$1'. It takes none." >&2
  exit 1
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sdk_pkg="$here/node_modules/@pulumi/pulumi/package.json"
if [ -z "${PULUMI_VERSION:-}" ]; then
  if [ -f "$sdk_pkg" ]; then
    PULUMI_VERSION="$(node -p "require('$sdk_pkg').version")"
  else
    PULUMI_VERSION="3.248.0"
  fi
fi
# The Node.js language host has no version tags: it is required by the commit of
# the release tag. Known releases are listed here; add one when the pin moves.
declare -A LANGUAGE_HOST_PSEUDO=(
  [3.248.0]="v3.0.0-20260624120734-a88168d865b7"
)
FALLBACK_HOST_SDK="v3.68.0"
root="${PULUMI_TENANT_CLI_ROOT:-$HOME/.pulumi/versions/$PULUMI_VERSION}"
bin="$root/bin"

log() { printf '[setup-pulumi] %s\n' "$*" >&2; }

# go_tidy, make_module, build_main, options_launcher (shared with setup-languages.sh).
# shellcheck source=lib/go-build.sh
source "$here/scripts/lib/go-build.sh"

version_of() { "$1" version 2>/dev/null | tr -d '[:space:]' || true; }

install_launcher() {
  local launcher="$here/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  if [ -f "$launcher" ] && [ ! -e "$bin/pulumi-resource-pulumi-nodejs" ]; then
    cp "$launcher" "$bin/" && chmod +x "$bin/pulumi-resource-pulumi-nodejs"
  fi
}

# Policy packs (`pulumi preview --policy-pack DIR`, PulumiPolicy.yaml `runtime: nodejs`): the CLI
# starts them through the Node.js language host's RunPlugin, which the fallback host (step 4) does
# not implement. Where that host is in place, the runner of scripts/policy-runner stands in front of
# it as $bin/pulumi-language-nodejs: it passes every call through and runs policy packs itself.
install_policy_runner() {
  [ -d "$root/build/language-host-fallback" ] && [ -x "$root/hosts/language-options" ] || return 0
  command -v go >/dev/null 2>&1 || return 0
  build_tool "$here/scripts/policy-runner/main.go" "$root/build/policy-runner" "$root/hosts/policy-runner" \
    "$(printf 'module pulumi-tenant/policy-runner\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/sdk/v3 v%s' "$PULUMI_VERSION")" \
    "the runner of policy packs in front of the Node.js language host (scripts/policy-runner)"
  cmp -s "$root/hosts/policy-runner" "$bin/pulumi-language-nodejs" \
    || install -m 0755 "$root/hosts/policy-runner" "$bin/pulumi-language-nodejs"
}

done_with() {
  install_launcher
  install_policy_runner
  log "Pulumi CLI v$PULUMI_VERSION ready in $bin"
  echo "$bin"
  exit 0
}

# 1. Already on PATH at the pinned version.
if command -v pulumi >/dev/null 2>&1; then
  if [ "$(version_of pulumi)" = "v$PULUMI_VERSION" ]; then
    on_path="$(dirname "$(command -v pulumi)")"
    if [ "$on_path" != "$bin" ]; then
      mkdir -p "$bin"
      for f in "$on_path"/pulumi "$on_path"/pulumi-language-nodejs; do
        [ -e "$f" ] && ln -sf "$f" "$bin/$(basename "$f")"
      done
    fi
    [ -e "$bin/pulumi-language-nodejs" ] && done_with
  fi
fi

# 2. Cached. Where the fallback host was built, it is behind the options launcher (see step 4),
# which is rebuilt when its source changed.
if [ -x "$bin/pulumi" ] && [ -x "$bin/pulumi-language-nodejs" ] \
   && [ "$(version_of "$bin/pulumi")" = "v$PULUMI_VERSION" ]; then
  if [ ! -d "$root/build/language-host-fallback" ]; then
    done_with
  elif [ -x "$root/hosts/pulumi-language-nodejs" ]; then
    # Without Go the launcher in place stays as it is.
    if command -v go >/dev/null 2>&1; then options_launcher pulumi-language-nodejs; fi
    done_with
  fi
fi

mkdir -p "$bin"

# 3. The official installer, when its site answers (it does not on offline machines).
if [ -z "${PULUMI_TENANT_SKIP_INSTALLER:-}" ] && command -v curl >/dev/null 2>&1 \
   && curl -fsS --max-time 5 -o /dev/null https://get.pulumi.com/ 2>/dev/null; then
  log "get.pulumi.com reachable: using the official installer"
  tmp="$(mktemp -d)"
  if curl -fsSL --max-time 300 "https://get.pulumi.com/releases/sdk/pulumi-v$PULUMI_VERSION-linux-x64.tar.gz" \
       | tar -xz -C "$tmp"; then
    cp "$tmp"/pulumi/* "$bin/"
    rm -rf "$tmp"
    [ "$(version_of "$bin/pulumi")" = "v$PULUMI_VERSION" ] && done_with
  fi
  rm -rf "$tmp"
  log "the official installer failed; falling back to a build from Go modules"
fi

# 4. Build from Go modules.
if ! command -v go >/dev/null 2>&1; then
  log "ERROR: no Pulumi CLI v$PULUMI_VERSION found (PATH, $bin), get.pulumi.com unreachable,"
  log "and no Go toolchain to build it. Install one of: the Pulumi CLI v$PULUMI_VERSION"
  log "(https://www.pulumi.com/docs/install/), or Go >= 1.24 (then rerun this script)."
  exit 1
fi
pseudo="${LANGUAGE_HOST_PSEUDO[$PULUMI_VERSION]:-}"
if [ -z "$pseudo" ]; then
  log "ERROR: no known Node.js language host commit for Pulumi $PULUMI_VERSION."
  log "Add it to LANGUAGE_HOST_PSEUDO in scripts/setup-pulumi.sh, or install the CLI yourself."
  exit 1
fi

ldflags="$(go_ldflags "$PULUMI_VERSION")"

start=$(date +%s)
( while sleep 60; do log "  ... still working ($(( ($(date +%s) - start) / 60 )) min so far)"; done ) &
ticker=$!
trap 'kill $ticker 2>/dev/null || true' EXIT

cli_dir="$root/build/cli"
if [ ! -x "$bin/pulumi" ] || [ "$(version_of "$bin/pulumi")" != "v$PULUMI_VERSION" ]; then
  log "building Pulumi CLI v$PULUMI_VERSION from Go modules in $cli_dir"
  make_module "$cli_dir" "	github.com/pulumi/pulumi/pkg/v3 v$PULUMI_VERSION
	github.com/pulumi/pulumi/sdk/v3 v$PULUMI_VERSION" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
  log "step 1/3: resolving and downloading modules (several hundred MB the first time)"
  (cd "$cli_dir" && go_tidy "$cli_dir")
  log "step 2/3: compiling pulumi (a cold build takes 10-20 minutes on 2 cores)"
  build_main "$cli_dir" "$bin/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
fi

log "step 3/3: building the Node.js language host"
host_dir="$root/build/language-host"
make_module "$host_dir" "	github.com/pulumi/pulumi/sdk/v3 v$PULUMI_VERSION
	github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 $pseudo" \
  github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3
if (cd "$host_dir" && go_tidy "$host_dir") 2>/dev/null; then
  build_main "$host_dir" "$bin/pulumi-language-nodejs" github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3
else
  # Some module mirrors refuse the language host's untagged module. Its last release
  # inside the sdk/v3 module (v3.68.0) speaks the same gRPC protocol and launches the
  # installed @pulumi/pulumi's own `cmd/run`, so the program still runs on the pinned SDK.
  # It reads runtime.options (typescript, tsconfig, nodeargs) only as flags, which this CLI
  # no longer passes: it goes in $root/hosts, behind the launcher of scripts/language-options.
  log "  the language host module for v$PULUMI_VERSION is not available from the module proxy;"
  log "  building the host shipped inside github.com/pulumi/pulumi/sdk/v3@$FALLBACK_HOST_SDK instead"
  host_dir="$root/build/language-host-fallback"
  make_module "$host_dir" "	github.com/pulumi/pulumi/sdk/v3 $FALLBACK_HOST_SDK" \
    github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs
  (cd "$host_dir" && go_tidy "$host_dir")
  mkdir -p "$root/hosts"
  build_main "$host_dir" "$root/hosts/pulumi-language-nodejs" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs
  options_launcher pulumi-language-nodejs
fi
kill $ticker 2>/dev/null || true
log "built in $(( $(date +%s) - start )) s"
if [ "$(version_of "$bin/pulumi")" != "v$PULUMI_VERSION" ]; then
  log "ERROR: the built pulumi reports '$(version_of "$bin/pulumi")', expected v$PULUMI_VERSION"
  exit 1
fi
done_with
