#!/usr/bin/env bash
# Pull-request rehearsal of the login journeys: starts a throwaway local tenant server
# (`npx pulumi-tenant-server`, with actions run locally), deploys the branch's program to it on a
# throwaway stack in a throwaway file backend (`pulumi up`), then rehearses every journey
# (`npx pulumi-tenant rehearse`) in a headless Chromium: each journey's screenshots and trace.json
# in <out dir>/<journey name>/, and <out dir>/results.json for the review comment
# (`pulumi-tenant review --journeys`; preview.sh passes it on when JOURNEYS_RESULTS names it).
# Nothing touches the stack or the tenant of the pull request's preview.
# Needs in your package.json's devDependencies: pulumi-tenant-server and puppeteer-core (which
# drives the runner's Chrome, or PULUMI_TENANT_CHROMIUM naming one).
# The throwaway stack's configuration is read from your committed Pulumi.<REHEARSAL_STACK>.yaml
# (default Pulumi.rehearsal.yaml): the program's settings as plain test values (no real secret is
# needed: the journeys' fixtures answer every outside call); the tenant's settings are set here.
# That file is left as it is: the stack (and its own config file) are removed at the end.
# JOURNEYS: the journey files, a glob relative to the project (default journeys/*.yaml).
# Exit code: 0 every journey passed; 2 a journey failed (named on its line); 3 nothing was
# rehearsed (a command missing, the server or the deploy failed: the reason on stderr).
#   usage: rehearse.sh [project dir] [out dir]
set -uo pipefail
dir="$(cd "${1:-.}" && pwd)"; out="${2:-rehearsals}"
committed="$dir/Pulumi.${REHEARSAL_STACK:-rehearsal}.yaml"; journeys="${JOURNEYS:-journeys/*.yaml}"
stack="rehearsal-$$"; stack_file="$dir/Pulumi.$stack.yaml"
fail() { echo "rehearse.sh: $1" >&2; exit 3; }
for command in pulumi-tenant pulumi-tenant-server; do
  npx --no-install "$command" --help > /dev/null 2>&1 ||
    fail "the $command command is not installed here ($(pwd)): add it to your package.json's devDependencies and run \`npm ci\`."
done
# shellcheck disable=SC2206 # the glob is meant to expand, relative to the project
files=( $(cd "$dir" && compgen -G "$journeys") )
[ "${#files[@]}" -gt 0 ] ||
  fail "no journey matches $journeys in $dir: commit your journeys there (e.g. journeys/login.yaml), or set JOURNEYS to the glob that finds them."
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2> /dev/null; wait 2> /dev/null; rm -rf "$work" "$stack_file"; }
trap cleanup EXIT
# The throwaway tenant: any free port, its data in the work folder, actions run with fixtures. Its
# own executable, not through npx: npx does not pass on the signal that ends it at cleanup.
server_bin="$(npx --no-install -c 'command -v pulumi-tenant-server')" ||
  fail "the pulumi-tenant-server command is not installed here ($(pwd)): add it to your package.json's devDependencies and run \`npm ci\`."
"$server_bin" --port 0 --data-dir "$work/tenant" --run-actions > "$work/server.log" 2>&1 &
server=$!
url=""
for _ in $(seq 1 120); do
  url="$(sed -n 's/^Tenant server listening on \(http[^ ]*\)$/\1/p' "$work/server.log" | head -n 1)"
  [ -n "$url" ] && break
  kill -0 "$server" 2> /dev/null || break
  sleep 0.5
done
[ -n "$url" ] || { cat "$work/server.log" >&2; fail "the local tenant server did not start (its output is above)."; }
credential() { node -e 'process.stdout.write(require(process.argv[1])[process.argv[2]])' "$work/tenant/credentials.json" "$1"; }
client_id="$(credential clientId)"; client_secret="$(credential clientSecret)"
[ -n "${GITHUB_ACTIONS:-}" ] && echo "::add-mask::$client_secret"
# The branch's program on a throwaway stack of a throwaway backend (not the pull request's).
export PULUMI_BACKEND_URL="file://$work/state" PULUMI_CONFIG_PASSPHRASE="rehearsal-only" PULUMI_SKIP_UPDATE_CHECK=true
mkdir -p "$work/state"
# Not selected: the project's current stack stays the one it was.
pulumi stack init "$stack" --cwd "$dir" --secrets-provider passphrase --no-select --non-interactive > /dev/null ||
  fail "\`pulumi stack init $stack\` failed in $dir."
# The committed test values (plain text: the throwaway stack has its own passphrase and salt).
if [ -f "$committed" ]; then
  grep -q '^ *secure:' "$committed" &&
    fail "$committed holds encrypted values: give the rehearsal's settings as plain test values."
  grep -v '^encryptionsalt:' "$committed" >> "$stack_file"
fi
pulumi config set tenant:domain "$url" --stack "$stack" --cwd "$dir" --non-interactive &&
  pulumi config set tenant:clientId "$client_id" --stack "$stack" --cwd "$dir" --non-interactive &&
  pulumi config set --secret tenant:clientSecret --stack "$stack" --cwd "$dir" --non-interactive -- "$client_secret" ||
  fail "the throwaway stack's tenant settings could not be set."
pulumi up --yes --skip-preview --stack "$stack" --cwd "$dir" --non-interactive --color never ||
  fail "the deploy of the program to the throwaway tenant failed (pulumi's output is above); give the program's settings test values in $committed."
mkdir -p "$out"
results="$out/results.json"
# Named as the project names them when it is the current folder (the results and comment show them).
paths=(); for file in "${files[@]}"; do if [ "$dir" = "$(pwd)" ]; then paths+=("$file"); else paths+=("$dir/$file"); fi; done
AUTH0_CLIENT_ID="$client_id" AUTH0_CLIENT_SECRET="$client_secret" AUTH0_API_TOKEN="" \
  npx --no-install pulumi-tenant rehearse "${paths[@]}" --tenant-url "$url" --out "$out" --json "$results"
code=$?
# 0 passed, 2 a journey failed: the results are written either way. Anything else rehearsed nothing.
[ "$code" -eq 0 ] || [ "$code" -eq 2 ] || fail "\`pulumi-tenant rehearse\` failed (its message is above)."
exit "$code"
