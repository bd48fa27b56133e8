package policy

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgate/toolgate/hardline"
)

// Bounds of the environment an exec call may carry (callEnv): past them the
// call needs approval, since the command could not be judged with it.
const (
	maxEnvVars  = 256
	maxEnvBytes = 64 << 10
	maxEnvDepth = 4
	// maxInputs and maxInputBytes bound the strings read as a command's
	// standard input (callInputs).
	maxInputs     = 8
	maxInputBytes = 64 << 10
	// maxArgvWords bounds the words of one list read as a command's
	// arguments (callArgv); its bytes are bounded by maxInputBytes and
	// the lists by maxInputs.
	maxArgvWords = 256
)

// callEnv reads the environment an exec call may hand its command: a host's
// shell tool often takes one beside the command ({"command": "git log",
// "env": {"PAGER": "rm -rf ~"}}), under any name. Every argument the
// metadata does not declare is read as one, the safer reading, when it is
// an object whose values are all strings, numbers or booleans (names to
// values), an object of a name and a value ({"name": "PAGER", "value":
// "less"}), a NAME=VALUE string, or lists and objects of those, down to
// maxEnvDepth levels; a string holding JSON is read as that JSON. It returns the
// assignments as NAME=VALUE, in the order of the argument names, the
// arguments that gave any, and ok false when they pass the bounds. Names
// an environment cannot hold (validEnvName) are left out.
func (ev *evaluation) callEnv() (assigns, from []string, ok bool) {
	size := 0
	add := func(name, value string) {
		if validEnvName(name) {
			assigns = append(assigns, name+"="+value)
			size += len(name) + len(value) + 1
		}
	}
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > maxEnvDepth {
			return
		}
		switch v := v.(type) {
		case string:
			if t := strings.TrimSpace(v); len(t) <= maxEnvBytes && (strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")) {
				// JSON in a string, as a host that takes its environment
				// as text decodes it ({"env": "{\"PAGER\": \"...\"}"}).
				var j any
				if json.Unmarshal([]byte(t), &j) == nil {
					walk(j, depth+1)
					return
				}
			}
			if name, value, found := strings.Cut(v, "="); found {
				add(name, value)
			}
		case map[string]any:
			if name, value, ok := namedValue(v); ok {
				add(name, value) // {"name": "PAGER", "value": "less"}, as Kubernetes writes one
				return
			}
			scalars := true
			for _, x := range v {
				if _, ok := envScalar(x); !ok {
					scalars = false
					break
				}
			}
			for _, k := range slices.Sorted(maps.Keys(v)) {
				if scalars {
					s, _ := envScalar(v[k])
					add(k, s)
					continue
				}
				walk(v[k], depth+1)
			}
		case []any:
			for _, x := range v {
				walk(x, depth+1)
			}
		}
	}
	for _, k := range ev.args.undeclared {
		n := len(assigns)
		walk(ev.c.Args[k], 0)
		if len(assigns) > n {
			from = append(from, k)
		}
	}
	return assigns, from, len(assigns) <= maxEnvVars && size <= maxEnvBytes
}

// bindingKey keys the digests of an environment or an input in a target
// when the Config gives no key (Config.BindingKey): fresh for each
// process, since a digest of a weak secret (a password in an environment
// variable) must not be an oracle for it in a decision or an audit log.
var bindingKey = func() []byte {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		panic("policy: no randomness for the binding key: " + err.Error())
	}
	return k
}()

// envTarget is the target that binds an approval to the environment a call
// gives its command (see bindEnv): the arguments that gave it, the
// variables' names, and a keyed digest of every assignment (bindingKey),
// so that a person
// approving the call sees which variables it sets and the values stay out
// of decisions and records.
func envTarget(key []byte, assigns, from []string) Target {
	names := make([]string, len(assigns))
	h := hmac.New(sha256.New, key)
	for i, a := range assigns {
		names[i], _, _ = strings.Cut(a, "=")
		h.Write([]byte(a))
		h.Write([]byte{0})
	}
	return Target{Argument: strings.Join(from, ","),
		Value: "environment " + strings.Join(names, " ") + " hmac-sha256:" + hex.EncodeToString(h.Sum(nil))}
}

