# Builds Go main packages from modules (sourced by setup-pulumi.sh and setup-languages.sh).
# Needs: a `log` function. Progress and errors go to stderr.

export CGO_ENABLED=0

# Modules are verified against the checksum database when it answers; some module
# mirrors do not serve it, so a failed lookup is retried with verification off.
go_tidy() {
  if ! GOFLAGS=-mod=mod go mod tidy 2> "$1/tidy.log"; then
    if grep -q 'sum.golang.org\|verifying module' "$1/tidy.log"; then
      log "  checksum database unreachable: retrying with GOSUMDB=off"
      GOSUMDB=off GOFLAGS=-mod=mod go mod tidy >&2
    else
      cat "$1/tidy.log" >&2
      return 1
    fi
  fi
}

# A throwaway module in $1 that requires $2 (a list of "module version" lines) and
# imports the main packages $3..., so that `go build` can compile them.
make_module() {
  local dir="$1" requires="$2"; shift 2
  mkdir -p "$dir"
  {
    printf 'module pulumi-tenant/pulumi-cli-build\n\ngo 1.24\n\nrequire (\n%s\n)\n\n' "$requires"
    echo '// The only non-local replace of pulumi'"'"'s own go.mod (go ignores a dependency'"'"'s replaces).'
    echo 'replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e'
  } > "$dir/go.mod"
  {
    printf '//go:build tools\n\npackage tools\n\nimport (\n'
    for p in "$@"; do printf '\t_ "%s"\n' "$p"; done
    printf ')\n'
  } > "$dir/tools.go"
}

# The linker flags that stamp a Pulumi version ($1) into what is built.
go_ldflags() {
  echo "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$1"
}

# build_main dir output package: compiles one main package of the module in dir.
build_main() {
  (cd "$1" && go build -trimpath -tags osusergo,grpcnotrace -ldflags "$ldflags" -o "$2" "$3")
}

# sha256_of: the SHA-256 of stdin in hex (GNU sha256sum on linux, shasum on macOS).
sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum; else shasum -a 256; fi
}

# build_tool SOURCE DIR OUT GO_MOD WHAT [GO_SUM]: builds this repository's one-file Go program
# SOURCE (a main.go) into OUT, in the throwaway module DIR whose go.mod is GO_MOD (GO_SUM, when
# given, starts its go.sum); again only when SOURCE or GO_MOD changed. WHAT is said while building.
build_tool() {
  local source="$1" dir="$2" out="$3" gomod="$4" what="$5" gosum="${6:-}" stamp
  stamp="$({ cat "$source"; printf '%s' "$gomod"; } | sha256_of | cut -c1-16)"
  if [ -x "$out" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then return 0; fi
  log "building $what"
  rm -rf "$dir" && mkdir -p "$dir" "$(dirname "$out")"
  cp "$source" "$dir/main.go"
  if [ -n "$gosum" ] && [ -f "$gosum" ]; then cp "$gosum" "$dir/go.sum"; fi
  printf '%s\n' "$gomod" > "$dir/go.mod"
  (cd "$dir" && go_tidy "$dir")
  (cd "$dir" && go build -trimpath -o "$out" .)
  echo "$stamp" > "$dir/stamp"
}

# options_launcher NAME...: installs the launcher of scripts/language-options as $bin/NAME for each
# NAME, in front of the real host in $root/hosts/NAME (a host built from an older sdk/v3 reads a
# project's runtime.options only as flags, which the pinned CLI no longer passes). Needs: $here,
# $root, $bin, log.
options_launcher() {
  local out="$root/hosts/language-options" name
  build_tool "$here/scripts/language-options/main.go" "$root/build/language-options" "$out" \
    "$(printf 'module pulumi-tenant/language-options\n\ngo 1.24\n\nrequire gopkg.in/yaml.v3 v3.0.1')" \
    "the launcher that passes runtime.options to the older language hosts (scripts/language-options)"
  for name in "$@"; do
    cmp -s "$out" "$bin/$name" || install -m 0755 "$out" "$bin/$name"
  done
}
