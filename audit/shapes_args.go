package audit

import (
	"bytes"
	"strings"
)

// This file holds the shapes that read a secret by where it stands rather
// than by how it looks: an Oracle connect string's password, the
// arguments of commands that take a secret as a plain word, a value piped
// into a command that reads a credential from its standard input, a .NET
// setting whose key names a secret, an HTTP Digest header's values, and
// the tokens a service's name stands next to. See docs/security-model.md,
// Secrets and child processes.

// cmdWord is one word of a command line: [start, end) in the text, and
// [vs, ve) its value with one pair of enclosing quotes taken off.
type cmdWord struct{ start, end, vs, ve int }

// nextWord reads the word of a command line that starts at or after k,
// quotes and all ('a|b' is one word); ok is false at the end of the
// command or after limit bytes.
func nextWord(t []byte, k, limit int) (w cmdWord, next int, ok bool) {
	k = skipSpaces(t, k)
	if k >= len(t) || k >= limit || commandStop[t[k]] || blank[t[k]] {
		return w, k, false
	}
	e := k
	var quote byte
	for e < len(t) && e < limit {
		c := t[e]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case blank[c] || commandStop[c]:
			return word(t, k, e), e, true
		}
		e++
	}
	return word(t, k, e), e, true
}

func word(t []byte, s, e int) cmdWord {
	vs, ve := unquote(t, s, e)
	return cmdWord{s, e, vs, ve}
}

// unquote takes one pair of enclosing quotes off t[s:e].
func unquote(t []byte, s, e int) (int, int) {
	if e-s >= 2 && (t[s] == '\'' || t[s] == '"') && t[e-1] == t[s] {
		return s + 1, e - 1
	}
	return s, e
}

// commandAt reports whether the anchor at at names a command as a word of
// its own: nothing of a name stands before it (a path's '/' may).
func commandAt(t []byte, at int) bool {
	return at == 0 || !wordChars[t[at-1]] && t[at-1] != '-' && t[at-1] != '.'
}

// ---- Oracle connect strings

// oracleIdent is the rest of an Oracle user name after its first letter.
var oracleIdent = set("A-Za-z0-9_$#")

// oraclePassStop ends a password written without quotes in a connect
// string: Oracle allows none of these in one.
var oraclePassStop = set(" \t\r\n'\"@/;|&`<>(),")

// connectPassword reads USER/PASSWORD[@CONNECT] at i, where USER is an
// Oracle name (a letter, then letters, digits, _, $ and #) and PASSWORD is
// written bare or in double quotes ("p@ss word"). It returns the
// password's span. needAt asks for the @CONNECT part, which tells a
// connect string from a path in places where a path may stand.
func connectPassword(t []byte, i int, needAt bool) (span, bool) {
	if i < len(t) && (t[i] == '\'' || t[i] == '"') && i+1 < len(t) && alnumLetter(t[i+1]) {
		i++ // 'scott/tiger@db' and "scott/tiger@db" as one quoted word
	}
	if i >= len(t) || !alnumLetter(t[i]) {
		return span{}, false
	}
	j := run(t, i+1, oracleIdent, 128)
	if j >= len(t) || t[j] != '/' {
		return span{}, false
	}
	p := j + 1
	var s, e int
	if p < len(t) && t[p] == '"' {
		q := bytes.IndexByte(t[p+1:min(len(t), p+1+maxScan)], '"')
		if q <= 0 {
			return span{}, false
		}
		s, e = p+1, p+1+q
		p = e + 1
	} else {
		e = p
		for e < len(t) && e-p < maxScan && !oraclePassStop[t[e]] {
			e++
		}
		if e == p {
			return span{}, false
		}
		s, p = p, e
	}
	switch {
	case p < len(t) && t[p] == '@':
	case needAt:
		return span{}, false
	case p < len(t) && t[p] == '/':
		return span{}, false // a path: dir/sub/file
	case p < len(t) && !blank[t[p]] && !commandStop[t[p]] && t[p] != '\'' && t[p] != '"':
		return span{}, false
	}
	return span{s, e}, true
}

func alnumLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// oracleConnect finds the password of an Oracle connect string: in a JDBC
// URL (jdbc:oracle:thin:USER/PASSWORD@HOST), after a userid= parameter
// or SQL*Plus's CONNECT, and in the arguments of the commands that take
// one (sqlplus USER/PASSWORD@DB, expdp, impdp, sqlldr, rman, dgmgrl).
// A JDBC URL and CONNECT need the @ that a connect string has; a
// command's argument and userid= may log in locally without it
// (sqlplus scott/tiger).
func oracleConnect(t []byte, at, n int, out []span) []span {
	anchor := t[at : at+n]
	switch {
	case bytes.EqualFold(anchor, []byte("jdbc:oracle:")):
		k := run(t, at+n, alnum, 16)
		if k == at+n || k >= len(t) || t[k] != ':' {
			return out
		}
		if s, ok := connectPassword(t, k+1, true); ok {
			out = append(out, s)
		}
		return out
	case bytes.EqualFold(anchor, []byte("userid=")):
		if at > 0 && wordChars[t[at-1]] {
			return out
		}
		if s, ok := connectPassword(t, at+n, false); ok {
			out = append(out, s)
		}
		return out
	case bytes.EqualFold(anchor, []byte("connect ")):
		if !commandAt(t, at) {
			return out
		}
		if s, ok := connectPassword(t, skipSpaces(t, at+n), true); ok {
			out = append(out, s)
		}
		return out
	}
	if !commandAt(t, at) {
		return out
	}
	limit := min(len(t), at+n+maxScan)
	for k := at + n; ; {
		w, next, ok := nextWord(t, k, limit)
		if !ok {
			return out
		}
		i := w.start
		if end := w.start + len("userid="); end <= w.end && bytes.EqualFold(t[w.start:end], []byte("userid=")) {
			i = end
		}
		if s, ok := connectPassword(t, i, false); ok && s.end <= w.end {
			out = append(out, s)
		}
		k = next
	}
}

// ---- Commands that take a secret as a plain word

// argumentSecretAnchors are the commands whose arguments hold a secret
// that no option's name announces.
var argumentSecretAnchors = []string{"htpasswd ", "gh secret set ", "vault kv put ", "vault kv patch ", "kubectl create secret ", "oc create secret ",
	"vault login ", "cargo login ", "nuget setapikey ", "poetry config ", "lftp ",
	"fly secrets set ", "flyctl secrets set ", "supabase secrets set ", "doppler secrets set ",
	"aws ssm put-parameter ", "az keyvault secret set ",
	"rclone config create ", "rclone config update ",
	"net user ", "net use ", "NET USER ", "NET USE ", "Net user ", "Net use ", "net.exe user ", "net.exe use ",
	"smbclient ", "rpcclient ", "smbcacls ", "smbget ", "smbtree ", "net ads ", "net rpc "}

// sambaCommands are the anchors of Samba's tools, which take
// -U USER%PASSWORD.
var sambaCommands = map[string]bool{"smbclient ": true, "rpcclient ": true, "smbcacls ": true, "smbget ": true, "smbtree ": true, "net ads ": true, "net rpc ": true}