// namedValue reads an object of exactly a name and a value, as Kubernetes
// and container APIs write one variable.
func namedValue(m map[string]any) (name, value string, ok bool) {
	if len(m) != 2 {
		return "", "", false
	}
	n, nok := m["name"].(string)
	v, vok := envScalar(m["value"])
	return n, v, nok && vok
}

// callInputs returns the arguments of an exec call that may be its
// command's standard input: a host's shell tool may take one beside the
// command ({"command": "bash -s", "stdin": "rm -rf ~"}), under any name, so
// every undeclared argument whose value is a string is read as one, the
// safer reading. ok is false past maxInputs strings or maxInputBytes in
// one.
func (ev *evaluation) callInputs() (names []string, ok bool) {
	for _, k := range ev.args.undeclared {
		if s, isString := ev.c.Args[k].(string); isString && strings.TrimSpace(s) != "" {
			if len(s) > maxInputBytes {
				return nil, false
			}
			names = append(names, k)
		}
	}
	return names, len(names) <= maxInputs
}

// argvList is an undeclared argument of an exec call read as words its
// tool may append to the command (callArgv).
type argvList struct {
	arg   string
	words []string
}

// callArgv returns the arguments of an exec call that may be its command's
// argument vector: a host's exec tool often takes a program and its
// arguments apart ({"command": "rm", "args": ["-rf", "/home/me"]}), as a
// process is started, under any name, so every undeclared argument that is
// a list of strings, numbers or booleans (or a string holding one as JSON)
// is read as words the tool appends to the command, the safer reading.
// ok is false past maxInputs lists, maxArgvWords words in one or
// maxInputBytes of words in one.
func (ev *evaluation) callArgv() (lists []argvList, ok bool) {
	for _, k := range ev.args.undeclared {
		v := ev.c.Args[k]
		if s, isString := v.(string); isString {
			t := strings.TrimSpace(s)
			if !strings.HasPrefix(t, "[") || len(t) > maxInputBytes || json.Unmarshal([]byte(t), &v) != nil {
				continue
			}
		}
		list, isList := v.([]any)
		if !isList || len(list) == 0 {
			continue
		}
		if len(list) > maxArgvWords {
			return nil, false
		}
		words, size := make([]string, 0, len(list)), 0
		for _, x := range list {
			w, scalar := envScalar(x)
			if !scalar {
				words = nil // a list of objects or lists is no argument vector
				break
			}
			words = append(words, w)
			size += len(w)
		}
		if size > maxInputBytes {
			return nil, false
		}
		if words != nil {
			lists = append(lists, argvList{arg: k, words: words})
		}
	}
	return lists, len(lists) <= maxInputs
}

// withArgv is the command as the analyser judges it given words as its
// last arguments: quoted, as a tool that starts the program with them as
// its argument vector passes them, or joined by blanks, as a tool that
// hands the line to a shell has them read.
func withArgv(command string, words []string, quoted bool) string {
	var b strings.Builder
	b.WriteString(command)
	for _, w := range words {
		b.WriteByte(' ')
		if quoted {
			w = shellQuote(w)
		}
		b.WriteString(w)
	}
	return b.String()
}

// withInput is the command as the analyser judges it reading input on its
// standard input: a group whose commands share the input.
func withInput(command, input string) string {
	return "{ " + command + "\n} <<< " + shellQuote(input)
}

// withWorkdir is the command as the analyser judges it run in dir, a path
// as the engine reads one (readPath: its home forms expanded).
func withWorkdir(command, dir string) string {
	return inFolder(shellQuote(dir), command)
}

// inFolder is command run after cd to word, a shell word as written
// (quoted, or to be expanded).
func inFolder(word, command string) string {
	return "cd -- " + word + " && { " + command + "\n}"
}

// inputTarget binds an approval to the inputs that changed the judgement
// of a command (see callInputs): their arguments and a digest of them.
func inputTarget(key []byte, names []string, args map[string]any) Target {
	h := hmac.New(sha256.New, key)
	for _, n := range names {
		h.Write([]byte(n))
		h.Write([]byte{0})
		h.Write([]byte(args[n].(string)))
		h.Write([]byte{0})
	}
	return Target{Argument: strings.Join(names, ","), Value: "input hmac-sha256:" + hex.EncodeToString(h.Sum(nil))}
}

