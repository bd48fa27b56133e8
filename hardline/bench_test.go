package hardline

import (
	"strings"
	"testing"
)

func BenchmarkCommandOneLine(b *testing.B) {
	a := testAnalyzer(b)
	env := testEnv()
	env.Canonical = nil
	cmd := `find . -name '*.o' -delete && rm -rf ./build`
	b.ReportAllocs()
	for b.Loop() {
		a.Command(cmd, env)
	}
}

// script2KiB is a realistic build and release script of about 2 KiB.
const script2KiB = `#!/usr/bin/env bash
set -euo pipefail
ROOT="$(pwd)"
BUILD=./build
DIST=./dist
VERSION=$(git describe --tags --always)
echo "building $VERSION in $ROOT"
rm -rf "$BUILD" "$DIST"
mkdir -p "$BUILD" "$DIST"
if ! command -v go >/dev/null 2>&1; then
  echo "go is required" >&2
  exit 1
fi
go mod download
go vet ./...
go test -race -count=1 ./... 2>&1 | tee "$BUILD/test.log"
for os in linux darwin windows; do
  for arch in amd64 arm64; do
    out="$BUILD/app-$os-$arch"
    if [ "$os" = windows ]; then out="$out.exe"; fi
    GOOS=$os GOARCH=$arch CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=$VERSION" -o "$out" ./cmd/app
  done
done
find "$BUILD" -type f -name 'app-*' -exec sha256sum {} + > "$DIST/SHA256SUMS"
cp README.md LICENSE "$DIST/"
tar -C "$BUILD" -czf "$DIST/app-$VERSION.tar.gz" .
case "${1:-}" in
  publish)
    gh release create "$VERSION" "$DIST"/* --notes-file CHANGELOG.md
    ;;
  docker)
    docker build -t "app:$VERSION" --build-arg VERSION="$VERSION" .
    docker tag "app:$VERSION" app:latest
    ;;
  *)
    echo "artifacts in $DIST"
    ;;
esac
cleanup() {
  rm -rf ./tmp
  find . -name '*.orig' -delete
}
trap cleanup EXIT
cat > "$DIST/manifest.json" <<EOF
{"version": "$VERSION", "commit": "$(git rev-parse HEAD)"}
EOF
ls -la "$DIST" | awk '{print $5, $9}' | sort -n
if [ -n "${CI:-}" ]; then
  echo "::group::coverage"
  go test -coverprofile="$BUILD/cover.out" ./... >/dev/null
  go tool cover -func="$BUILD/cover.out" | tail -n 1
  echo "::endgroup::"
fi
while read -r line; do
  case "$line" in
    *FAIL*) echo "failure: $line" >&2 ;;
    *) : ;;
  esac
done < "$BUILD/test.log"
npm ci --prefix web && npm run build --prefix web
rsync -a --delete web/dist/ "$DIST/web/"
git status --porcelain | grep -q . && echo "tree is dirty" || echo "tree is clean"
export GOFLAGS=-mod=readonly
sed -i "s/^version: .*/version: $VERSION/" chart/Chart.yaml
chmod -R u+rwX,go-w "$DIST"
grep -c . "$BUILD/test.log" || true
du -sh "$DIST"
echo done
`

func BenchmarkCommandScript2KiB(b *testing.B) {
	a := testAnalyzer(b)
	env := testEnv()
	env.Canonical = nil
	if n := len(script2KiB); n < 1900 || n > 2300 {
		b.Fatalf("script is %d bytes", n)
	}
	if res := a.Command(script2KiB, env); len(res.Findings) != 0 && !strings.Contains(res.Findings[0].Rule, "dynamic") {
		b.Fatalf("unexpected findings %+v", res.Findings)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(script2KiB)))
	for b.Loop() {
		a.Command(script2KiB, env)
	}
}

// BenchmarkCommandCanonical counts the Env.Canonical lookups one call makes:
// only the words the catalogue says are targets are resolved, once each.
func BenchmarkCommandCanonical(b *testing.B) {
	a := testAnalyzer(b)
	for _, c := range []struct{ name, cmd string }{
		{"one-line", "git status && go test ./..."},
		{"targets", "cp a b && cat keys/id_rsa"},
		{"script-2KiB", script2KiB},
	} {
		b.Run(c.name, func(b *testing.B) {
			env := testEnv()
			lookups := 0
			env.Canonical = func(abs string) (string, error) {
				lookups++
				return testCanonical(abs)
			}
			b.ReportAllocs()
			for b.Loop() {
				a.Command(c.cmd, env)
			}
			b.ReportMetric(float64(lookups)/float64(b.N), "lookups/op")
		})
	}
}

// TestCallStateIsPooled counts the allocations of the smallest call: the
// per-call state (run, 744 bytes, and its roots) lives in the pooled
// callCache, so a call allocates only what the parser makes and what its
// findings keep. One allocation more per call fails it.
func TestCallStateIsPooled(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("counts allocations of an uninstrumented build")
	}
	a := testAnalyzer(t)
	env := testEnv()
	env.Canonical = nil
	a.Command("true", env) // fills the pools
	if n := testing.AllocsPerRun(200, func() { a.Command("true", env) }); n > 12 {
		t.Errorf("a call of true allocates %.0f times, want at most 12", n)
	}
}