// argumentSecret finds the secrets a command takes as plain words:
//
//   - htpasswd -b FILE USER PASSWORD (and -nb USER PASSWORD): with -b the
//     last operand is the password;
//   - gh secret set NAME --body VALUE (-b VALUE, -bVALUE, --body=VALUE);
//   - vault kv put PATH KEY=VALUE ...: every field of a key/value secret
//     is secret, whatever its name (@FILE and - name where it comes from);
//   - kubectl create secret ... --from-literal=KEY=VALUE, and oc's;
//   - vault login TOKEN: its first operand that is no KEY=VALUE of a
//     login method;
//   - rclone config create NAME TYPE KEY VALUE ... (and update NAME): the
//     value of every secret-named key, as KEY VALUE or KEY=VALUE;
//   - Windows's net user NAME PASSWORD and net use \\HOST\SHARE PASSWORD
//     /user:NAME: the operand that is neither the name, a drive, a share,
//     a switch nor the * that asks for it;
//   - Samba's -U USER%PASSWORD (--user=, -UUSER%PASSWORD) for smbclient,
//     rpcclient, smbcacls, smbget, smbtree and net ads or rpc.
func argumentSecret(t []byte, at, n int, out []span) []span {
	if !commandAt(t, at) {
		return out
	}
	name := string(t[at : at+n])
	if sambaCommands[name] {
		return sambaPassword(t, at+n, out)
	}
	limit := min(len(t), at+n+maxScan)
	var prev cmdWord // the word before; none reads as an empty one
	batch := false
	var last cmdWord
	operands := 0
	for k := at + n; ; {
		w, next, ok := nextWord(t, k, limit)
		if !ok {
			break
		}
		v := t[w.vs:w.ve]
		switch name {
		case "htpasswd ":
			if len(v) > 1 && v[0] == '-' {
				batch = batch || bytes.IndexByte(v, 'b') > 0
			} else {
				last, operands = w, operands+1
			}
		case "gh secret set ":
			switch {
			case string(t[prev.vs:prev.ve]) == "-b" || string(t[prev.vs:prev.ve]) == "--body":
				out = appendValue(t, out, w.vs, w.ve)
			case bytes.HasPrefix(v, []byte("--body=")):
				out = appendValue(t, out, w.vs+len("--body="), w.ve)
			case len(v) > 2 && bytes.HasPrefix(v, []byte("-b")):
				out = appendValue(t, out, w.vs+2, w.ve)
			}
		case "vault login ", "cargo login ", "nuget setapikey ":
			// The first operand (vault's login methods take KEY=VALUE).
			if len(v) > 0 && v[0] != '-' && bytes.IndexByte(v, '=') < 0 && operands == 0 {
				out = appendValue(t, out, w.vs, w.ve)
			}
			if len(v) > 0 && v[0] != '-' {
				operands++
			}
		case "poetry config ":
			// pypi-token.REPO TOKEN, http-basic.REPO USER PASSWORD.
			if len(v) > 0 && v[0] != '-' {
				operands++
				if operands == 1 {
					last = w
				}
				setting := t[last.vs:last.ve]
				if operands >= 2 && bytes.HasPrefix(setting, []byte("pypi-token.")) || operands >= 3 && bytes.HasPrefix(setting, []byte("http-basic.")) {
					out = appendValue(t, out, w.vs, w.ve)
				}
			}
		case "lftp ":
			// -u USER,PASSWORD
			if string(t[prev.vs:prev.ve]) == "-u" {
				if c := bytes.IndexByte(v, ','); c >= 0 {
					out = appendValue(t, out, w.vs+c+1, w.ve)
				}
			}
		case "fly secrets set ", "flyctl secrets set ", "supabase secrets set ", "doppler secrets set ":
			// Every value is a secret, whatever its name: NAME=VALUE,
			// and doppler's NAME VALUE (a second operand without =).
			if len(v) > 0 && v[0] != '-' {
				operands++
				if e := bytes.IndexByte(v, '='); e > 0 {
					out = appendValue(t, out, w.vs+e+1, w.ve)
				} else if operands == 2 { // doppler's NAME VALUE
					out = appendValue(t, out, w.vs, w.ve)
				}
			}
		case "aws ssm put-parameter ", "az keyvault secret set ":
			switch {
			case string(t[prev.vs:prev.ve]) == "--value":
				out = appendValue(t, out, w.vs, w.ve)
			case bytes.HasPrefix(v, []byte("--value=")):
				out = appendValue(t, out, w.vs+len("--value="), w.ve)
			}
		case "rclone config create ", "rclone config update ":
			named := 2 // NAME TYPE come before the pairs; update's NAME alone
			if name == "rclone config update " {
				named = 1
			}
			if len(v) > 0 && v[0] != '-' {
				operands++
				if e := bytes.IndexByte(v, '='); e > 0 && SensitiveKey(string(v[:e])) {
					out = appendValue(t, out, w.vs+e+1, w.ve)
				} else if operands > named+1 && SensitiveKey(string(t[prev.vs:prev.ve])) {
					out = appendValue(t, out, w.vs, w.ve)
				}
			}
		case "vault kv put ", "vault kv patch ":
			if e := bytes.IndexByte(v, '='); e > 0 && v[0] != '-' {
				if val := t[w.vs+e+1 : w.ve]; len(val) > 0 && val[0] != '@' && string(val) != "-" {
					out = appendValue(t, out, w.vs+e+1, w.ve)
				}
			}
		case "net user ", "net use ", "NET USER ", "NET USE ", "Net user ", "Net use ", "net.exe user ", "net.exe use ":
			user := strings.HasSuffix(strings.ToLower(name), "user ")
			switch {
			case len(v) == 0 || v[0] == '/' && w.vs == w.start || string(v) == "*": // a quoted word is read as a value
			case !user && (bytes.HasPrefix(v, []byte(`\\`)) || len(v) == 2 && v[1] == ':'):
			case user && operands == 0:
				operands++ // the user's name
			default:
				out = appendValue(t, out, w.vs, w.ve)
			}
		default: // kubectl and oc create secret
			lit := -1
			switch {
			case bytes.HasPrefix(v, []byte("--from-literal=")):
				lit = w.vs + len("--from-literal=")
			case string(t[prev.vs:prev.ve]) == "--from-literal":
				lit = w.vs
			}
			if lit >= 0 {
				ls, le := unquote(t, lit, w.ve)
				if e := bytes.IndexByte(t[ls:le], '='); e > 0 {
					out = appendValue(t, out, ls+e+1, le)
				}
			}
		}
		prev = w
		k = next
	}
	if batch && operands >= 2 {
		out = appendValue(t, out, last.vs, last.ve)
	}
	return out
}

