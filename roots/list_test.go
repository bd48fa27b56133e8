package roots

import (
	"errors"
	"strings"
	"testing"
)

func TestDirListingLookup(t *testing.T) {
	l := &dirListing{entries: []dirEntry{
		{name: "README.md", kind: kindOther, known: true},
		{name: "src", kind: kindDir, known: true},
		{name: "link", kind: kindLink, known: true},
		{name: "odd", known: false},
	}}
	for _, tc := range []struct {
		name string
		want kind
		ok   bool
	}{
		{"README.md", kindOther, true},
		{"src", kindDir, true},
		{"link", kindLink, true},
		{"missing", kindMissing, true},
		{"odd", 0, false},                    // the file system did not say its kind
		{"readme.md", 0, false},              // a folder that folds case finds README.md
		{"SRC", 0, false},                    // likewise
		{"caf\u00e9", 0, false},              // not ASCII: another spelling may find it
		{"", 0, false},                       // not a name
		{strings.Repeat("x", 256), 0, false}, // longer than a name can be: lstat fails
	} {
		k, ok := l.lookup(tc.name)
		if ok != tc.ok || (ok && k != tc.want) {
			t.Errorf("lookup(%q) = %v, %v; want %v, %v", tc.name, k, ok, tc.want, tc.ok)
		}
	}
	t.Run("a listing with a name that is not ASCII takes no name as missing", func(t *testing.T) {
		l := &dirListing{entries: []dirEntry{{name: "\u212a", kind: kindOther, known: true}}, nonASCII: true}
		if k, ok := l.lookup("k"); ok {
			t.Errorf("lookup(k) = %v, true; want no answer (KELVIN SIGN folds to k)", k)
		}
	})
}

// listingSys is a file system of fixed answers that can list folders,
// counting its lookups and listings.
type listingSys struct {
	kinds    map[string]kind  // missing names are kindMissing
	fail     map[string]error // lookups that fail
	listings map[string]*dirListing
	lstats   []string
	lists    []string
}

func (s *listingSys) lstat(name string) (kind, error) {
	s.lstats = append(s.lstats, name)
	if err := s.fail[name]; err != nil {
		return 0, err
	}
	return s.kinds[name], nil
}

func (s *listingSys) readlink(name string) (string, error) { return "", errors.New("no links") }
func (s *listingSys) longName(name string) (string, error) { return name, nil }

func (s *listingSys) list(dir string) (*dirListing, bool) {
	s.lists = append(s.lists, dir)
	l, ok := s.listings[dir]
	return l, ok
}

