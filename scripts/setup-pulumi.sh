#!/usr/bin/env bash
# Makes a supported Pulumi CLI available and prints the folder holding it.
#
# Supported: the pinned version (@pulumi/pulumi's, 3.248.0) or any newer 3.x release.
#
# Order of attempts (first that works wins):
#   1. a `pulumi` on PATH at a supported version (with its Node.js language host beside it):
#      Homebrew's, the official installer's, or the pinned one;
#   2. the cached CLI in $PULUMI_TENANT_CLI_ROOT/bin (default ~/.pulumi/versions/<pinned>);
#   3. the official archive for this machine (linux or darwin, x64 or arm64:
#      get.pulumi.com/releases/sdk/pulumi-v<pinned>-<os>-<arch>.tar.gz), where that site answers;
#   4. a build from Go modules (CLI + Node.js language host), cached in (2).
# Windows: run it in WSL2. In every case the dynamic-provider launcher from
# node_modules/@pulumi/pulumi is placed beside the CLI, so the engine can start dynamic providers.
#
# --dry-run: says what it would use, or which archive it would fetch, and changes nothing.
# Progress goes to stderr; the last line on stdout is the bin folder.
set -euo pipefail
dry_run=""
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=1 ;;
    *)
      echo "npm run setup:pulumi: Unknown option '$arg'. It takes: --dry-run." >&2
      exit 1 ;;
  esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# pulumi_platform, pulumi_archive_url, pulumi_version_supported, language_host_pseudo, PULUMI_VERSION_RANGE.
# shellcheck source=lib/pulumi-platform.sh
source "$here/scripts/lib/pulumi-platform.sh"
sdk_pkg="$here/node_modules/@pulumi/pulumi/package.json"
if [ -z "${PULUMI_VERSION:-}" ]; then
  if [ -f "$sdk_pkg" ]; then
    PULUMI_VERSION="$(node -p "require('$sdk_pkg').version")"
  else
    PULUMI_VERSION="$PULUMI_MIN_VERSION"
  fi
fi
FALLBACK_HOST_SDK="v3.68.0"
root="${PULUMI_TENANT_CLI_ROOT:-$HOME/.pulumi/versions/$PULUMI_VERSION}"
bin="$root/bin"
# `uname` as the archive choice sees it (the unit tests fake it).
kernel="${PULUMI_TENANT_UNAME_S:-$(uname -s)}"
machine="${PULUMI_TENANT_UNAME_M:-$(uname -m)}"

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
  if [ -n "$dry_run" ]; then
    log "dry run: would use the Pulumi CLI in $bin"
    echo "$bin"
    exit 0
  fi
  install_launcher
  install_policy_runner
  log "Pulumi CLI $(version_of "$bin/pulumi") ready in $bin"
  # The CLI this repository's scripts use; a shell needs it on PATH for the guides' `pulumi` commands.
  case ":$PATH:" in
    *":$bin:"*) ;;
    *) log "to run pulumi yourself, put it on PATH (add the line to ~/.bashrc or ~/.zshrc to keep it): export PATH=\"$bin:\$PATH\"" ;;
  esac
  echo "$bin"
  exit 0
}

# 1. On PATH at a supported version. Its files are linked into a folder of ours (the pinned cache
# for the pinned version, ~/.pulumi-tenant-tools/pulumi-on-path/<version> for another), so that the
# language hosts set up later go there and never into the folder of a package manager.
if on_path_cli="$(command -v pulumi 2>/dev/null)"; then
  found="$(version_of "$on_path_cli")"
  on_path="$(dirname "$on_path_cli")"
  if ! pulumi_version_supported "$found"; then
    log "found pulumi ${found:-(no version)} at $on_path_cli: not used, it is not a supported version ($PULUMI_VERSION_RANGE)"
  elif [ ! -e "$on_path/pulumi-language-nodejs" ]; then
    log "found pulumi $found at $on_path_cli: not used, its Node.js language host (pulumi-language-nodejs) is not beside it"
  else
    log "found pulumi $found at $on_path_cli: supported ($PULUMI_VERSION_RANGE), using it"
    if [ "$found" != "v$PULUMI_VERSION" ]; then
      root="${PULUMI_TENANT_TOOLS:-$HOME/.pulumi-tenant-tools}/pulumi-on-path/$found"
      bin="$root/bin"
    fi
    if [ -z "$dry_run" ] && [ "$on_path" != "$bin" ]; then
      mkdir -p "$bin"
      # What Node.js programs need; the other language hosts are built here by setup-languages.sh.
      for f in "$on_path"/pulumi "$on_path"/pulumi-language-nodejs "$on_path"/pulumi-resource-pulumi-nodejs; do
        [ -e "$f" ] && ln -sf "$f" "$bin/$(basename "$f")"
      done
    fi
    done_with
  fi
