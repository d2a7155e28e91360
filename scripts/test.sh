#!/usr/bin/env bash
# The whole suite: lint, typecheck, unit, integration on SQLite and PostgreSQL, end to end.
# Ends with one line 'N passed, N failed' over every test that ran.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/postgres.sh
set +e

if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  pg_start || exit 1
  trap pg_stop EXIT
fi

reports=.tmp/reports
rm -rf "$reports" && mkdir -p "$reports"
failed_stages=()

stage() {
  local name=$1
  shift
  echo
  echo "== $name"
  "$@" || failed_stages+=("$name")
}

stage lint npx biome check .
stage typecheck npm run -s typecheck
stage build npm run -s build
if [ ${#failed_stages[@]} -gt 0 ]; then
  echo "Failed: ${failed_stages[*]}"
  exit 1
fi

vitest_run() {
  local project=$1 report=$2 dialect=${3:-sqlite}
  TEST_DIALECT=$dialect npx vitest run --project "$project" \
    --reporter=default --reporter=json --outputFile.json="$reports/$report.json"
}
stage unit vitest_run unit unit
stage "integration (SQLite)" vitest_run integration integration-sqlite sqlite
stage "integration (PostgreSQL)" vitest_run integration integration-postgres postgres
stage "end to end" env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" npx playwright test --reporter=line,json

echo
node scripts/test-summary.ts "$reports"
summary=$?
if [ ${#failed_stages[@]} -gt 0 ]; then
  echo "Failed stages: ${failed_stages[*]}"
  exit 1
fi
exit $summary