// sambaPassword finds the password in a Samba tool's -U USER%PASSWORD,
// --user=USER%PASSWORD or -UUSER%PASSWORD.
func sambaPassword(t []byte, k int, out []span) []span {
	limit := min(len(t), k+maxScan)
	var prev cmdWord
	for {
		w, next, ok := nextWord(t, k, limit)
		if !ok {
			return out
		}
		s, e := w.vs, w.ve
		v := t[s:e]
		switch pv := string(t[prev.vs:prev.ve]); {
		case pv == "-U" || pv == "--user":
		case bytes.HasPrefix(v, []byte("--user=")):
			s += len("--user=")
		case len(v) > 2 && bytes.HasPrefix(v, []byte("-U")):
			s += 2
		default:
			s = e
		}
		s, e = unquote(t, s, e)
		if p := bytes.IndexByte(t[s:e], '%'); p >= 0 {
			out = appendValue(t, out, s+p+1, e)
		}
		prev, k = w, next
	}
}

// appendValue appends t[s:e], its enclosing quotes taken off, unless it
// is empty.
func appendValue(t []byte, out []span, s, e int) []span {
	s, e = unquote(t, s, e)
	if e > s {
		out = append(out, span{s, e})
	}
	return out
}

// ---- Values piped into a command that reads a credential from stdin

// pipedSecretAnchors name a command, or an option of one, that reads a
// password, token or secret from its standard input.
var pipedSecretAnchors = []string{
	"--password-stdin", "--with-token", "--passphrase-fd",
	"gh secret set ", "docker secret create ", "podman secret create ", "wrangler secret put ",
	"sudo -S", "sudo --stdin", "chpasswd", "passwd --stdin",
	"vercel env add ", "gcloud secrets create ", "gcloud secrets versions add ", "fly secrets import", "flyctl secrets import",
	"pass insert ", "secret-tool store ", "keyctl padd ", "systemd-creds encrypt ", "htpasswd ",
}

