package audit

import (
	"os"
	"strings"
)

// ShapeFinds returns the ranges that the shape named name finds in text
// on its own, at every place one of its anchors stands, so that a test
// can tell which shape redacts what.
func ShapeFinds(name, text string) [][2]int {
	t := []byte(text)
	low := strings.ToLower(text)
	var out [][2]int
	for i := range shapes {
		sh := &shapes[i]
		if sh.name != name {
			continue
		}
		if sh.scan != nil {
			for _, s := range sh.scan(t, nil) {
				out = append(out, [2]int{s.start, s.end})
			}
		}
		for _, a := range sh.allAnchors() {
			la := strings.ToLower(a)
			for at := 0; ; {
				k := strings.Index(low[at:], la)
				if k < 0 {
					break
				}
				for _, s := range sh.findAll(t, at+k, len(a), nil) {
					out = append(out, [2]int{s.start, s.end})
				}
				at += k + 1
			}
		}
	}
	return out
}

// FailWrites makes the sink's writes write only short bytes of a line (a
// negative short: all but -short bytes) and fail with err, and its syncs
// fail with syncErr when it is not nil, until the returned function is
// called.
func FailWrites(short int, err, syncErr error) (restore func()) {
	w, sy := fileWrite, fileSync
	if err != nil {
		fileWrite = func(f *os.File, b []byte) (int, error) {
			n := short
			if n < 0 {
				n += len(b)
			}
			n, _ = f.Write(b[:max(0, min(n, len(b)))])
			return n, err
		}
	}
	if syncErr != nil {
		fileSync = func(*os.File) error { return syncErr }
	}
	return func() { fileWrite, fileSync = w, sy }
}
