package hardline

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// environPrinters are the programs, besides the shell's own dumps (env,
// printenv, set, export -p, declare -p), that print the whole environment
// with its values when their arguments say so, each with the test of its
// arguments: a service manager's or a multiplexer's environment holds what
// the shell exported into it, and a filter language's env, $ENV or ENVIRON
// is the environment itself. environDump reads them, so a pipe, a command
// substitution or a file they fill holds the environment as env's output
// does (see docs/security-model.md, Hardline).
var environPrinters = map[string]func(args []field) bool{
	"systemctl": systemdEnviron,
	"tmux":      tmuxEnviron,
	"launchctl": launchdEnviron,
	"direnv":    direnvEnviron,
	"jq":        jqEnviron, "gojq": jqEnviron, "jaq": jqEnviron,
	"awk": awkEnviron, "gawk": awkEnviron, "mawk": awkEnviron, "nawk": awkEnviron,
}

// systemdEnviron reports whether systemctl's arguments ask for
// show-environment, which prints the service manager's environment (the
// user's manager holds what import-environment gave it).
func systemdEnviron(args []field) bool {
	return has(args, "show-environment")
}

// tmuxEnviron reports whether tmux's arguments hold show-environment (or
// showenv) without a variable's name: every variable of the session, or of
// the global environment with -g, is printed with its value. Commands
// after a ';' are tmux's own and are not read.
func tmuxEnviron(args []field) bool {
	for i, a := range args {
		if a.dyn || a.val != "show-environment" && a.val != "showenv" {
			continue
		}
		for j := i + 1; j < len(args); j++ {
			v := args[j].val
			switch {
			case args[j].dyn:
				return false // perhaps a name
			case v == ";" || v == "\\;":
				return true
			case v == "-t":
				j++ // the target session
			case strings.HasPrefix(v, "-") && len(v) > 1:
			default:
				return false // one variable
			}
		}
		return true
	}
	return false
}

// launchdEnviron reports whether launchctl's arguments are export, which
// prints launchd's environment as shell commands (macOS).
func launchdEnviron(args []field) bool {
	return len(args) > 0 && !args[0].dyn && args[0].val == "export"
}

// direnvEnviron reports whether direnv's arguments are dump, which prints
// the whole environment, or export SHELL, which prints the variables the
// folder's .envrc loads with their values.
func direnvEnviron(args []field) bool {
	return len(args) > 0 && !args[0].dyn && (args[0].val == "dump" || args[0].val == "export")
}

// jqEnviron reports whether jq's filter (its first operand, unless -f
// gives a file) reads the whole environment: jq -n env, jq -n '$ENV'.
func jqEnviron(args []field) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch v := a.val; {
		case a.dyn:
			return false
		case v == "--arg" || v == "--argjson" || v == "--slurpfile" || v == "--rawfile":
			i += 2
		case v == "--indent" || v == "-L":
			i++
		case v == "-f" || v == "--from-file":
			return false // the filter is in a file
		case v == "--":
			return i+1 < len(args) && !args[i+1].dyn && jqReadsEnviron(args[i+1].val)
		case strings.HasPrefix(v, "-") && len(v) > 1:
		default:
			return jqReadsEnviron(v)
		}
	}
	return false
}

// jqReadsEnviron reports whether a jq filter uses the environment whole:
// the builtin env or $ENV other than to take one variable from it
// (env.HOME, $ENV["PATH"]). Strings are skipped, but not their \(...)
// interpolations, which are code; so are comments, field names (.env) and
// object keys (env: 1).
func jqReadsEnviron(prog string) bool {
	isIdent := func(c byte) bool { return c == '_' || isAlnum(c) }
	var interp []int // for each open \( in a string, the parentheses open in it
	inString := false
	for i := 0; i < len(prog); i++ {
		c := prog[i]
		if inString {
			switch {
			case c == '\\' && i+1 < len(prog) && prog[i+1] == '(':
				interp = append(interp, 0)
				inString = false
				i++
			case c == '\\':
				i++
			case c == '"':
				inString = false
			}
			continue
		}
		switch {
		case c == '"':
			inString = true
		case c == '#':
			for i < len(prog) && prog[i] != '\n' {
				i++
			}
		case c == '(' && len(interp) > 0:
			interp[len(interp)-1]++
		case c == ')' && len(interp) > 0:
			if interp[len(interp)-1] == 0 {
				interp = interp[:len(interp)-1]
				inString = true
			} else {
				interp[len(interp)-1]--
			}
		case c == '$' || c == '_' || isLetter(c):
			j := i + 1
			for j < len(prog) && isIdent(prog[j]) {
				j++
			}
			word := prog[i:j]
			prev := byte(0)
			if k := strings.TrimRight(prog[:i], " \t\r\n"); k != "" {
				prev = k[len(k)-1]
			}
			if (word == "env" && prev != '.' && prev != '$' || word == "$ENV") && !jqOneVariable(prog[j:]) {
				return true
			}
			i = j - 1
		}
	}
	return false
}