// pipedSecret finds the value a command that reads a credential from its
// standard input is given: what echo or printf writes into the pipe
// before it (echo VALUE | docker login --password-stdin, echo VALUE | gh
// auth login --with-token, printf %s VALUE | docker secret create NAME -,
// echo PASS | sudo -S, echo USER:PASS | chpasswd), or a here-string after
// it (<<< VALUE). A value that is only a variable ($TOKEN, "${TOKEN}") or
// a command's output ($(cat f)) holds no secret of its own and stays.
func pipedSecret(t []byte, at, n int, out []span) []span {
	if at > 0 && !blank[t[at-1]] && (t[at] == '-' || !commandAt(t, at)) {
		return out
	}
	e := at + n
	if string(t[at:e]) == "--passphrase-fd" {
		// gpg --passphrase-fd 0 reads standard input; another number
		// names another file.
		if e+1 >= len(t) || t[e] != ' ' && t[e] != '=' || t[e+1] != '0' || e+2 < len(t) && !blank[t[e+2]] && !commandStop[t[e+2]] {
			return out
		}
		e += 2
	}
	if t[e-1] != ' ' && e < len(t) && !blank[t[e]] && !commandStop[t[e]] && t[e] != '\'' && t[e] != '"' && t[e] != '=' {
		return out // --password-stdinx, chpasswdx: another word
	}
	// The pipe before the command, on the same line.
	p := -1
back:
	for i := at - 1; i >= 0 && at-i < 1024; i-- {
		switch t[i] {
		case '|':
			p = i // after ||, the command before it is empty
			break back
		case ';', '&', '\n', '\r', '(', '`':
			break back
		}
	}
	if p >= 0 {
		s := p
		for s > 0 && p-s < maxScan && !commandStop[t[s-1]] && t[s-1] != '(' {
			s--
		}
		out = fedValue(t, s, p, out)
	}
	// A here-string in the command.
	for k := e; ; {
		w, next, ok := nextWord(t, k, min(len(t), e+maxScan))
		if !ok {
			return out
		}
		if bytes.HasPrefix(t[w.start:w.end], []byte("<<<")) {
			v := w.start + 3
			if v == w.end {
				if w2, _, ok := nextWord(t, w.end, min(len(t), e+maxScan)); ok {
					out = literalValue(t, out, w2.start, w2.end)
				}
			} else {
				out = literalValue(t, out, v, w.end)
			}
			return out
		}
		k = next
	}
}

// fedValue finds what the command in t[s:p] writes when it is echo or
// printf: echo's words after its options, printf's after its format (or
// its only word).
func fedValue(t []byte, s, p int, out []span) []span {
	cmd, k, ok := nextWord(t, s, p)
	if !ok {
		return out
	}
	name := t[cmd.vs:cmd.ve]
	if i := bytes.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	var ws []cmdWord
	for {
		w, next, ok := nextWord(t, k, p)
		if !ok {
			break
		}
		ws = append(ws, w)
		k = next
	}
	switch string(name) {
	case "echo":
		for len(ws) > 0 && isEchoOption(t[ws[0].start:ws[0].end]) {
			ws = ws[1:]
		}
	case "printf":
		if len(ws) > 1 {
			ws = ws[1:]
		}
	default:
		return out
	}
	if len(ws) == 0 {
		return out
	}
	return literalValue(t, out, ws[0].start, ws[len(ws)-1].end)
}

func isEchoOption(w []byte) bool {
	if len(w) < 2 || w[0] != '-' {
		return false
	}
	for _, c := range w[1:] {
		if c != 'n' && c != 'e' && c != 'E' {
			return false
		}
	}
	return true
}

// literalValue appends t[s:e], its enclosing quotes taken off, unless it
// is empty or names a variable or a command's output.
func literalValue(t []byte, out []span, s, e int) []span {
	s, e = unquote(t, s, e)
	if e <= s || onlyExpansion(t[s:e]) {
		return out
	}
	return append(out, span{s, e})
}

