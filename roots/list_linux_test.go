//go:build linux

package roots

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestListAgreesWithLstat lists real folders and checks that every answer
// the listing gives is the one lstat gives.
func TestListAgreesWithLstat(t *testing.T) {
	dir := makeTree(t,
		"f file", "d folder/inner", "l link -> folder", "l dangling -> nowhere",
		"f Mixed", "f caf\u00e9",
	)
	l, ok := osSys{}.list(dir)
	if !ok {
		t.Skipf("%s is not on a file system the listing trusts", dir)
	}
	if got := len(l.entries); got != 6 {
		t.Errorf("listed %d entries, want 6: %+v", got, l.entries)
	}
	if !l.nonASCII {
		t.Error("a name that is not ASCII was not noticed")
	}
	names := []string{"file", "folder", "link", "dangling", "Mixed", "mixed", "MIXED", "caf\u00e9", "absent", ".", "..", strings.Repeat("n", 300)}
	for _, n := range names {
		want, err := osSys{}.lstat(dir + "/" + n)
		got, ok := l.lookup(n)
		if !ok {
			continue
		}
		if err != nil || got != want {
			t.Errorf("listing answers %q as %v; lstat: %v, %v", n, got, want, err)
		}
	}
	l.nonASCII = false
	if _, ok := l.lookup("file"); !ok {
		t.Error("an entry listed with its kind is not answered")
	}
	if k, ok := l.lookup("absent"); !ok || k != kindMissing {
		t.Errorf("lookup(absent) = %v, %v; want missing", k, ok)
	}
}

func TestListRefuses(t *testing.T) {
	dir := makeTree(t, "d real", "l link -> real")
	if _, ok := (osSys{}).list(dir + "/real"); !ok {
		t.Skipf("%s is not on a file system the listing trusts", dir)
	}
	if _, ok := (osSys{}).list(dir + "/link"); ok {
		t.Error("a link to a folder was listed: the folder looked up is not the one listed")
	}
	if _, ok := (osSys{}).list(dir + "/missing"); ok {
		t.Error("a missing folder was listed")
	}
	if _, err := os.Stat("/proc/self"); err == nil {
		if _, ok := (osSys{}).list("/proc"); ok {
			t.Error("/proc was listed: it finds names (threads) it does not list")
		}
	}
	big := filepath.Join(dir, "big")
	if err := os.Mkdir(big, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < maxListing/16; i++ {
		if err := os.WriteFile(filepath.Join(big, strings.Repeat("x", 20)+string(rune('a'+i%26))+strings.Repeat("y", i/26)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := (osSys{}).list(big); ok {
		t.Errorf("a folder of %d names was listed, over the %d-byte bound", maxListing/16, maxListing)
	}
}

func TestParseDirentsRejectsMalformedRecords(t *testing.T) {
	rec := func(reclen int, name string) []byte {
		b := make([]byte, reclen)
		b[0] = 1 // inode
		b[16], b[17] = byte(reclen), byte(reclen>>8)
		b[18] = 8 // DT_REG
		copy(b[19:], name)
		return b
	}
	if l, ok := parseDirents(rec(24, "abc")); !ok || len(l.entries) != 1 || l.entries[0].name != "abc" {
		t.Fatalf("a well-formed record: %+v, %v", l, ok)
	}
	for typ, want := range map[byte]bool{0: false, 4: true, 10: true, 8: true, 99: false} { // DT_UNKNOWN, DT_DIR, DT_LNK, DT_REG, none
		b := rec(24, "abc")
		b[18] = typ
		if l, ok := parseDirents(b); !ok || l.entries[0].known != want {
			t.Errorf("a record of type %d: %+v, %v; want known %v", typ, l, ok, want)
		}
	}
	noInode := rec(24, "abc")
	noInode[0] = 0
	if l, ok := parseDirents(noInode); !ok || l.entries[0].known {
		t.Errorf("a record without an inode number: %+v, %v; want its kind not known", l, ok)
	}
	for name, b := range map[string][]byte{
		"short":          rec(24, "abc")[:19],
		"reclen too big": append(rec(24, "abc")[:16], 99, 0, 8, 'a', 0, 0, 0, 0),
		"reclen too small": func() []byte {
			b := rec(24, "abc")
			b[16] = 4
			return b
		}(),
		"no NUL":  rec(24, "abcde"),
		"a slash": rec(24, "a/b"),
	} {
		if _, ok := parseDirents(b); ok {
			t.Errorf("%s: parsed", name)
		}
	}
}

// FuzzParseDirents feeds getdents64 records of any shape to the parser: it
// must not panic, and a listing it accepts must answer only what its
// records say.
func FuzzParseDirents(f *testing.F) {
	rec := func(reclen int, typ byte, name string) []byte {
		b := make([]byte, reclen)
		b[0] = 1
		b[16], b[17] = byte(reclen), byte(reclen>>8)
		b[18] = typ
		copy(b[19:], name)
		return b
	}
	f.Add(rec(24, 8, "abc"))
	f.Add(append(rec(24, 4, "."), rec(32, 10, "link\x00name")...))
	f.Add(append(rec(24, 0, "Ab"), rec(24, 8, "ab")...))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		l, ok := parseDirents(b)
		if !ok {
			return
		}
		for _, e := range l.entries {
			if e.name == "." || e.name == ".." || strings.ContainsAny(e.name, "/\x00") {
				t.Fatalf("accepted the entry %q", e.name)
			}
			if k, known := l.lookup(e.name); known && k == kindMissing {
				// A listed name is never answered missing.
				t.Fatalf("lookup(%q) = %v, %v for a listed entry %+v", e.name, k, known, e)
			}
		}
	})
}