// jqOneVariable reports whether the jq text after env or $ENV takes one
// variable from it (.NAME, ."NAME", [KEY]) or makes it an object's key
// (env: ...).
func jqOneVariable(rest string) bool {
	rest = strings.TrimLeft(rest, " \t\r\n")
	switch {
	case strings.HasPrefix(rest, ":"):
		return true
	case strings.HasPrefix(rest, "."):
		n := strings.TrimLeft(rest[1:], " \t")
		return n != "" && (n[0] == '"' || n[0] == '_' || isLetter(n[0]))
	case strings.HasPrefix(rest, "["):
		n := strings.TrimLeft(rest[1:], " \t")
		return n != "" && n[0] != ']' && n[0] != ':'
	}
	return false
}

// awkEnviron reports whether an awk program given on the command line
// uses ENVIRON other than to take one variable from it by a literal name
// (ENVIRON["HOME"]): for (k in ENVIRON) print k "=" ENVIRON[k] prints
// every variable.
func awkEnviron(args []field) bool {
	p := awkOpts(args)
	progs := p.get("-e", "--source")
	if len(p.get("-f", "--file", "-E", "--exec")) == 0 && len(p.ops) > 0 {
		progs = append(progs, p.ops[0])
	}
	for _, pr := range progs {
		if pr.dyn || !strings.Contains(pr.val, "ENVIRON") {
			continue
		}
		toks := lexAwk(pr.val)
		for k, t := range toks {
			if t.kind != 'n' || t.text != "ENVIRON" {
				continue
			}
			one := k+3 < len(toks) && toks[k+1].kind == 'o' && toks[k+1].text == "[" && toks[k+2].kind == 's' &&
				toks[k+3].kind == 'o' && toks[k+3].text == "]"
			if !one {
				return true
			}
		}
	}
	return false
}

// gitSendsHeld judges git's sub-commands that commit and push files the
// command filled with the environment or a credential's value (env > e.txt
// && git add e.txt && git commit -m x && git push): add and commit mark
// the files they take (named, in a folder named, every file with -A, -a,
// -u, --all or a pathspec pattern), and push sends what they marked to the
// remote, as curl -T would send the file: the environment blocks
// (sensitive-path), a credential asks (secret-egress). See
// docs/security-model.md, Hardline.
func (r *run) gitSendsHeld(fs []field, cmd string) {
	args := skipOpts(fs[1:], gitGlobals)
	if len(args) == 0 || args[0].dyn {
		return
	}
	if (args[0].val == "add" || args[0].val == "stage") && r.gitSecret == "" {
		// git add -f .env: a file whose name says it holds a credential,
		// named to be committed (a pattern or -A is not read).
		for _, f := range args[1:] {
			if !f.dyn && !strings.HasPrefix(f.val, "-") {
				if _, ok := r.credentialFileOf(f); ok {
					r.gitSecret = fileMark + f.val
					break
				}
			}
		}
	}
	held := r.gitSecret != ""
	for _, w := range r.written {
		held = held || w.environ || w.secret != "" || w.staged
	}
	if !held {
		return // no file this command filled holds a secret
	}
	switch sub := args[0].val; sub {
	case "add", "stage", "commit":
		p := parseOpts(args[1:], "mFCc", []string{"--message", "--file", "--reuse-message", "--reedit-message", "--fixup", "--squash",
			"--author", "--date", "--template", "--cleanup", "--pathspec-from-file", "--chmod"}, "")
		all := p.has("--all") || p.has("--update") || p.has("--pathspec-from-file") ||
			strings.ContainsAny(p.short, "Au") || sub == "commit" && strings.ContainsRune(p.short, 'a')
		var keys []string
		for _, o := range p.ops {
			if o.dyn || patternChars(o.val) || strings.HasPrefix(o.val, ":") {
				all = true // a pathspec the analyser does not match
				continue
			}
			for _, q := range r.resolve(o).paths {
				keys = append(keys, r.a.key(q))
			}
		}
		for k, w := range r.written {
			if !w.environ && w.secret == "" || w.staged {
				continue
			}
			for _, d := range keys {
				if all || k == d || strings.HasPrefix(k, strings.TrimSuffix(d, "/")+"/") {
					w.staged = true
					r.written[k] = w
					break
				}
			}
			if all && !w.staged {
				w.staged = true
				r.written[k] = w
			}
		}
	case "push":
		switch r.gitSecret {
		case "":
		case whyEnviron:
			r.finding(ruleSensitivePath, Path, Block, "git push sends commits or refs in which this command recorded the environment and every secret in it", cmd, "")
			return
		default:
			r.finding(ruleSecretEgress, Path, Ask, "git push sends commits or refs in which this command recorded "+valueShown(r.gitSecret), cmd, "")
			return
		}
		for k, w := range r.written {
			if !w.staged {
				continue
			}
			if w.environ {
				r.finding(ruleSensitivePath, Path, Block, "git push sends a commit holding "+k+", which this command filled with the environment and every secret in it", cmd, "")
				return
			}
			r.finding(ruleSecretEgress, Path, Ask, "git push sends a commit holding "+k+", which this command filled with "+valueShown(w.secret), cmd, "")
			return
		}
	}
}