// onlyExpansion reports whether v is a lone $NAME, ${NAME} or $(...).
func onlyExpansion(v []byte) bool {
	if len(v) < 2 || v[0] != '$' {
		return false
	}
	switch v[1] {
	case '(':
		return v[len(v)-1] == ')'
	case '{':
		return v[len(v)-1] == '}' && run(v, 2, wordChars, len(v)) == len(v)-1
	}
	return run(v, 1, wordChars, len(v)) == len(v)
}

// ---- .NET configuration

// attrName is the characters of an XML attribute's name.
var attrName = set("A-Za-z0-9_:.-")

// dotnetSetting finds the value of an <add key="NAME" value="VALUE"/>
// element (appSettings and its kind) whose key, or name, is one that
// SensitiveKey holds for: <add key="ApiKey" value="..."/>. The attributes
// may stand in any order and be quoted with ' or ".
func dotnetSetting(t []byte, at, n int, out []span) []span {
	var key []byte
	vs, ve := -1, -1
	k := at + n
	for k < len(t) && k-at < 1024 {
		k = run(t, k, blank, 64)
		if k >= len(t) || t[k] == '>' || t[k] == '/' {
			break
		}
		ns := k
		k = run(t, k, attrName, 64)
		name := t[ns:k]
		k = skipSpaces(t, k)
		if len(name) == 0 || k >= len(t) || t[k] != '=' {
			return out
		}
		k = skipSpaces(t, k+1)
		if k >= len(t) || t[k] != '"' && t[k] != '\'' {
			return out
		}
		q := bytes.IndexByte(t[k+1:min(len(t), k+1+maxScan)], t[k])
		if q < 0 {
			return out
		}
		s, e := k+1, k+1+q
		switch {
		case bytes.EqualFold(name, []byte("key")), bytes.EqualFold(name, []byte("name")) && key == nil:
			key = t[s:e]
		case bytes.EqualFold(name, []byte("value")):
			vs, ve = s, e
		}
		k = e + 1
	}
	if vs >= 0 && ve > vs && key != nil && SensitiveKey(string(key)) {
		out = append(out, span{vs, ve})
	}
	return out
}

// ---- HTTP Digest authentication

// digestSecretParams are the parameters of a Digest header that prove or
// replay the password: the response hash, which is tried against word
// lists offline with the nonces, and the nonces themselves.
var digestSecretParams = []string{"response", "nonce", "cnonce"}

// digestAuth finds the response and nonces of an HTTP Digest header
// (Authorization: Digest username="u", nonce="...", response="..."),
// quoted or not, up to the end of the line. The user name, realm, URI and
// the like stay readable.
func digestAuth(t []byte, at, n int, out []span) []span {
	if at > 0 && wordChars[t[at-1]] {
		return out
	}
	k := at + n
	for k < len(t) && k-at < maxScan {
		k = skipSpaces(t, k)
		ns := k
		k = run(t, k, wordChars, 32)
		name := t[ns:k]
		if len(name) == 0 || k >= len(t) || t[k] != '=' {
			return out // not a parameter: the header, or the list, ends
		}
		k++
		var s, e int
		if k < len(t) && t[k] == '"' {
			q := bytes.IndexByte(t[k+1:min(len(t), k+1+maxScan)], '"')
			if q < 0 {
				return out
			}
			s, e = k+1, k+1+q
			k = e + 1
		} else {
			s = k
			for k < len(t) && k-s < maxScan && t[k] != ',' && !blank[t[k]] && t[k] != '\'' && t[k] != '"' {
				k++
			}
			e = k
		}
		for _, p := range digestSecretParams {
			if bytes.EqualFold(name, []byte(p)) && e > s {
				out = append(out, span{s, e})
			}
		}
		k = skipSpaces(t, k)
		if k >= len(t) || t[k] != ',' {
			return out
		}
		k++
	}
	return out
}

// ---- Tokens found next to their service's name

