#!/usr/bin/env bash
# Pull-request preview: `pulumi preview --diff` of a stack, its output kept as Markdown
# for a pull-request comment. Exit code is pulumi's (non-zero when the preview fails,
# e.g. invalid input caught by the provider's check).
#   usage: preview.sh <stack> [project dir] [comment file]
set -uo pipefail
stack="$1"; dir="${2:-.}"; comment="${3:-pulumi-preview.md}"
out="$(pulumi preview --stack "$stack" --cwd "$dir" --diff --non-interactive --color never 2>&1)"
code=$?
{
  echo "### \`pulumi preview\` of stack \`$stack\`"
  [ "$code" -eq 0 ] && echo "Preview succeeded." || echo "**Preview failed** (exit $code)."
  echo
  echo '```diff'
  printf '%s\n' "$out" | tail -n 400
  echo '```'
} > "$comment"
printf '%s\n' "$out"
exit "$code"
