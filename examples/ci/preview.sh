#!/usr/bin/env bash
# Pull-request preview: the review comment of a stack's preview (`npx pulumi-tenant review`):
# a summary table of what changes, each object's changes by id (nodes, components, rules,
# subscriptions: added, removed, moved, changed field by field), forms drawn as Mermaid
# flowcharts, secrets masked, the full `pulumi preview --diff` collapsed at the end.
# Exit code is pulumi's (non-zero when the preview fails, e.g. invalid input caught by the
# provider's check; the comment names it with its property path).
#   usage: preview.sh <stack> [project dir] [comment file]
set -uo pipefail
stack="$1"; dir="${2:-.}"; comment="${3:-pulumi-preview.md}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
# The engine's plan, as JSON (standard output alone: the comment is built from it) ...
pulumi preview --stack "$stack" --cwd "$dir" --json --non-interactive > "$work/plan.json" 2> "$work/plan.err"
code=$?
# ... and as people read it, for the log and the comment's collapsed block.
out="$(pulumi preview --stack "$stack" --cwd "$dir" --diff --non-interactive --color never 2>&1)"
printf '%s\n' "$out" > "$work/diff.txt"
if ! npx --no-install pulumi-tenant review --stack "$stack" --cwd "$dir" --preview-json "$work/plan.json" \
    --diff-file "$work/diff.txt" --preview-exit "$code" --out "$comment" --title "Preview of stack \`$stack\`"; then
  # No review (the JSON was unreadable): the comment is the plain preview, so the PR still shows it.
  {
    echo "<!-- pulumi-tenant review -->"
    echo "### \`pulumi preview\` of stack \`$stack\`"
    [ "$code" -eq 0 ] && echo "Preview succeeded." || echo "**Preview failed** (exit $code)."
    echo
    echo '```diff'
    printf '%s\n' "$out" | tail -n 400
    echo '```'
  } > "$comment"
fi
printf '%s\n' "$out"
exit "$code"