else
  log "no pulumi on PATH: looking for the cached one, else installing or building it"
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

archive_url="$(pulumi_archive_url "$PULUMI_VERSION" "$kernel" "$machine")" || exit 1

if [ -n "$dry_run" ]; then
  log "dry run: no supported CLI on PATH or in $bin; would fetch $archive_url where get.pulumi.com answers,"
  log "else build v$PULUMI_VERSION from Go modules into $bin"
  echo "$archive_url"
  exit 0
fi

mkdir -p "$bin"

# 3. The official archive for this machine, when its site answers (it does not on offline machines).
if [ -z "${PULUMI_TENANT_SKIP_INSTALLER:-}" ] && command -v curl >/dev/null 2>&1 \
   && curl -fsS --max-time 5 -o /dev/null https://get.pulumi.com/ 2>/dev/null; then
  log "get.pulumi.com reachable: fetching $archive_url"
  tmp="$(mktemp -d)"
  if curl -fsSL --max-time 300 "$archive_url" | tar -xz -C "$tmp"; then
    cp "$tmp"/pulumi/* "$bin/"
    rm -rf "$tmp"
    [ "$(version_of "$bin/pulumi")" = "v$PULUMI_VERSION" ] && done_with
  fi
  rm -rf "$tmp"
  log "the official archive failed; falling back to a build from Go modules"
fi

# 4. Build from Go modules.
if ! command -v go >/dev/null 2>&1; then
  log "ERROR: no supported Pulumi CLI found (PATH, $bin), get.pulumi.com unreachable,"
  log "and no Go toolchain to build it. Install one of: the Pulumi CLI ($PULUMI_VERSION_RANGE,"
  log "https://www.pulumi.com/docs/install/, e.g. brew install pulumi), or Go >= 1.24 (then rerun this script)."
  exit 1
fi
# The Node.js language host's module has no tags: its pseudo-version for this release, when known
# (else the host shipped inside sdk/v3, below, is built instead).
pseudo="$(language_host_pseudo "$PULUMI_VERSION")" || pseudo=""

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
if [ -n "$pseudo" ]; then
  make_module "$host_dir" "	github.com/pulumi/pulumi/sdk/v3 v$PULUMI_VERSION
	github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 $pseudo" \
    github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3
fi
if [ -n "$pseudo" ] && (cd "$host_dir" && go_tidy "$host_dir") 2>/dev/null; then
  build_main "$host_dir" "$bin/pulumi-language-nodejs" github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3
else
  # Some module mirrors refuse the language host's untagged module, and a release not listed in
  # language_host_pseudo (scripts/lib/pulumi-platform.sh) has no known commit. The host's last
  # release inside the sdk/v3 module (v3.68.0) speaks the same gRPC protocol and launches the
  # installed @pulumi/pulumi's own `cmd/run`, so the program still runs on the installed SDK.
  # It reads runtime.options (typescript, tsconfig, nodeargs) only as flags, which this CLI
  # no longer passes: it goes in $root/hosts, behind the launcher of scripts/language-options.
  if [ -n "$pseudo" ]; then
    log "  the language host module for v$PULUMI_VERSION is not available from the module proxy;"
  else
    log "  no known commit of the language host module for v$PULUMI_VERSION (language_host_pseudo);"
  fi
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
