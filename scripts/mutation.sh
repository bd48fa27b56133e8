#!/usr/bin/env bash
# Mutation testing of the decision core: change one operator or condition at
# a time and run the package's tests; a mutant the tests do not notice
# ("LIVED") is a check no test defends. Slow (tens of minutes), so it is not
# part of scripts/test.sh. Needs only Go: the tool comes from the module proxy
# at a pinned version.
#
#   scripts/mutation.sh [report-folder] [package ...]
#
# The report folder defaults to mutation-report/ (ignored by git); the
# packages default to policy roots delegation hardline. Each package gets
# PKG.txt (the human report, one line per mutant) and PKG.json (gremlins'
# machine-readable results). Environment:
#   WORKERS    parallel mutants, default 1 (the machine is usually shared)
#   TIMEOUT_COEFFICIENT  a mutant's time limit in multiples of the plain
#              test run, default 60: each mutant is compiled afresh
#   STATUSES   which mutant statuses to print (gremlins -S), default lt:
#              lived and timed out; klt also shows progress
#   EXCLUDE    a regexp of files to leave out, e.g. to measure only
#              hardline's path code:
#              EXCLUDE='(admin|analyze|commands|hardline|readers|rules|targets)\.go' \
#                scripts/mutation.sh mutation-report hardline
# See TESTING.md for the figures and the survivors judged equivalent.
set -euo pipefail
cd "$(dirname "$0")/.."

GREMLINS="github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0"
out="${1:-mutation-report}"
shift || true
pkgs=("$@")
if [ ${#pkgs[@]} -eq 0 ]; then
  pkgs=(policy roots delegation hardline)
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# Never pass --test-cpu: gremlins v0.6.0 hands it to go test as the single
# argument "-cpu N", which go test rejects, so every mutant would count as
# killed.
args=(unleash --workers "${WORKERS:-1}" --timeout-coefficient "${TIMEOUT_COEFFICIENT:-60}" --output-statuses "${STATUSES:-lt}")
if [ -n "${EXCLUDE:-}" ]; then
  args+=(--exclude-files "$EXCLUDE")
fi

status=0
for p in "${pkgs[@]}"; do
  if [ ! -d "$p" ]; then
    echo "mutation.sh: no package folder $p" >&2
    exit 2
  fi
  printf '== %s -> %s/%s.txt\n' "$p" "$out" "$p"
  mkdir -p "$(dirname "$out/$p")" # internal/hostaddr's report goes in internal/
  if ! go run "$GREMLINS" "${args[@]}" --output "$out/$p.json" "./$p" >"$out/$p.txt" 2>&1; then
    echo "mutation.sh: gremlins failed on $p, see $out/$p.txt" >&2
    status=1
  fi
  grep -E '^(Killed|Test efficacy|Mutator coverage)' "$out/$p.txt" || true
done
exit $status
