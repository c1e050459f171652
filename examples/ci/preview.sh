#!/usr/bin/env bash
# Pull-request preview: the review comment of a stack's preview (`npx pulumi-tenant review`):
# a summary table of what changes, each object's changes by id (nodes, components, rules,
# subscriptions: added, removed, moved, changed field by field), forms drawn as Mermaid
# flowcharts, secrets masked, the full `pulumi preview --diff` collapsed at the end.
# Exit code is pulumi's (non-zero when the preview fails, e.g. invalid input caught by the
# provider's check; the comment names it with its property path). Exit 3, and no comment file,
# when there is no review to post: the pulumi-tenant command is not installed (run `npm ci`),
# or the review failed; never a plain preview in its place.
#   usage: preview.sh <stack> [project dir] [comment file]
set -uo pipefail
stack="$1"; dir="${2:-.}"; comment="${3:-pulumi-preview.md}"
# The comment is the review or nothing: a plain preview posted instead would hide that the
# review is broken. So the command must be here before anything runs.
if ! npx --no-install pulumi-tenant --help > /dev/null 2>&1; then
  echo "preview.sh: the pulumi-tenant command is not installed here ($(pwd)), so there is no review to post." >&2
  echo "preview.sh: add pulumi-tenant to the dependencies of your package.json and run \`npm ci\` (or \`npm install\`) first." >&2
  exit 3
fi
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
rm -f "$comment"
# The engine's plan, as JSON (standard output alone: the comment is built from it) ...
pulumi preview --stack "$stack" --cwd "$dir" --json --non-interactive > "$work/plan.json" 2> "$work/plan.err"
code=$?
# ... and as people read it, for the log and the comment's collapsed block.
out="$(pulumi preview --stack "$stack" --cwd "$dir" --diff --non-interactive --color never 2>&1)"
printf '%s\n' "$out"
printf '%s\n' "$out" > "$work/diff.txt"
if ! npx --no-install pulumi-tenant review --stack "$stack" --cwd "$dir" --preview-json "$work/plan.json" \
    --diff-file "$work/diff.txt" --preview-exit "$code" --out "$comment" --title "Preview of stack \`$stack\`"; then
  rm -f "$comment"
  echo "preview.sh: \`pulumi-tenant review\` failed (its message is above), so no comment was written." >&2
  echo "preview.sh: the preview's JSON is what it read; \`pulumi preview --json\` said on stderr:" >&2
  sed 's/^/  /' "$work/plan.err" >&2
  exit 3
fi
exit "$code"
