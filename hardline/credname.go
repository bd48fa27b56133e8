package hardline

import (
	"path"
	"strings"

	"github.com/toolgate/toolgate/internal/words"
)

// The sensitive-path lists name the credential files of the programs they
// know. Every other program keeps its tokens somewhere too, and the class is
// open: a new command-line tool writes ~/.config/<tool>/credentials.json
// tomorrow. credentialNamed is the net under the lists: a file in a home's
// configuration folders whose name says that it holds a credential
// (credentials.json, access_token, vault_pass.txt, admin.macaroon,
// client.key) asks, rule credential-name (see docs/security-model.md,
// Hardline). It asks rather than blocks because a name is only a hint.
//
// Configuration folders are a home's dot folders (~/.config, ~/.local/share,
// ~/.<tool>) and the per-user application folders of macOS
// (~/Library/Application Support, ...) and Windows (AppData); a file at the
// top of the home (~/gcp-service-account.json) is judged too. Program and
// library trees inside them (node_modules, site-packages, dist-packages)
// and source, documentation and binary files are not credentials, whatever
// their names (~/.local/lib/python3.12/site-packages/google/auth/credentials.py).
// Elsewhere in a home (a project outside the roots, ~/Downloads) only the
// strongest names are: a key's or key store's extension (server.key,
// prod.pem), an SSH private key's default name, an environment file
// (.env, .env.production).

// credentialWords are words of a file name that say it holds a credential.
// A name is split into words at every character that is not a letter or a
// digit and where a lower-case letter meets an upper-case one, so that
// "tokenizer.json" is not a token and "accessTokens.json" is.
var credentialWords = map[string]bool{
	"credential": true, "credentials": true, "creds": true, "cred": true,
	"secret": true, "secrets": true,
	"password": true, "passwords": true, "passwd": true, "passphrase": true, "pass": true,
	"apikey": true, "apikeys": true,
	"token": true, "tokens": true, "accesstoken": true, "accesstokens": true, "authtoken": true,
	"macaroon": true, "macaroons": true,
	"wallet": true, "wallets": true,
	"keyring": true, "keyrings": true, "keychain": true, "keystore": true,
	"privkey": true, "cookie": true, "cookies": true,
	// AWS's root access key download (rootkey.csv) and Firebase's admin
	// service account keys (PROJECT-firebase-adminsdk-ID.json).
	"rootkey": true, "adminsdk": true,
	"oauth": true, "oauth2": true, "jwt": true, "bearer": true, "totp": true, "mnemonic": true,
	// A shell's, a REPL's or a browser's history holds what was typed:
	// passwords and tokens given on a command line.
	"history": true, "histories": true,
}

// credentialPairs are two consecutive words that together name a
// credential: api_key, private-key, auth_key, client_secret is a secret
// already.
var credentialPairs = map[[2]string]bool{
	{"api", "key"}: true, {"api", "keys"}: true, {"private", "key"}: true, {"private", "keys"}: true,
	{"auth", "key"}: true, {"access", "key"}: true, {"access", "keys"}: true, {"age", "key"}: true, {"secret", "key"}: true, {"signing", "key"}: true,
	{"master", "key"}: true, {"session", "key"}: true, {"license", "key"}: true, {"service", "account"}: true,
	{"seed", "phrase"}: true, {"recovery", "phrase"}: true, {"priv", "key"}: true,
	// Chromium's and every Electron application's profile: saved
	// passwords, autofill and cards, and the key that decrypts them and
	// the cookies.
	{"login", "data"}: true, {"web", "data"}: true, {"local", "state"}: true,
}

// credentialFolders are folders whose files hold sessions whatever their
// names: the web storage of Chromium and of Electron applications (chat
// clients, editors), where they keep their sign-in tokens.
var credentialFolders = map[string]bool{"local storage": true, "session storage": true}

// credentialBases are whole names (without their extension) that are
// credentials: auth.json, ~/.config/atuin/key, deluge's auth.
var credentialBases = map[string]bool{
	"auth": true, "key": true, "keys": true, "htpasswd": true, ".htpasswd": true, ".env": true,
	"fish_variables": true, // fish's universal variables (set -Ux TOKEN ...)
	"id_rsa":         true, "id_ed25519": true, "id_ecdsa": true, "id_dsa": true,
}

