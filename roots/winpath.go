package roots

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the Windows path rules as pure functions. They build on
// every platform so that their tests run everywhere; only sys_windows.go
// talks to a real Windows file system.

func winIsSep(c byte) bool { return c == '\\' || c == '/' }

var (
	errDriveRelative = errors.New("drive-relative paths such as C:name depend on a per-drive working folder")
	errDevicePath    = errors.New(`device namespace paths (\\.\) are not files`)
	errBadUNC        = errors.New("UNC path without a server and share")
)

// winSplitVolume splits s into its volume and the rest. The volume comes
// back normalized: "C:" (upper-case letter) for drive paths including
// \\?\C:\ and \??\C:\, \\server\share for UNC paths including
// \\?\UNC\server\share, and \\?\Name for other verbatim volumes such as
// \\?\Volume{GUID}. A rooted path without a volume (\x) and a relative path
// return vol "". rest starts right after the volume.
func winSplitVolume(s string) (vol, rest string, err error) {
	switch {
	case len(s) >= 2 && s[1] == ':' && isASCIILetter(s[0]):
		return string(upperASCII(s[0])) + ":", s[2:], nil
	case len(s) >= 4 && winIsSep(s[0]) && winIsSep(s[1]) && (s[2] == '?' || s[2] == '.') && winIsSep(s[3]),
		len(s) >= 4 && winIsSep(s[0]) && s[1] == '?' && s[2] == '?' && winIsSep(s[3]):
		if s[2] == '.' {
			return "", "", errDevicePath
		}
		// Verbatim: \\?\X:\..., \\?\UNC\server\share\..., \\?\Volume{...}\...
		v := s[4:]
		if len(v) >= 2 && v[1] == ':' && isASCIILetter(v[0]) {
			if len(v) > 2 && !winIsSep(v[2]) {
				return "", "", errDriveRelative
			}
			return string(upperASCII(v[0])) + ":", v[2:], nil
		}
		if len(v) >= 4 && strings.EqualFold(v[:3], "UNC") && winIsSep(v[3]) {
			return winSplitUNC(v[4:])
		}
		i := winIndexSep(v)
		if i < 0 {
			i = len(v)
		}
		if i == 0 {
			return "", "", errBadUNC
		}
		return `\\?\` + v[:i], v[i:], nil
	case len(s) >= 2 && winIsSep(s[0]) && winIsSep(s[1]):
		return winSplitUNC(s[2:])
	}
	return "", s, nil
}

// winSplitUNC splits "server\share\rest" into \\server\share and \rest.
func winSplitUNC(s string) (vol, rest string, err error) {
	i := winIndexSep(s)
	if i <= 0 {
		return "", "", errBadUNC
	}
	server := s[:i]
	s = s[i+1:]
	j := winIndexSep(s)
	if j < 0 {
		j = len(s)
	}
	if j == 0 {
		return "", "", errBadUNC
	}
	share := s[:j]
	if server == "." || server == "?" || server == ".." || share == "." || share == ".." {
		return "", "", errBadUNC
	}
	return `\\` + server + `\` + share, s[j:], nil
}

func winIndexSep(s string) int {
	return strings.IndexAny(s, `\/`)
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// winClean joins vol and the components of tail the way Win32 normalizes a
// full path: both slashes separate, "." is dropped, ".." removes the previous
// component and stops at the volume root. Every name is checked with
// winCheckName. The result is vol + `\` + names joined by `\`.
func winClean(vol, tail string) (string, error) {
	buf := make([]byte, 0, len(vol)+len(tail)+1)
	buf = append(buf, vol...)
	buf = append(buf, '\\')
	base := len(buf)
	for tail != "" {
		i := winIndexSep(tail)
		var name string
		if i < 0 {
			name, tail = tail, ""
		} else {
			name, tail = tail[:i], tail[i+1:]
		}
		switch name {
		case "", ".":
			continue
		case "..":
			j := len(buf) - 1
			for j >= base && buf[j] != '\\' {
				j--
			}
			if j < base {
				j = base
			}
			buf = buf[:j]
			continue
		}
		if err := winCheckName(name); err != nil {
			return "", err
		}
		if len(buf) > base {
			buf = append(buf, '\\')
		}
		buf = append(buf, name...)
	}
	return string(buf), nil
}

// winIsClean reports whether s is an absolute path in the form winClean
// returns.
func winIsClean(s string) bool {
	vol, rest, err := winSplitVolume(s)
	if err != nil || vol == "" || rest == "" || rest[0] != '\\' {
		return false
	}
	c, err := winClean(vol, rest)
	return err == nil && c == s
}

var winReserved = map[string]bool{
	"CON": true, "PRN": true, "AUX": true, "NUL": true, "CONIN$": true, "CONOUT$": true,
}

// winCheckName rejects names that Win32 would not take literally: reserved
// device names (also with an extension, as older Windows treat NUL.txt),
// trailing dots and spaces (Win32 strips them), and characters Windows
// forbids in names (the ':' of alternate data streams among them).
func winCheckName(name string) error {
	if strings.ContainsFunc(name, func(r rune) bool {
		return r < 0x20 || strings.ContainsRune(`<>:"|?*`, r)
	}) {
		return errors.New("name " + quote(name) + ` contains a character Windows forbids (control, <>:"|?*)`)
	}
	if c := name[len(name)-1]; c == '.' || c == ' ' {
		return errors.New("name " + quote(name) + " ends in a dot or space, which Windows strips")
	}
	stem := name
	if i := strings.IndexByte(stem, '.'); i >= 0 {
		stem = stem[:i]
	}
	stem = strings.TrimRight(stem, " ")
	up := strings.ToUpper(stem)
	if winReserved[up] {
		return errors.New("name " + quote(name) + " is a reserved device name")
	}
	if len(up) >= 4 && (strings.HasPrefix(up, "COM") || strings.HasPrefix(up, "LPT")) {
		d := up[3:]
		if len(d) == 1 && '0' <= d[0] && d[0] <= '9' || d == "¹" || d == "²" || d == "³" {
			return errors.New("name " + quote(name) + " is a reserved device name")
		}
	}
	return nil
}

