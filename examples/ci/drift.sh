#!/usr/bin/env bash
# Scheduled drift detection: a refresh preview that must show no changes.
# Exit 0: the tenant matches the code. Non-zero: drift (or an error), details on stdout.
#   usage: drift.sh <stack> [project dir]
# Undoing drift takes `pulumi up --refresh`: a plain `pulumi up` compares the code with the
# stack's state, not with the tenant, so it would change nothing.
set -uo pipefail
stack="$1"; dir="${2:-.}"
pulumi preview --stack "$stack" --cwd "$dir" --refresh --expect-no-changes --diff --non-interactive --color never
status=$?
if [ "$status" -ne 0 ]; then
  echo "Drift, or an error, above. To put the code's values back: pulumi up --refresh --stack $stack --cwd $dir" >&2
  echo "(a plain 'pulumi up' compares the code with the stack's state, not with the tenant, and would change nothing)." >&2
  echo "To keep the tenant's values instead, change the code to match them." >&2
fi
exit "$status"