// scriptTarget binds an approval to a script the command runs from a file
// (hardline.Result.Scripts): its path and a keyed digest of the text
// judged, so that an approval of ./build.sh does not reach the script once
// it holds something else. The digest is keyed as the environment's is: a
// script may hold a secret. A script that is not there (Absent) binds its
// absence, written "script PATH (absent)": an approval of the command does
// not reach the file once another call writes it; no text is digested.
func scriptTarget(key []byte, arg string, s hardline.Script) Target {
	if s.Absent {
		return Target{Argument: arg, Value: scriptPrefix + s.Path + scriptAbsent}
	}
	h := hmac.New(sha256.New, key)
	h.Write([]byte(s.Path))
	h.Write([]byte{0})
	h.Write(s.SHA256[:])
	return Target{Argument: arg, Value: scriptPrefix + s.Path + scriptDigest + hex.EncodeToString(h.Sum(nil))}
}

// scriptPrefix, scriptDigest and scriptAbsent frame a script target's
// value: "script PATH hmac-sha256:HEX", or "script PATH (absent)"
// (scriptTarget, scriptPath).
const (
	scriptPrefix = "script "
	scriptDigest = " hmac-sha256:"
	scriptAbsent = " (absent)"
)

// scriptPath returns the path of a script target (scriptTarget).
func scriptPath(v string) (string, bool) {
	rest, ok := strings.CutPrefix(v, scriptPrefix)
	if !ok {
		return "", false
	}
	if p, ok := strings.CutSuffix(rest, scriptAbsent); ok && p != "" {
		return p, true
	}
	i := strings.LastIndex(rest, scriptDigest)
	if i <= 0 {
		return "", false
	}
	return rest[:i], true
}

// argvTarget binds an approval to the lists read as a command's arguments
// that changed its judgement (see callArgv): their arguments and a digest
// of their words.
func argvTarget(key []byte, changed []argvList) Target {
	h := hmac.New(sha256.New, key)
	names := make([]string, len(changed))
	for i, l := range changed {
		names[i] = l.arg
		h.Write([]byte(l.arg))
		h.Write([]byte{0})
		for _, w := range l.words {
			h.Write(binary.AppendUvarint(nil, uint64(len(w))))
			h.Write([]byte(w))
		}
		h.Write([]byte{0})
	}
	return Target{Argument: strings.Join(names, ","), Value: "arguments hmac-sha256:" + hex.EncodeToString(h.Sum(nil))}
}

// envScalar is the text of a value an environment may hold.
func envScalar(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case bool, float64, int, int64, uint64:
		return fmt.Sprint(v), true
	case interface{ String() string }: // json.Number
		return v.String(), true
	}
	return "", false
}

// validEnvName reports whether name is read as an environment variable's:
// it starts with a letter or '_' (env would take "-i=1" for an option, and
// nothing reads "1PAGER") and holds no NUL (a C string ends there). A name
// holding '=' is kept: the environment entry NAME=VALUE is split at its
// first '=', as env and every program split it ({"PAGER=x": "v"} sets
// PAGER to "x=v"). Bash imports more than the names it can assign
// (BASH_FUNC_git%%, a function), so past the first byte the analyser, not
// this test, decides which names matter.
func validEnvName(name string) bool {
	if name == "" || !(name[0] == '_' || name[0] >= 'a' && name[0] <= 'z' || name[0] >= 'A' && name[0] <= 'Z') {
		return false
	}
	return strings.IndexByte(name, 0) < 0
}

// withEnv is the command as the analyser judges it under the call's
// environment: run by a shell that env starts with those assignments
// (env 'PAGER=rm -rf ~' bash -c 'git log'), which is what a host does.
func withEnv(command string, assigns []string) string {
	var b strings.Builder
	b.WriteString("env")
	for _, a := range assigns {
		b.WriteByte(' ')
		b.WriteString(shellQuote(a))
	}
	b.WriteString(" bash -c ")
	b.WriteString(shellQuote(command))
	return b.String()
}

// shellQuote quotes s as one word for bash.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