// gitRecords are git's sub-commands that record text in commits, tags,
// notes or refs, which a push sends: messages, an author, a branch's name.
var gitRecords = map[string]bool{"commit": true, "tag": true, "notes": true, "branch": true, "checkout": true, "switch": true,
	"merge": true, "commit-tree": true, "cherry-pick": true, "revert": true, "update-ref": true, "symbolic-ref": true,
	"rebase": true, "am": true, "mktag": true, "pull": true, "config": true}

// gitRecordsSecret notes a git call that records a credential in the
// repository, where a later git push sends it (git commit -m "$TOKEN",
// git tag -m, git notes add -m, git checkout -b "$TOKEN", an author
// through --author, -c user.name=..., GIT_AUTHOR_NAME=... or git config
// user.name, which later commits record, or a message file the command
// filled with one, git commit -F m): gitSendsHeld's push then asks, as for
// a file holding one that is committed and pushed. git config of another
// key (a credential helper's, an extra header's) records nothing a push
// sends. See docs/security-model.md, Hardline.
func (r *run) gitRecordsSecret(sc *scope, call *syntax.CallExpr, fs []field) {
	if r.gitSecret != "" {
		return
	}
	args := skipOpts(fs[1:], gitGlobals)
	if len(args) == 0 || args[0].dyn || !gitRecords[args[0].val] {
		return
	}
	if args[0].val == "config" {
		key := ""
		for _, a := range args[1:] {
			if !a.dyn && !strings.HasPrefix(a.val, "-") && a.val != "set" {
				key = asciiLower(a.val)
				break
			}
		}
		if !strings.HasPrefix(key, "user.") && !strings.HasPrefix(key, "author.") && !strings.HasPrefix(key, "committer.") {
			return
		}
	}
	if slices.ContainsFunc(args, func(f field) bool { return f.dyn && f.why == whyEnviron }) {
		r.gitSecret = whyEnviron // git commit -m "$(env)"
		return
	}
	if c := r.credentials(sc, call, nil); len(c) > 0 {
		r.gitSecret = c[0]
		return
	}
	p := parseOpts(args[1:], "F", []string{"--file"}, "")
	for _, f := range p.get("-F", "--file") {
		if w, _, ok := r.writtenAt(f); ok && w.secret != "" {
			r.gitSecret = w.secret
			return
		}
	}
}

// sendsInput reports whether program b, given args, sends what it reads on
// its standard input to another host: a network client, a paste service,
// or a storage program uploading from standard input (aws s3 cp - URL,
// gsutil cp - gs://..., az storage blob upload --file /dev/stdin: see
// stdinUpload).
func sendsInput(b string, args []field) bool {
	return networkSenders[b] || stdinSenders[b] || stdinUpload(b, args)
}

// stdinUploaders are the storage programs whose uploads may read standard
// input, each with its sub-commands that always do: rclone rcat, mc pipe,
// s5cmd pipe, b2 upload-unbound-stream.
var stdinUploaders = map[string][]string{"aws": nil, "gsutil": nil, "gcloud": nil, "s3cmd": nil, "azcopy": nil, "az": nil, "oci": nil,
	"rclone": {"rcat"}, "mc": {"pipe"}, "mcli": {"pipe"}, "s5cmd": {"pipe"}, "b2": {"upload-unbound-stream"}}

// stdinUpload reports whether the storage program b, given args, uploads
// standard input: a sub-command that reads it, or a source that names it
// ("-", /dev/stdin, /dev/fd/0), as an operand or an option's value
// (--file=/dev/stdin). A "-" that is a download's destination is read so
// too: what is piped into such a command is then sent nowhere, and the
// stricter reading costs nothing.
func stdinUpload(b string, args []field) bool {
	subs, ok := stdinUploaders[b]
	if !ok {
		return false
	}
	for _, a := range args {
		if a.dyn {
			continue
		}
		v := a.val
		if _, val, found := strings.Cut(v, "="); found && strings.HasPrefix(v, "--") {
			v = val
		}
		if isStdin(v) || slices.Contains(subs, v) {
			return true
		}
	}
	return false
}

// runsSender reports whether the command line args of xargs or parallel
// (its options included) runs a program that sends what it is given to
// another host or looks it up in DNS: curl, nc, dig, or a shell line
// (sh -c 'curl ...') that starts with one.
func runsSender(args []field) bool {
	for _, f := range args {
		if f.dyn {
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(f.val), " ")
		for _, w := range [2]string{f.val, first} {
			if nb := base(w); networkSenders[nb] || nameLookups[nb] || stdinSenders[nb] {
				return true
			}
		}
	}
	return false
}
