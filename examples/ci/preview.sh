#!/usr/bin/env bash
# Pull-request preview: the review comment of a stack's preview (`npx pulumi-tenant review`):
# a summary table of what changes, each object's changes by id (nodes, components, rules,
# subscriptions: added, removed, moved, changed field by field), forms drawn as Mermaid
# flowcharts, secrets masked, the full `pulumi preview --diff` collapsed at the end.
# Exit code is pulumi's (non-zero when the preview fails, e.g. invalid input caught by the
# provider's check; the comment names it with its property path). Exit 3, and no comment file,
# when there is no review to post: the pulumi-tenant command is not installed (run `npm ci`), or
# the review failed on a preview that succeeded; never a plain preview in its place.
# With POLICY_PACK set (a policy pack's folder, e.g. node_modules/pulumi-tenant-policy; and
# optionally POLICY_PACK_CONFIG, its configuration file) the preview runs the pack: a mandatory
# violation fails the preview, and the comment lists it first, by object.
# With PICTURES_DIR set, the login screens the change restyles or rewords are drawn before and
# after as PNG files in that folder (it needs a Chromium: Debian's `chromium`, Google Chrome, or
# PULUMI_TENANT_CHROMIUM naming one; without one the comment says so and lists the changes); upload
# the folder as the job's artifact, and set PICTURES_URL to where its files are published for the
# comment to show them (the image links start with it; by default, with the folder's path).
# With JOURNEYS_RESULTS naming the results rehearse.sh wrote (e.g. rehearsals/results.json), the
# comment says per login journey passed or where it failed, with its screenshots (linked under
# JOURNEYS_URL when you publish the rehearsal's folder; by default, with the folder's path).
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
policy=()
if [ -n "${POLICY_PACK:-}" ]; then
  policy=(--policy-pack "$POLICY_PACK")
  [ -n "${POLICY_PACK_CONFIG:-}" ] && policy+=(--policy-pack-config "$POLICY_PACK_CONFIG")
fi
pictures=()
if [ -n "${PICTURES_DIR:-}" ]; then
  pictures=(--pictures "$PICTURES_DIR")
  [ -n "${PICTURES_URL:-}" ] && pictures+=(--pictures-url "$PICTURES_URL")
fi
journeys=()
if [ -n "${JOURNEYS_RESULTS:-}" ] && [ -f "$JOURNEYS_RESULTS" ]; then
  journeys=(--journeys "$JOURNEYS_RESULTS")
  [ -n "${JOURNEYS_URL:-}" ] && journeys+=(--journeys-url "$JOURNEYS_URL")
fi
# The engine's plan, as JSON (standard output alone: the comment is built from it). Policy results
# are only in the streaming form of that JSON, so it is asked for when a pack runs ...
streaming="false"; [ -n "${POLICY_PACK:-}" ] && streaming="true"
PULUMI_ENABLE_STREAMING_JSON_PREVIEW="$streaming" \
  pulumi preview --stack "$stack" --cwd "$dir" --json --non-interactive ${policy[@]+"${policy[@]}"} > "$work/plan.json" 2> "$work/plan.err"
code=$?
# ... and as people read it, for the log and the comment's collapsed block.
out="$(pulumi preview --stack "$stack" --cwd "$dir" --diff --non-interactive --color never ${policy[@]+"${policy[@]}"} 2>&1)"
printf '%s\n' "$out"
printf '%s\n' "$out" > "$work/diff.txt"
npx --no-install pulumi-tenant review --stack "$stack" --cwd "$dir" --preview-json "$work/plan.json" \
  --diff-file "$work/diff.txt" --preview-exit "$code" --out "$comment" --title "Preview of stack \`$stack\`" \
  ${pictures[@]+"${pictures[@]}"} ${journeys[@]+"${journeys[@]}"}
review=$?
# 0: the comment is written and the preview succeeded; 2: the comment is written and names what
# failed (invalid input, mandatory policy violations). Either way the job ends as the preview did.
if [ "$review" -eq 0 ] || [ "$review" -eq 2 ]; then
  [ "$code" -ne 0 ] && exit "$code"
  exit "$review"
fi
if [ "$code" -eq 0 ]; then
  # The preview succeeded and still no review: that is a fault of the review, not of the change. No comment.
  rm -f "$comment"
  echo "preview.sh: \`pulumi-tenant review\` failed (its message is above), so no comment was written." >&2
  exit 3
fi
# The preview itself failed before it planned anything (its JSON holds no steps to review): the
# comment says so, with pulumi's own words, and the job fails with pulumi's exit code.
echo "preview.sh: the preview failed (exit $code) before planning; the comment is its output." >&2
{
  echo "<!-- pulumi-tenant review -->"
  echo "### \`pulumi preview\` of stack \`$stack\`"
  echo "**Preview failed** (exit $code)."
  echo
  echo '```diff'
  printf '%s\n' "$out" | tail -n 400
  echo '```'
} > "$comment"
exit "$code"
