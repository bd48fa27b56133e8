package roots

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

func TestWinSplitVolume(t *testing.T) {
	for _, tc := range []struct{ in, vol, rest, err string }{
		{in: `C:\ws\a`, vol: "C:", rest: `\ws\a`},
		{in: `c:/ws/a`, vol: "C:", rest: `/ws/a`},
		{in: `c:x`, vol: "C:", rest: `x`}, // drive-relative: the walker rejects it
		{in: `\\?\C:\ws`, vol: "C:", rest: `\ws`},
		{in: `\??\d:\ws`, vol: "D:", rest: `\ws`},
		{in: `\\?\UNC\srv\share\x`, vol: `\\srv\share`, rest: `\x`},
		{in: `\\srv\share\x`, vol: `\\srv\share`, rest: `\x`},
		{in: `//srv/share/x`, vol: `\\srv\share`, rest: `/x`},
		{in: `\\srv\share`, vol: `\\srv\share`, rest: ``},
		{in: `\\?\Volume{1234}\x`, vol: `\\?\Volume{1234}`, rest: `\x`},
		{in: `\\.\PhysicalDrive0`, err: "device"},
		{in: `\\.\C:\x`, err: "device"},
		{in: `\\srv`, err: "UNC"},
		{in: `\\srv\`, err: "UNC"},
		{in: `\\.\`, err: "device"},
		{in: `\??\`, err: "UNC"},
		{in: `\\?\C:`, vol: "C:", rest: ``},
		{in: `\\?\C:x`, err: "drive-relative"},
		{in: `\\?\UNC\`, err: "UNC"},
		{in: `\\?\\x`, err: "UNC"},
		{in: `\\\share\x`, err: "UNC"},
		{in: `\\srv\\x`, err: "UNC"},
		{in: `\\?\`, err: "UNC"},
		{in: `\x`, vol: "", rest: `\x`},
		{in: `a\b`, vol: "", rest: `a\b`},
	} {
		vol, rest, err := winSplitVolume(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("winSplitVolume(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || vol != tc.vol || rest != tc.rest {
			t.Errorf("winSplitVolume(%q) = %q, %q, %v; want %q, %q", tc.in, vol, rest, err, tc.vol, tc.rest)
		}
	}
}

func TestWinClean(t *testing.T) {
	for _, tc := range []struct{ vol, tail, want, err string }{
		{"C:", `\ws\a\..\b`, `C:\ws\b`, ""},
		{"C:", `/ws//a/./b/`, `C:\ws\a\b`, ""},
		{"C:", `\..\..\x`, `C:\x`, ""},
		{"C:", `\`, `C:\`, ""},
		{`\\srv\share`, `\a\..\..\b`, `\\srv\share\b`, ""},
		{"C:", `\ws\NUL`, "", "reserved"},
		{"C:", `\ws\nul.txt`, "", "reserved"},
		{"C:", `\ws\COM1`, "", "reserved"},
		{"C:", `\ws\con `, "", "dot or space"},
		{"C:", `\ws\file.`, "", "dot or space"},
		{"C:", `\ws\file::$DATA`, "", "forbids"},
		{"C:", `\ws\a?b`, "", "forbids"},
		{"C:", `\ws\COM10`, `C:\ws\COM10`, ""},
		{"C:", `\ws\console`, `C:\ws\console`, ""},
	} {
		got, err := winClean(tc.vol, tc.tail)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("winClean(%q, %q) error = %v, want %q", tc.vol, tc.tail, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("winClean(%q, %q) = %q, %v; want %q", tc.vol, tc.tail, got, err, tc.want)
		}
		if !winIsClean(got) {
			t.Errorf("winIsClean(%q) = false", got)
		}
	}
	for _, s := range []string{`C:\ws\`, `C:/ws`, `C:\ws\.\a`, `c:\ws`, `C:ws`, `\\?\C:\ws`, `ws`} {
		if winIsClean(s) {
			t.Errorf("winIsClean(%q) = true", s)
		}
	}
}

func TestEqualFoldNTFS(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{`C:\Work`, `c:\work`, true},
		{`C:\ÄRGER`, `C:\ärger`, true},
		{`C:\Work`, `C:\Wor\u212a`, false}, // the Kelvin sign is not K to NTFS
		{`C:\a`, `C:\ab`, false},
		{"C:\\\xff", "C:\\\xfe", false},
		{"C:\\\xff", "C:\\\xff", true},
	} {
		if got := equalFoldNTFS(tc.a, tc.b); got != tc.want {
			t.Errorf("equalFoldNTFS(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
	p := platform{windows: true}
	for _, tc := range []struct {
		root, path string
		want       bool
	}{
		{`C:\Work`, `c:\work\x`, true},
		{`C:\Work`, `C:\WORK`, true},
		{`C:\Work`, `C:\Work2`, false},
		{`C:\Work`, `C:\Work2\x`, false},
		{`C:\`, `c:\x`, true},
		{`C:\`, `D:\x`, false},
		{`\\srv\share\a`, `\\SRV\Share\A\b`, true},
	} {
		if got := p.within(tc.root, tc.path, true); got != tc.want {
			t.Errorf("within(%q, %q) = %v", tc.root, tc.path, got)
		}
	}
}

// winFS is a fake Windows file system: case-insensitive names, symbolic
// links and junctions, and 8.3 short names.
type winFS struct {
	dirs  map[string]bool   // folded full path -> is a folder (false: a file)
	links map[string]string // folded full path -> target
	short map[string]string // folded full path of a short name -> long full path
}

func (f *winFS) lstat(name string) (kind, error) {
	k := foldKey(name)
	if _, ok := f.links[k]; ok {
		return kindLink, nil
	}
	if long, ok := f.short[k]; ok {
		k = foldKey(long)
	}
	if d, ok := f.dirs[k]; ok {
		if d {
			return kindDir, nil
		}
		return kindOther, nil
	}
	return kindMissing, nil
}

func (f *winFS) readlink(name string) (string, error) {
	if t, ok := f.links[foldKey(name)]; ok {
		return t, nil
	}
	return "", fs.ErrInvalid
}

func (f *winFS) longName(name string) (string, error) {
	if long, ok := f.short[foldKey(name)]; ok {
		return long, nil
	}
	return name, nil
}

func TestResolveWindowsRules(t *testing.T) {
	fsys := &winFS{
		dirs: map[string]bool{},
		links: map[string]string{
			foldKey(`C:\ws\out`):      `D:\outside`,
			foldKey(`C:\ws\deep`):     `C:\ws\a\b\c`,
			foldKey(`C:\ws\rel`):      `..\ws2`,
			foldKey(`C:\ws\junction`): `C:\Windows`,
			foldKey(`C:\ws\loop`):     `C:\ws\loop`,
			foldKey(`C:\ws\rooted`):   `\ws\a`,
			foldKey(`C:\ws\unc`):      `\\?\UNC\srv\share\x`,
		},
		short: map[string]string{foldKey(`C:\PROGRA~1`): `C:\Program Files`},
	}
	for _, d := range []string{`C:\ws`, `C:\ws\a\b\c`, `C:\ws2`, `D:\outside`, `C:\Windows`, `C:\Program Files`, `C:\Program Files\app`, `\\srv\share`} {
		fsys.dirs[foldKey(d)] = true
	}
	fsys.dirs[foldKey(`C:\ws\file.txt`)] = false
	s, err := NewSet([]Root{
		{ID: "ws", Path: `c:/WS`, Access: ReadWrite, Primary: true, Source: Workspace},
		{ID: "app", Path: `C:\PROGRA~1\app`, Access: Read, Source: UserGrant},
	}, withPlatform(platform{windows: true}, fsys), FoldCase(true))
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := s.Root("app"); r.Path != `C:\Program Files\app` {
		t.Errorf("short-name root stored as %q", r.Path)
	}
	for _, tc := range []struct {
		name, path, want, root string
		err                    error
	}{
		{"a relative path with forward slashes", `a/b`, `C:\WS\a\b`, "ws", nil},
		{"a different case of the root is inside", `C:\WS\A\B\new.txt`, `C:\WS\A\B\new.txt`, "ws", nil},
		{"a verbatim prefix", `\\?\C:\ws\a`, `C:\ws\a`, "ws", nil},
		{"a rooted path takes the primary's volume", `\ws\a`, `C:\ws\a`, "ws", nil},
		{"a link to another drive is outside", `out\x`, `D:\outside\x`, "", ErrOutsideRoots},
		{"a junction out of the root is outside", `junction\system32`, `C:\Windows\system32`, "", ErrOutsideRoots},
		{"a relative link beside the root is outside", `rel\x`, `C:\ws2\x`, "", ErrOutsideRoots},
		{"a rooted link target", `rooted\b`, `C:\ws\a\b`, "ws", nil},
		{"a verbatim UNC link target", `unc\y`, `\\srv\share\x\y`, "", ErrOutsideRoots},
		// Win32 collapses .. lexically before following links: deep\..\..
		// is C:\ (outside) even though deep points three levels down.
		{"dot-dot is lexical, as Win32 applies it", `deep\..\..\x`, `C:\x`, "", ErrOutsideRoots},
		{"dot-dot inside a link target is lexical against the link folder", `rel`, `C:\ws2`, "", ErrOutsideRoots},
		{"a sibling with the root as prefix is outside", `C:\ws2\x`, `C:\ws2\x`, "", ErrOutsideRoots},
		{"an 8.3 short name compares as its long name", `C:\progra~1\app\x`, `C:\Program Files\app\x`, "app", nil},
		{"a link loop", `loop`, "", "", ErrLinkLoop},
		{"a path through a file", `file.txt\x`, "", "", ErrUnresolvable},
		{"a drive-relative path is invalid", `C:ws\a`, "", "", ErrInvalidPath},
		{"a device path is invalid", `\\.\C:\ws`, "", "", ErrInvalidPath},
		{"a reserved name is invalid", `a\NUL`, "", "", ErrInvalidPath},
		{"an alternate data stream is invalid", `file.txt:secret`, "", "", ErrInvalidPath},
		{"a trailing dot is invalid", `a.`, "", "", ErrInvalidPath},
		{"invalid UTF-8 is invalid on Windows", "a\\\xff", "", "", ErrInvalidPath},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Resolve(tc.path)
			if !errors.Is(err, tc.err) {
				t.Fatalf("Resolve(%q) error = %v, want %v", tc.path, err, tc.err)
			}
			if got.Resolved != tc.want || got.Root.ID != tc.root {
				t.Errorf("Resolve(%q) = %q in %q, want %q in %q", tc.path, got.Resolved, got.Root.ID, tc.want, tc.root)
			}
		})
	}
}

func TestWindowsSyntaxHelpers(t *testing.T) {
	win := platform{windows: true}
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"a bare drive is not absolute", win.isAbs("C:"), false},
		{"a drive root is absolute", win.isAbs(`C:\`), true},
		{"a bare share is not absolute", win.isAbs(`\\srv\share`), false},
		{"a share root is absolute", win.isAbs(`\\srv\share\`), true},
		{"a is a letter", isASCIILetter('a'), true},
		{"z is a letter", isASCIILetter('z'), true},
		{"A is a letter", isASCIILetter('A'), true},
		{"Z is a letter", isASCIILetter('Z'), true},
		{"@ is not a letter", isASCIILetter('@'), false},
		{"[ is not a letter", isASCIILetter('['), false},
		{"` is not a letter", isASCIILetter('`'), false},
		{"{ is not a letter", isASCIILetter('{'), false},
		{"a upper-cases to A", upperASCII('a') == 'A', true},
		{"z upper-cases to Z", upperASCII('z') == 'Z', true},
		{"{ stays {", upperASCII('{') == '{', true},
		{"` stays `", upperASCII('`') == '`', true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
}

func TestWinReservedDeviceNames(t *testing.T) {
	for _, tc := range []struct {
		name     string
		reserved bool
	}{
		{"COM1", true}, {"lpt9.txt", true}, {"COM0", true}, {"com\u00b9", true}, {"NUL", true}, {"nul.tar.gz", true},
		{"COM", false}, {"COMA", false}, {"COM10", false}, {"LPTX.txt", false}, {"console", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := winCheckName(tc.name); (err != nil) != tc.reserved {
				t.Errorf("winCheckName(%q) = %v, want reserved %v", tc.name, err, tc.reserved)
			}
		})
	}
}

func TestFoldPrefixNonASCII(t *testing.T) {
	for _, tc := range []struct {
		s, prefix string
		n         int
		ok        bool
	}{
		{`C:\ÉCOLE\x`, `C:\école`, len(`C:\ÉCOLE`), true},
		{`C:\école\x`, `C:\ÉCOLE`, len(`C:\école`), true},
		{`C:\ecole\x`, `C:\école`, 0, false},
		{`C:\WS\x`, `c:\ws`, 5, true},
		{"C:\\\u017fx", `C:\s`, len("C:\\\u017f"), true},
		{`C:\sx`, "C:\\\u017f", 4, true},
	} {
		if n, ok := foldPrefix(tc.s, tc.prefix); n != tc.n || ok != tc.ok {
			t.Errorf("foldPrefix(%q, %q) = %d, %v; want %d, %v", tc.s, tc.prefix, n, ok, tc.n, tc.ok)
		}
	}
}