// strongCredentialBases are the names of credentialBases that say so
// wherever in a home they are: an SSH private key's default names and an
// environment file (with any suffix: .env.production).
var strongCredentialBases = map[string]bool{
	".env": true, "id_rsa": true, "id_ed25519": true, "id_ecdsa": true, "id_dsa": true, ".htpasswd": true,
	".dev.vars": true, // Cloudflare Workers' local secrets (wrangler dev)
}

// strongCredential reports whether lower, a file's name in lower case
// with its extension ext, is one of strongCredentialBases, with any
// suffixes after it (.env.production, .env.production.local, .dev.vars.staging).
func strongCredential(lower, ext string) bool {
	if strongCredentialBases[strings.TrimSuffix(lower, ext)] || strongCredentialBases[lower] {
		return true
	}
	for b := range strongCredentialBases {
		if strings.HasPrefix(lower, b+".") {
			return true
		}
	}
	return false
}

// credentialExts are extensions of files that hold keys and key stores,
// anywhere in a home.
var credentialExts = map[string]bool{
	".key": true, ".pem": true, ".p12": true, ".pfx": true, ".jks": true, ".keystore": true,
	".kdbx": true, ".kdb": true, ".psk": true, ".kwl": true, ".ppk": true, ".gpg": true,
	".macaroon": true, ".keychain": true, ".keychain-db": true, ".token": true, ".secret": true,
	".secrets": true, ".credentials": true, ".age": true, ".ovpn": true, // (OpenVPN profiles carry their keys inline)
	// An environment file by extension (prod.env, given to docker --env-file)
	// and Terraform's variable files, where a configuration's passwords and
	// keys are given.
	".env": true, ".tfvars": true,
}

// notCredentialExts are extensions of program source, documentation and
// binaries: a file of one is read as code, not as a credential.
var notCredentialExts = map[string]bool{
	".py": true, ".pyc": true, ".pyi": true, ".pyo": true, ".js": true, ".mjs": true, ".cjs": true,
	".ts": true, ".mts": true, ".cts": true, ".tsx": true, ".jsx": true, ".go": true, ".rs": true,
	".rb": true, ".java": true, ".class": true, ".kt": true, ".scala": true, ".c": true, ".h": true,
	".cc": true, ".cpp": true, ".hpp": true, ".cs": true, ".php": true, ".pl": true, ".pm": true,
	".lua": true, ".vim": true, ".el": true, ".elc": true, ".sh": true, ".bash": true, ".zsh": true,
	".fish": true, ".md": true, ".rst": true, ".html": true, ".htm": true, ".css": true, ".map": true,
	".so": true, ".dylib": true, ".dll": true, ".a": true, ".o": true, ".swift": true, ".dart": true,
	".ex": true, ".exs": true, ".erl": true, ".hs": true, ".ml": true, ".jl": true, ".r": true,
	".svg": true, ".png": true, ".jpg": true, ".gif": true, ".ico": true, ".man": true, ".1": true,
	".tmpl": true, ".tpl": true, ".example": true, ".sample": true, ".dist": true, ".template": true,
	".jar": true, ".pom": true, ".aar": true, ".whl": true, ".gem": true, ".crate": true, ".nupkg": true,
}

// packageCaches are the folders below a home where package managers keep
// the libraries they download: what they hold is code, whatever its
// folders and files are called (~/.m2/repository/.../oauth2/).
var packageCaches = []string{".m2/repository/", ".gradle/caches/", ".ivy2/cache/", ".cargo/registry/", ".npm/_cacache/",
	".pub-cache/", ".nuget/packages/", ".rustup/toolchains/", ".cache/go-build/", "go/pkg/mod/"}

// codeTrees are folders that hold installed programs and libraries.
var codeTrees = map[string]bool{"node_modules": true, "site-packages": true, "dist-packages": true, "__pycache__": true}

// credentialNamed reports whether p, absolute, clean and in comparison
// form, is a file in some home's configuration folders whose name says it
// holds a credential, or a key, key store or environment file anywhere in
// a home, and returns the name's part that says so.
func (a *Analyzer) credentialNamed(p string) (string, bool) {
	rest, ok := a.belowAnyHome(p)
	if !ok {
		return "", false
	}
	return a.credentialBelowHome(rest)
}

