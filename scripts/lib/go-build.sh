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

# options_launcher NAME...: installs the launcher of scripts/language-options as $bin/NAME for each
# NAME, in front of the real host in $root/hosts/NAME (a host built from an older sdk/v3 reads a
# project's runtime.options only as flags, which the pinned CLI no longer passes). The launcher is
# built once and again when its source changes. Needs: $here, $root, $bin, log.
options_launcher() {
  local dir="$root/build/language-options" out="$root/hosts/language-options" stamp name
  stamp="$(sha256sum "$here/scripts/language-options/main.go" | cut -c1-16)"
  if [ ! -x "$out" ] || [ "$(cat "$dir/stamp" 2>/dev/null)" != "$stamp" ]; then
    log "building the launcher that passes runtime.options to the older language hosts (scripts/language-options)"
    rm -rf "$dir" && mkdir -p "$dir" "$root/hosts"
    cp "$here/scripts/language-options/main.go" "$dir/"
    printf 'module pulumi-tenant/language-options\n\ngo 1.24\n\nrequire gopkg.in/yaml.v3 v3.0.1\n' > "$dir/go.mod"
    (cd "$dir" && go_tidy "$dir")
    (cd "$dir" && go build -trimpath -ldflags "-s -w" -o "$out" .)
    echo "$stamp" > "$dir/stamp"
  fi
  for name in "$@"; do
    cmp -s "$out" "$bin/$name" || install -m 0755 "$out" "$bin/$name"
  done
}