// equalFoldNTFS reports whether a and b are the same name to NTFS, which
// compares each UTF-16 unit by its upper-case form. Invalid UTF-8 bytes must
// match exactly.
func equalFoldNTFS(a, b string) bool {
	n, ok := foldPrefix(a, b)
	return ok && n == len(a)
}

// foldPrefix reports whether s starts with prefix, comparing case the NTFS
// way, and how many bytes of s the prefix covered (folding can change a
// character's length in bytes).
func foldPrefix(s, prefix string) (int, bool) {
	i := 0
	for prefix != "" {
		if i >= len(s) {
			return 0, false
		}
		if s[i] < utf8.RuneSelf && prefix[0] < utf8.RuneSelf {
			if upperASCII(s[i]) != upperASCII(prefix[0]) {
				return 0, false
			}
			i++
			prefix = prefix[1:]
			continue
		}
		ra, na := utf8.DecodeRuneInString(s[i:])
		rb, nb := utf8.DecodeRuneInString(prefix)
		if ra == utf8.RuneError && na == 1 || rb == utf8.RuneError && nb == 1 {
			if na != nb || s[i] != prefix[0] {
				return 0, false
			}
		} else if ra != rb && unicode.ToUpper(ra) != unicode.ToUpper(rb) {
			return 0, false
		}
		i += na
		prefix = prefix[nb:]
	}
	return i, true
}

// foldKey maps s to a key that is equal for names equalFoldNTFS calls equal.
func foldKey(s string) string {
	return strings.Map(func(r rune) rune {
		if r == utf8.RuneError {
			return r
		}
		return unicode.ToUpper(r)
	}, s)
}