// credentialBelowHome is credentialNamed for the part of a path below a
// home folder ("/.config/tool/credentials.json").
func (a *Analyzer) credentialBelowHome(rest string) (string, bool) {
	rest = strings.TrimPrefix(path.Clean("/"+rest), "/")
	first, _, found := strings.Cut(rest, "/")
	config := true
	switch {
	case !found: // a file at the top of the home
	case strings.HasPrefix(first, "."):
	case a.goos == "darwin" && strings.EqualFold(first, "Library"):
	case a.goos == "windows" && strings.EqualFold(first, "AppData"):
	default:
		config = false
	}
	held := ""
	for dir := range strings.SplitSeq(path.Dir(rest), "/") {
		d := asciiLower(dir)
		if codeTrees[d] {
			return "", false
		}
		if credentialFolders[d] {
			held = dir + "/"
		}
	}
	for _, c := range packageCaches {
		if strings.HasPrefix(rest+"/", c) {
			return "", false
		}
	}
	name := path.Base(rest)
	lower := strings.ToLower(name)
	ext := path.Ext(lower)
	if notCredentialExts[ext] {
		return "", false
	}
	if credentialExts[ext] {
		return ext, true // a key or key store, anywhere in the home
	}
	if strongCredential(lower, ext) {
		return name, true // a private key or an environment file, anywhere in the home
	}
	if ext == ".json" && jsonKeyName(strings.TrimSuffix(name, path.Ext(name))) {
		return name, true // a service account's key (key.json, sa-key.json, gcp-key.json)
	}
	if !config {
		// Elsewhere in the home (a project outside the roots, Documents)
		// a word of a name is too weak a hint.
		return "", false
	}
	if credentialFolders[lower] {
		held = name + "/" // the folder itself, copied or archived whole
	}
	if held != "" {
		return held, true
	}
	if credentialBases[strings.TrimSuffix(lower, ext)] || credentialBases[lower] {
		return name, true
	}
	if w, ok := credentialWordsOf(name); ok {
		return w, true
	}
	// A file in a folder so named holds one too, whatever its own name
	// (~/.continuum/anaconda-client/tokens/HOST, ~/.docker/secrets/x):
	// the folder the file is in, not one further up (a library under
	// ~/.m2/repository/.../oauth2/ is not a credential).
	if dir := path.Dir(rest); dir != "." {
		if w, ok := credentialWordsOf(path.Base(dir)); ok {
			return w + "/", true
		}
	}
	return "", false
}

// jsonKeyName reports whether base, a JSON file's name without its
// extension, ends in the word key or keys, not after public: the names
// cloud service accounts' key files are given (key.json, sa-key.json,
// gcloud-key.json).
func jsonKeyName(base string) bool {
	ws := words.Split(base)
	n := len(ws)
	return n > 0 && (ws[n-1] == "key" || ws[n-1] == "keys") && (n == 1 || ws[n-2] != "public")
}

// credentialWordsOf returns the word or pair of words of a name that say
// it holds a credential (see credentialWords and credentialPairs).
func credentialWordsOf(name string) (string, bool) {
	var prev string
	for _, w := range words.Split(name) {
		if credentialPairs[[2]string{prev, w}] {
			return prev + " " + w, true
		}
		if credentialWords[w] {
			return w, true
		}
		prev = w
	}
	return "", false
}

// belowAnyHome returns the part of p below the home folder or below any
// user's home, starting with "/".
func (a *Analyzer) belowAnyHome(p string) (string, bool) {
	for _, h := range a.alias.homes {
		if prefixSlash(p, strings.TrimSuffix(h, "/")) {
			return p[len(strings.TrimSuffix(h, "/")):], true
		}
	}
	return a.otherHomeRest(p)
}

// inAnyRoot reports whether p is in one of the call's roots: the tool's
// own files, whatever their names.
func (r *run) inAnyRoot(p string) bool {
	for _, rt := range r.roots {
		if r.a.within(p, rt.Path) {
			return true
		}
	}
	return false
}

// credentialFinding reports p, a file credentialNamed judged by its name
// (why is the part of the name that says so).
func (r *run) credentialFinding(p, why, cmd string) {
	r.finding(ruleCredentialName, Path, Ask, "names "+p+", a file in a home whose name says it holds a credential ("+why+")", cmd, p)
}