func TestMemoListsAFolderLookedUpAgainAndAgain(t *testing.T) {
	listing := &dirListing{entries: []dirEntry{
		{name: "a", kind: kindOther, known: true},
		{name: "b", kind: kindDir, known: true},
		{name: "Case", kind: kindOther, known: true},
		{name: "unknown", known: false},
	}}
	newSys := func() *listingSys {
		return &listingSys{
			kinds:    map[string]kind{"/ws/a": kindOther, "/ws/b": kindDir, "/ws/Case": kindOther, "/ws/unknown": kindOther},
			listings: map[string]*dirListing{"/ws": listing},
		}
	}
	lookup := func(t *testing.T, ms memoSys, name string, want kind) {
		t.Helper()
		k, err := ms.lstat(name)
		if err != nil || k != want {
			t.Fatalf("lstat(%q) = %v, %v; want %v", name, k, err, want)
		}
	}
	t.Run("the folder is listed after listAfter lookups and answers the rest", func(t *testing.T) {
		sys := newSys()
		ms := memoSys{inner: sys, m: &Memo{}}
		lookup(t, ms, "/ws/x", kindMissing)
		lookup(t, ms, "/ws/a", kindOther)
		if len(sys.lists) != 0 {
			t.Fatalf("listed %v before %d lookups", sys.lists, listAfter)
		}
		lookup(t, ms, "/ws/y", kindMissing)
		lookup(t, ms, "/ws/b", kindDir)
		lookup(t, ms, "/ws/z", kindMissing)
		if want := []string{"/ws"}; strings.Join(sys.lists, ",") != strings.Join(want, ",") {
			t.Errorf("lists = %v, want %v", sys.lists, want)
		}
		if len(sys.lstats) != listAfter {
			t.Errorf("lstat calls = %v, want only the first %d", sys.lstats, listAfter)
		}
	})
	t.Run("a name the listing cannot answer is looked up", func(t *testing.T) {
		sys := newSys()
		ms := memoSys{inner: sys, m: &Memo{}}
		lookup(t, ms, "/ws/x", kindMissing)
		lookup(t, ms, "/ws/a", kindOther)
		sys.lstats = nil
		lookup(t, ms, "/ws/case", kindMissing) // folds to Case
		lookup(t, ms, "/ws/unknown", kindOther)
		if want := "/ws/case,/ws/unknown"; strings.Join(sys.lstats, ",") != want {
			t.Errorf("lstat calls = %v, want %s", sys.lstats, want)
		}
	})
	t.Run("failed lookups do not lead to a listing", func(t *testing.T) {
		sys := newSys()
		sys.fail = map[string]error{"/ws/x": errors.New("permission denied"), "/ws/y": errors.New("permission denied")}
		ms := memoSys{inner: sys, m: &Memo{}}
		for _, n := range []string{"/ws/x", "/ws/y", "/ws/x"} {
			if _, err := ms.lstat(n); err == nil {
				t.Fatalf("lstat(%q) succeeded", n)
			}
		}
		lookup(t, ms, "/ws/z", kindMissing)
		if len(sys.lists) != 0 {
			t.Errorf("listed %v after failed lookups", sys.lists)
		}
	})
	t.Run("a folder that cannot be listed is tried once", func(t *testing.T) {
		sys := newSys()
		sys.listings = nil
		ms := memoSys{inner: sys, m: &Memo{}}
		for _, n := range []string{"/ws/1", "/ws/2", "/ws/3", "/ws/4", "/ws/5"} {
			lookup(t, ms, n, kindMissing)
		}
		if len(sys.lists) != 1 || len(sys.lstats) != 5 {
			t.Errorf("lists = %v, lstat calls = %v; want one listing tried and every name looked up", sys.lists, sys.lstats)
		}
	})
	t.Run("each folder is counted on its own", func(t *testing.T) {
		sys := newSys()
		ms := memoSys{inner: sys, m: &Memo{}}
		lookup(t, ms, "/ws/x", kindMissing)
		lookup(t, ms, "/other/x", kindMissing)
		lookup(t, ms, "/ws/b/x", kindMissing)
		if len(sys.lists) != 0 {
			t.Errorf("listed %v after one lookup in each folder", sys.lists)
		}
	})
}

func TestMemoMissingAnswersFromWhatWasLookedUp(t *testing.T) {
	sys := &listingSys{
		kinds: map[string]kind{
			"/ws": kindDir, "/ws/a": kindOther, "/ws/b": kindDir, "/ws/Case": kindOther,
			"/ws/link": kindLink, "/ws/unknown": kindOther,
		},
		listings: map[string]*dirListing{"/ws": {entries: []dirEntry{
			{name: "a", kind: kindOther, known: true},
			{name: "b", kind: kindDir, known: true},
			{name: "Case", kind: kindOther, known: true},
			{name: "link", kind: kindLink, known: true},
			{name: "unknown", known: false},
		}}},
	}
	m := &Memo{}
	ms := memoSys{inner: sys, m: m}
	if m.Missing("/ws/gone") {
		t.Fatal("Missing before any lookup claims /ws/gone is missing")
	}
	for _, n := range []string{"/ws", "/ws/gone", "/ws/a", "/ws/b", "/ws/link", "/elsewhere", "/ws/b/gone"} {
		if _, err := ms.lstat(n); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		p    string
		want bool
	}{
		{"/ws/gone", true},             // looked up and missing
		{"/ws/b/gone", true},           // looked up and missing, in a folder not listed
		{"/ws/gone/deeper/x.sh", true}, // below a missing folder
		{"/elsewhere/x.sh", true},      // the folder above is missing
		{"/ws/a/x.sh", true},           // below a file
		{"/ws/never", true},            // absent from the listing of /ws
		{"/ws/a", false},               // there
		{"/ws/b", false},               // a folder
		{"/ws/case", false},            // the listing holds Case: a folder may fold case
		{"/ws/unknown", false},         // listed without a kind
		{"/ws/b/x.sh", false},          // a folder not listed: not known
		{"/ws/link/x.sh", false},       // through a link: not known
		{"/other/x.sh", false},         // never looked up
		{"", false},
	} {
		if got := m.Missing(c.p); got != c.want {
			t.Errorf("Missing(%q) = %v, want %v", c.p, got, c.want)
		}
	}
	if (*Memo)(nil).Missing("/ws/gone") {
		t.Error("a nil Memo claims a name missing")
	}
}