// mailgunWindow is how far before and after the word mailgun a Mailgun
// key is looked for.
const mailgunWindow = 512

// mailgunKey finds Mailgun private API keys of the newer form, 32
// lower-case hex digits, '-', 8, '-', 8, within mailgunWindow bytes of the
// word mailgun (MAILGUN_API_KEY=..., api.mailgun.net in the same curl
// command): the form has no prefix of its own, and alone it is too close
// to other hex identifiers to be read as a key everywhere.
func mailgunKey(t []byte, at, n int, out []span) []span {
	from, to := max(0, at-mailgunWindow), min(len(t), at+n+mailgunWindow)
	for i := from; i+50 <= to; i++ {
		if !lowerHex[t[i]] || i > 0 && wordChars[t[i-1]] {
			continue
		}
		j := run(t, i, lowerHex, 33)
		if j-i == 32 && j < len(t) && t[j] == '-' {
			j2 := run(t, j+1, hexUpper, 9)
			if j2-(j+1) == 8 && j2 < len(t) && t[j2] == '-' {
				j3 := run(t, j2+1, hexUpper, 9)
				if j3-(j2+1) == 8 && (j3 == len(t) || !wordChars[t[j3]]) {
					out = append(out, span{i, j3})
				}
			}
		}
		i = j
	}
	return out
}

// bech32Upper is the bech32 alphabet in upper case, as age writes its
// identities.
var bech32Upper = set("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")

// upperDigitsDash is the characters of an age plugin's name and data.
var upperDigitsDash = set("A-Z0-9-")

// agePlugin finds an age plugin identity: AGE-PLUGIN-, the plugin's name
// in upper case (letters, digits and '-'), the separator 1, and its data
// in bech32 (the last 1 is the separator: bech32 holds none).
func agePlugin(t []byte, at, n int) (span, bool) {
	if at > 0 && wordChars[t[at-1]] {
		return span{}, false
	}
	k := run(t, at+n, upperDigitsDash, maxScan)
	sep := bytes.LastIndexByte(t[at+n:k], '1')
	if sep <= 0 {
		return span{}, false
	}
	data := t[at+n+sep+1 : k]
	if len(data) < 20 || k < len(t) && wordChars[t[k]] {
		return span{}, false
	}
	for _, c := range data {
		if !bech32Upper[c] {
			return span{}, false
		}
	}
	return span{at, k}, true
}

// ---- A Kubernetes Secret's data

// kubeSecretAnchors are the keys of a Kubernetes Secret's values, in the
// YAML and the JSON kubectl prints and applies.
var kubeSecretAnchors = []string{"data:", "stringData:", `"data":`, `"stringData":`}

var (
	kindSecretYAML  = []byte("kind: Secret")
	kindSecretJSON  = []byte(`"kind": "Secret"`)
	kindSecretTight = []byte(`"kind":"Secret"`)
	yamlDocument    = []byte("\n---")
)

// kubeSecretData finds the values under a Kubernetes Secret's data: or
// stringData: (kubectl get secret -o yaml or -o json, a manifest): every
// one is secret whatever its key's name (DATABASE_URL, config.yaml, .env),
// in base64 or not, and base64 hides what a shape would find in it. The
// document the key stands in must say kind: Secret, before or after it
// (kubectl sorts data before kind), within maxScan bytes and without a
// "---" between; a ConfigMap's data stays. The keys stay readable.
func kubeSecretData(t []byte, at, n int, out []span) []span {
	if !kubeSecretDocument(t, at) {
		return out
	}
	if t[at] == '"' {
		return jsonObjectValues(t, at+n, out)
	}
	// YAML: the key stands first on its line (or after a list's "- ").
	ls := at
	for ls > 0 && t[ls-1] != '\n' {
		ls--
	}
	lead := bytes.TrimLeft(t[ls:at], " ")
	if len(lead) > 0 && string(lead) != "- " {
		return out
	}
	indent := at - ls
	rest := skipSpaces(t, at+n)
	if rest < len(t) && t[rest] != '\n' && t[rest] != '\r' && t[rest] != '#' {
		if t[rest] == '{' {
			return yamlFlowValues(t, rest, out) // data: {a: b, c: d}
		}
		return out
	}
	// The lines indented under the key: each "name: value" loses its
	// value, a block scalar's lines (name: |) all of theirs.
	child := -1
	i := rest
	for i < len(t) && t[i] != '\n' {
		i++
	}
	for i++; i < len(t) && i-at < maxScan; {
		le := i
		for le < len(t) && t[le] != '\n' {
			le++
		}
		line := bytes.TrimRight(t[i:le], "\r")
		ind := skipSpaces(line, 0)
		switch {
		case ind == len(line) || line[ind] == '#':
		case ind <= indent:
			return out
		case child < 0 || ind == child:
			child = ind
			if c := bytes.Index(line[ind:], []byte(": ")); c >= 0 {
				v := ind + c + 2
				v = skipSpaces(line, v)
				if v < len(line) && line[v] != '|' && line[v] != '>' {
					out = appendValue(t, out, i+v, i+len(bytes.TrimRight(line, " \t")))
				}
			}
		default: // a block scalar's line, or a value wrapped onto the next
			out = append(out, span{i + ind, i + len(bytes.TrimRight(line, " \t"))})
		}
		i = le + 1
	}
	return out
}

// kubeSecretDocument reports whether the document around at says kind:
// Secret: the text from the "---" before at (or maxScan bytes before) to
// the "---" after it (or maxScan bytes after).
func kubeSecretDocument(t []byte, at int) bool {
	s := max(0, at-maxScan)
	if d := bytes.LastIndex(t[s:at], yamlDocument); d >= 0 {
		s += d + len(yamlDocument)
	}
	e := min(len(t), at+maxScan)
	if d := bytes.Index(t[at:e], yamlDocument); d >= 0 {
		e = at + d
	}
	doc := t[s:e]
	if bytes.Contains(doc, kindSecretJSON) || bytes.Contains(doc, kindSecretTight) {
		return true
	}
	for off := 0; ; {
		k := bytes.Index(doc[off:], kindSecretYAML)
		if k < 0 {
			return false
		}
		k += off
		end := k + len(kindSecretYAML)
		if (end == len(doc) || !wordChars[doc[end]]) && (k == 0 || doc[k-1] == ' ' || doc[k-1] == '\n' || doc[k-1] == '-') {
			return true
		}
		off = end
	}
}

// jsonObjectValues finds the string values of the JSON object that starts
// at or after k ({"a": "...", "b": "..."}).
func jsonObjectValues(t []byte, k int, out []span) []span {
	k = run(t, k, blank, maxScan)
	if k >= len(t) || t[k] != '{' {
		return out
	}
	start := k
	inKey := true
	for k++; k < len(t) && k-start < maxScan; k++ {
		switch t[k] {
		case '}':
			return out
		case ':':
			inKey = false
		case ',':
			inKey = true
		case '"':
			e := k + 1
			for e < len(t) && t[e] != '"' && e-k < maxScan {
				if t[e] == '\\' {
					e++
				}
				e++
			}
			if !inKey && e < len(t) && e > k+1 {
				out = append(out, span{k + 1, e})
			}
			k = e
		}
	}
	return out
}

// yamlFlowValues finds the values of a YAML flow mapping ({a: b, c: d}).
func yamlFlowValues(t []byte, k int, out []span) []span {
	start := k
	for k++; k < len(t) && k-start < maxScan && t[k] != '}' && t[k] != '\n'; k++ {
		if t[k] != ':' {
			continue
		}
		v := skipSpaces(t, k+1)
		e := v
		for e < len(t) && t[e] != ',' && t[e] != '}' && t[e] != '\n' {
			e++
		}
		out = appendValue(t, out, v, len(bytes.TrimRight(t[:e], " \t")))
		k = e - 1
	}
	return out
}
