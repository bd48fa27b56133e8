package hardline

import (
	"cmp"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Network tools: what they write and upload, the commands they run, and
// the folders they serve.
var _ = register([]Entry{
	{Names: names("rcat rustcat"), Family: "network", Summary: "-s/--shell and -e/--exec hand a shell or program to the peer (reverse-shell)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				if n, _, _ := strings.Cut(a.val, "="); n == "-s" || n == "--shell" || n == "-e" || n == "--exec" {
					r.finding(ruleReverseShell, Command, Block, b+" hands a shell or program to a network peer", cmd, "")
					break
				}
			}
			return true
		}},
	{Names: names("nc ncat netcat nc.traditional nc.openbsd socat busybox-nc"), Family: "network", Summary: "-e, -c, --exec, --sh-exec and socat EXEC:/SYSTEM: hand a program to a peer (reverse-shell); raw disks read ask",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.reverseShell(b, args, cmd)
			r.rawReadAll(args, cmd)
			if b == "socat" {
				r.socatAddresses(sc, args, c, cmd)
			}
			return true
		}},
	{Names: names("curl"), Family: "network", Summary: "-o, --output-dir, the working folder with -O and -w %output{FILE} are written; -T and @FILE are read (uploads); file: URLs are read as curl spells them; a config from stdin is read",
		Options: []Option{opt(RoleWrite, "-o", "--output", "-D", "--dump-header", "-c", "--cookie-jar", "--trace", "--trace-ascii", "--libcurl", "--etag-save", "--stderr", "--hsts", "--alt-svc", "--ssl-sessions"),
			opt(RoleWriteTree, "--output-dir"), opt(RoleRead, "-T", "--upload-file", "-K", "--config", "-b", "--cookie", "--cacert", "--cert", "--key", "--netrc-file"),
			val("-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "-F", "--form", "-H", "--header", "-u", "--user", "-X", "--request", "-A", "--user-agent", "-e", "--referer", "-x", "--proxy", "-m", "--max-time", "--connect-timeout", "-w", "--write-out", "-r", "--range", "--retry", "-U", "--proxy-user", "--resolve", "--connect-to", "-E", "--url", "-z", "--time-cond", "--limit-rate", "-Y", "-y", "-C", "--continue-at", "--data-ascii", "--json",
				"--variable", "--expand-data", "--expand-data-binary", "--expand-data-raw", "--expand-data-urlencode", "--expand-json", "--expand-header",
				"--expand-user", "--expand-form", "--expand-request", "--expand-user-agent", "--expand-referer",
				"--aws-sigv4", "--oauth2-bearer", "--proxy-header", "--interface", "--dns-servers", "--max-filesize", "--retry-delay",
				"--retry-max-time", "--ciphers", "--pinnedpubkey", "--cert-type", "--key-type", "--pass", "--local-port", "--unix-socket",
				"--abstract-unix-socket", "--socks5", "--socks5-hostname", "--socks4", "--socks4a", "--preproxy", "--noproxy", "--max-redirs",
				"--keepalive-time", "--tls-max", "--mail-from", "--mail-rcpt", "--mail-auth", "--request-target", "--login-options",
				"--form-string", "-Q", "--quote", "--doh-url", "--proto", "--proto-redir", "--proto-default", "--url-query",
				"--expect100-timeout", "--happy-eyeballs-timeout-ms", "--parallel-max", "--create-file-mode", "--service-name",
				"--sasl-authzid", "--tlsuser", "--tlspassword", "-P", "--ftp-port", "--hostpubsha256", "--hostpubmd5", "--ftp-method", "--ftp-account")},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.rawReadAll(args, cmd)
			r.curlExtras(sc, args, c, cmd)
			if curlRemoteName(args) && r.cwd != "" {
				// -O saves each download in the working folder under the
				// name the URL (or, with -J, the server) gives it.
				r.judgeWriteTree(sc, field{val: "."}, cmd)
				r.noteDownloads(args)
			}
			if c.findTree {
				// After find (xargs -I{} curl -F f=@{}), a file sent from
				// a start point stands for everything under it.
				for _, f := range curlUploads(args) {
					r.readTree(f, b, cmd)
				}
			}
			return true
		}},
	{Names: names("wget wget2"), Family: "network", Summary: "-O, -o and -a are written; -P is the folder written, else the working folder; --use-askpass runs a program; -e COMMAND is read as the option it sets",
		Options: []Option{opt(RoleWrite, append(abbreviations("--output-document", len("--output-d")), "-O")...),
			opt(RoleWrite, "-o", "--output-file", "-a", "--append-output", "--save-cookies", "--warc-file", "--hsts-file", "--rejected-log"),
			opt(RoleWriteTree, append(abbreviations("--directory-prefix", len("--directory-")), "-P")...), opt(RoleCommand, abbreviations("--use-askpass", len("--use-a"))...),
			opt(RoleRead, "-i", "--input-file", "--post-file", "--body-file", "--load-cookies", "--certificate", "--private-key", "--ca-certificate", "--config"), opt(RoleCommand, "--use-askpass"),
			val("-t", "--tries", "-T", "--timeout", "-w", "--wait", "-U", "--user-agent", "--header", "--user", "--password", "--post-data", "--body-data", "--method", "-e", "--execute", "-l", "--level", "-A", "--accept", "-R", "--reject", "-D", "--domains", "-Q", "--quota", "--limit-rate", "-B", "--base"),
			flag("", abbreviations("--spider", len("--sp"))...)},
		WritesWorkDir: true, WorkDirOptions: []string{"-O", "-P", "--spider"},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.wgetCommands(sc, args, c, cmd)
			return false
		}},
	{Names: names("httpd mini_httpd"), Family: "network", Summary: "serves a folder (busybox httpd -h DIR, mini_httpd -d DIR; the working folder by default): a home folder or an ancestor of one would be served whole",
		DataOnly: true, judgesPaths: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			dir := field{val: "."}
			p := parseOpts(args, "hpcurdCl", []string{"--port", "--addr", "--log", "--chroot"}, "")
			if h := p.get("-h", "-d"); len(h) > 0 {
				dir = h[len(h)-1]
			}
			r.checkTargets(sc, []field{dir}, cmd)
			r.serveFolder(dir, b, cmd)
			return true
		}},
	{Names: names("ssh autossh mosh"), Family: "network", Summary: "-o ProxyCommand, LocalCommand, KnownHostsCommand, RemoteCommand and Match exec run commands; -I and the key provider options load a library; -E and UserKnownHostsFile are written; a remote command that would be blocked here asks (it may reach this machine); on this machine's own names it is judged as a local script",
		Options: []Option{keyed(RoleScript, "ProxyCommand", "-o"), keyed(RoleScript, "LocalCommand", "-o"), keyed(RoleScript, "KnownHostsCommand", "-o"),
			keyed(RoleScript, "RemoteCommand", "-o"), keyed(RoleScript, "PKCS11Provider", "-o"), keyed(RoleScript, "SecurityKeyProvider", "-o"),
			keyed(RoleProgram, "PKCS11Provider", "-o"), keyed(RoleProgram, "SecurityKeyProvider", "-o"), keyed(RoleWrite, "UserKnownHostsFile", "-o"),
			opt(RoleWrite, "-E"), opt(RoleRead, "-F", "-i", "-S"), opt(RoleProgram, "-I"), opt(RoleScript, "--ssh"), val("-b", "-B", "-c", "-D", "-e", "-J", "-L", "-l", "-m", "-O", "-p", "-Q", "-R", "-W", "-w", "-P")},
		Env:      []EnvVar{{Name: "SSH_ASKPASS", Role: RoleCommand}},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.sshOptions(sc, args, c, cmd)
			r.sshConfig(sc, b, args, c, cmd)
			r.sshCommand(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("scp sftp"), Family: "network", Summary: "-S names the transport program and -D a local server program; -o ProxyCommand runs a command; a local destination is written",
		Options: []Option{opt(RoleCommand, "-S", "-D"), keyed(RoleScript, "ProxyCommand", "-o"), keyed(RoleScript, "LocalCommand", "-o"), keyed(RoleScript, "KnownHostsCommand", "-o"),
			keyed(RoleWrite, "UserKnownHostsFile", "-o"), opt(RoleRead, "-F", "-i"), opt(RoleCommandFile, "-b"), val("-c", "-J", "-l", "-P", "-X", "-R", "-s")},
		DataOnly: true,
		readsCommands: func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
			r.ftpScript(sc, b, field{val: text}, r.ftpConnectsHere(ops), c, cmd)
		},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, "scp", args, cmd)
			r.rawReadAll(args, cmd)
			if b == "scp" {
				r.copy(sc, b, args, c, cmd)
			}
			if b == "sftp" && c.in.kind == inText {
				r.ftpScript(sc, b, field{val: c.in.text}, r.ftpConnectsHere(args), c, cmd)
			}
			r.sshConfig(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("unison unison-text"), Family: "network", Summary: "synchronises two roots both ways, deleting in either what is gone from the other: each root is deleted whole (-force ROOT overwrites the other); the log is written",
		LongSingleDash: true, DataOnly: true, Operands: []Operand{operands(0, RoleDeleteTree)},
		Options: []Option{opt(RoleDeleteTree, "-root"), opt(RoleWrite, "-logfile"), opt(RoleWriteTree, "-backupdir"), opt(RoleScript, "-sshcmd", "-copyprog", "-copyprogrest", "-merge", "-diff"),
			opt(RoleRemoteScript, "-servercmd"),
			val("-force", "-prefer", "-path", "-ignore", "-ignorenot", "-ui", "-sshargs", "-rshargs", "-source", "-include", "-label", "-backup", "-rsrc", "-perms", "-height", "-maxthreads", "-retry", "-repeat", "-noupdate", "-nodeletion", "-nocreation")}},
	{Names: names("rsync"), Family: "network", Summary: "-e and --rsync-path run commands; the destination, the log and batch files and the temporary and backup folders are written; --delete deletes in the destination; --remove-source-files deletes the files sent; -a reads its sources whole",
		Options: []Option{opt(RoleScript, "-e", "--rsh", "--rsync-path"), opt(RoleWrite, "--log-file", "--write-batch", "--only-write-batch", "-T", "--temp-dir", "--backup-dir", "--partial-dir")}, DataOnly: true,
		Env: []EnvVar{{Name: "RSYNC_RSH", Role: RoleScript}, {Name: "RSYNC_CONNECT_PROG", Role: RoleScript}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, b, args, cmd)
			r.rawReadAll(args, cmd)
			r.copy(sc, b, args, c, cmd)
			if has(args, "--remove-source-files", "--remove-sent-files") {
				// The files sent are deleted from the sources (not the
				// folders): everything under a folder given with -r or
				// -a. A source on another host (HOST:PATH) is a name
				// with a colon here, in the working folder.
				p := parseOpts(args, treeReaderValues[b], nil, "")
				recursive := strings.ContainsAny(p.short, "ra") || p.has("--recursive") || p.has("--archive")
				srcs := slices.Clone(p.ops[:max(len(p.ops)-1, 0)])
				for i := range srcs {
					srcs[i].contents = recursive
				}
				r.inputsDeleted(sc, srcs, recursive, cmd, "rsync --remove-source-files")
			}
			return true
		}},
	{Names: names("openssl"), Family: "network", Summary: "-out is written; raw disks read ask; s_server -WWW and -HTTP serve the working folder",
		DataOnly: true,
		Options:  []Option{opt(RoleWrite, "-out", "-keyout"), opt(RoleRead, "-in", "-inkey", "-key")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.rawReadAll(args, cmd)
			if has(args, "-WWW", "-HTTP", "-www") {
				r.readTree(field{val: "."}, "openssl s_server", cmd)
			}
			return false
		}},
	{Names: names("gotty ttyd"), Family: "network", Summary: "serve a terminal running the command to web peers: a shell or interpreter there is handed to them (reverse-shell)",
		OptionsFirst: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			rest := skipOpts(args, terminalServers[b])
			r.sharesProgram(b, rest, cmd)
			r.next(sc, rest, c)
			return true
		}},
	{Names: names("sshd dropbear tinysshd"), Family: "network", Summary: "starts an SSH server: network peers that log in get a shell here (system-admin)", Rule: ruleSystemAdmin,
		Options: []Option{flag(RoleHarmless, "-t", "-T", "-V", "-h", "--help")}},
	{Names: names("jupyter"), Family: "network", Summary: "notebook, lab and server run a code-execution server: one listening beyond this machine or without a token asks",
		DataOnly: true, special: jupyterServer},
	{Names: names("tmate sshx tty-share teleconsole"), Family: "network", Summary: "share the terminal's shell with remote peers (reverse-shell)", Rule: ruleReverseShell,
		Options: []Option{flag(RoleHarmless, "-h", "--help", "-V", "--version")}},
	{Names: names("upterm"), Family: "network", Summary: "upterm host shares a shell, or the command it is given, with remote peers (reverse-shell)",
		Subcommands: []Entry{{Names: names("host"), Options: vals("", "--server", "--force-command", "--private-key", "--known-hosts", "--github-user", "--gitlab-user", "--authorized-keys"),
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				r.sharesProgram(b, skipOpts(args, wrapSpec{long: []string{"--server", "--force-command", "--private-key", "--known-hosts", "--github-user", "--gitlab-user", "--authorized-keys"}}), cmd)
				return true
			}}}},
	{Names: names("websocat"), Family: "network", Summary: "exec:, sh-c: and cmd: addresses hand a program to the peer (reverse-shell)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				if v := asciiLower(a.val); hasPrefix(v, "exec:") || hasPrefix(v, "sh-c:") || hasPrefix(v, "cmd:") {
					r.finding(ruleReverseShell, Command, Block, b+" hands a program to a network peer", cmd, "")
					break
				}
			}
			return true
		}},
	{Names: names("http-server serve miniserve darkhttpd updog webfsd static-web-server simple-http-server live-server jwebserver dufs goshs sfz"), Family: "network",
		Summary:  "file servers read the folder they serve whole, the working folder when none is named",
		Options:  []Option{opt(RoleServe, "-d", "--directory", "-r", "--root", "--dir"), val("-p", "--port", "-a", "--address", "-b", "--bind", "-i", "--interfaces", "-c", "--cache", "-l", "--listen")},
		Operands: []Operand{operands(0, RoleServe)}},
	{Names: names("thttpd"), Family: "network", Summary: "thttpd serves -d DIR, the working folder by default",
		Options: []Option{opt(RoleServe, "-d"), val("-p", "-h", "-u", "-c", "-l", "-i", "-T", "-P", "-M")}, DataOnly: true},
	{Names: names("caddy"), Family: "network", Summary: "caddy file-server serves --root, the working folder by default",
		Subcommands: []Entry{{Names: names("file-server"), Options: []Option{opt(RoleServe, "-r", "--root"), val("-l", "--listen", "-d", "--domain", "-a", "--access-log")}},
			{Names: names("run start"), Options: []Option{opt(RoleRead, "-c", "--config")}}}},
	{Names: names("tcpdump"), Family: "network", Summary: "-w is written; -z runs a command on each saved file; -r and -F are read",
		Options: []Option{opt(RoleWrite, "-w"), opt(RoleCommand, "-z"), opt(RoleRead, "-r", "-F", "-V"),
			val("-i", "--interface", "-c", "-s", "--snapshot-length", "-C", "-G", "-W", "-E", "-M", "-T", "-y", "--linktype", "-B", "--buffer-size", "-j", "--time-stamp-type", "-Z", "--relinquish-privileges", "-Q", "--direction", "--time-stamp-precision", "--count")},
		DataOnly: true},
	{Names: names("tshark dumpcap"), Family: "network", Summary: "-w is written; -X lua_script loads code; -r is read",
		Options: []Option{opt(RoleWrite, "-w"), opt(RoleProgram, "-X"), opt(RoleRead, "-r"),
			val("-i", "-c", "-a", "-b", "-f", "-s", "-y", "-B", "-Y", "-R", "-T", "-e", "-E", "-o", "-d", "-z", "-j", "-J", "-F", "-t", "-u", "-O", "-2", "-M", "--autostop", "--ring-buffer", "--capture-filter", "--display-filter", "--read-filter")},
		DataOnly: true},
	{Names: names("aria2c"), Family: "network", Summary: "--on-download-* run a program; -d is the folder written and -o a file in it; -i is read",
		Options: []Option{opt(RoleCommand, "--on-download-complete", "--on-download-error", "--on-download-start", "--on-download-pause", "--on-download-stop", "--on-bt-download-complete"),
			opt(RoleWriteTree, "-d", "--dir"), opt(RoleWrite, "-l", "--log", "--save-session"), opt(RoleRead, "-i", "--input-file", "--conf-path", "--netrc-path"),
			val("-o", "--out", "-x", "--max-connection-per-server", "-s", "--split", "-j", "--max-concurrent-downloads", "-t", "--timeout", "-U", "--user-agent", "--header")},
		WritesWorkDir: true, WorkDirOptions: []string{"-d"},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "doxsjtUil", []string{"--dir", "--out"}, "")
			dirs, outs := p.get("-d", "--dir"), p.get("-o", "--out")
			for _, o := range outs {
				if len(dirs) > 0 && !dirs[0].dyn && !o.dyn {
					o.val = strings.TrimSuffix(dirs[0].val, "/") + "/" + o.val
				}
				r.judgeWrite(sc, o, ruleDiskWrite, cmd)
			}
			return false
		}},
	{Names: names("axel http https xh xhs"), Family: "network", Summary: "HTTP clients: -o and --output are written", DataOnly: true,
		Options: []Option{opt(RoleWrite, "-o", "--output")}},
	wrapper("network", "sshpass runs the command with a password", "pfdP", nil, 0, "sshpass"),
	{Names: names("nmap"), Family: "network", Summary: "the -o* output files are written; --script names Lua scripts it runs",
		DataOnly: true,
		Options: []Option{opt(RoleWrite, "-oN", "-oX", "-oS", "-oG", "-oA", "-oM", "-oH"), opt(RoleRead, "-iL", "--resume", "--excludefile"),
			opt(RoleCommandFile, "--script")}},
	{Names: names("masscan"), Family: "network", Summary: "the -o* output files are written", DataOnly: true,
		Options: []Option{opt(RoleWrite, "-oL", "-oX", "-oJ", "-oG", "-oB", "-oD", "-oU", "--output-filename"), opt(RoleRead, "-c", "--conf", "-iL", "--includefile")}},
	{Names: names("mitmdump mitmproxy mitmweb"), Family: "network", Summary: "-w is written; -s names a Python addon it runs", DataOnly: true,
		Options: []Option{opt(RoleWrite, "-w", "--save-stream-file"), opt(RoleCommandFile, "-s", "--scripts"), val("-p", "--listen-port", "-m", "--mode", "--set")}},
	{Names: names("ssh-copy-id"), Family: "network", Summary: "installs a key that logs in to the account it names (system-admin)", Rule: ruleSystemAdmin, DataOnly: true,
		Options: vals("ipFo")},
	{Names: names("ssh-keygen"), Family: "network", Summary: "-f is the key file, written when a key is made (and FILE.pub beside it)", DataOnly: true,
		Options: []Option{opt(RoleWrite, "-f"), val("-t", "-b", "-C", "-N", "-P", "-O", "-I", "-n", "-V", "-z", "-s", "-Y", "-E", "-m", "-a", "-Z", "-w", "-D", "-r", "-R", "-F", "-h", "-T", "-M", "-S", "-G", "-K", "-J", "-j", "-u")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, f := range parseOpts(args, "fbCNPOIntVzsYEmaZwDrRFhTMSGKJju", nil, "").get("-f") {
				if !f.dyn {
					f.val += ".pub"
					r.judgeWrite(sc, f, ruleDiskWrite, cmd)
				}
			}
			return false
		}},
	{Names: names("ztcp zsocket"), Family: "network", Summary: "zsh's socket builtins leave a connection open on a file descriptor for what follows, as exec N<>/dev/tcp/... does (reverse-shell)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) > 0 && !(len(args) == 1 && args[0].val == "-L") {
				r.netShell(b, ctx{net: "a " + b + " socket"}, cmd)
			}
			return true
		}},
	{Names: names("chisel"), Family: "network", Summary: "chisel client with a reverse remote (R:...) exposes this machine's ports on the server, as ssh -R does (asks); chisel server --reverse accepts them", DataOnly: true,
		Subcommands: []Entry{{Names: names("client"), DataOnly: true,
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				if slices.ContainsFunc(args, func(f field) bool { return f.dyn || strings.HasPrefix(f.val, "R:") }) {
					r.finding(ruleSystemAdmin, Command, Ask, "chisel client exposes this machine's ports on another host (R:)", cmd, "")
				}
				return true
			}}}},
	{Names: names("ngrok cloudflared bore localtunnel lt frpc zrok pgrok tunnelto"), Family: "network", Summary: "tunnels: exposing a web server is allowed; a raw TCP port, SSH or another non-web service to the internet asks (system-admin); file:// serves a folder", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if what, ok := tunnelsService(b, args); ok {
				r.finding(ruleSystemAdmin, Command, Ask, b+" exposes "+what+" to the internet: whoever reaches it reaches this machine", cmd, "")
			}
			for _, a := range args {
				if i := strings.Index(a.val, "file://"); i >= 0 && !a.dyn {
					r.readTree(field{val: a.val[i+len("file://"):]}, b, cmd)
				}
			}
			return true
		}},
	{Names: names("tailscale"), Family: "network", Summary: "serve and funnel of a raw TCP port or SSH, and up or set with --ssh (this machine's SSH server on the tailnet), ask (system-admin); a path they serve is read whole", DataOnly: true,
		Subcommands: []Entry{{Names: names("funnel serve"), DataOnly: true,
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				what, ok := tunnelsService(b, args)
				if !ok && slices.ContainsFunc(args, func(f field) bool {
					return !f.dyn && (strings.HasPrefix(f.val, "--tcp") || strings.HasPrefix(f.val, "--tls-terminated-tcp"))
				}) {
					what, ok = "a raw TCP port", true
				}
				if ok {
					r.finding(ruleSystemAdmin, Command, Ask, b+" exposes "+what+": whoever reaches it reaches this machine", cmd, "")
				}
				// A path (not a port, a URL or text:) is a file or folder
				// served whole (tailscale serve /home/dev).
				for i, a := range args {
					v := a.val
					if i > 0 && (args[i-1].val == "https" || args[i-1].val == "http" || args[i-1].val == "--set-path") {
						continue // the mount point in the URL (serve https / SRC), not a file
					}
					if !a.dyn && (strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../")) {
						r.readTree(a, b, cmd)
						r.checkTargets(sc, []field{a}, cmd)
					}
				}
				return true
			}},
			{Names: names("up set"), DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					for _, a := range args {
						if v, ok := strings.CutPrefix(a.val, "--ssh"); ok && (v == "" || v == "=true" || v == "=1" || v == "=t" || a.dyn) {
							r.finding(ruleSystemAdmin, Command, Ask, b+" --ssh runs an SSH server on this machine for the tailnet", cmd, "")
							break
						}
					}
					return true
				}}}},
	{Names: names("smbclient tnftp pftp"), Family: "network", Summary: "commands from -c or a known stdin: put uploads, get writes, ! runs a shell command",
		Stdin: RoleEscape, DataOnly: true, special: ftpCommands("-c")},
	{Names: names("wormhole magic-wormhole croc"), Family: "network", Summary: "send uploads files and folders whole",
		DataOnly:    true,
		Subcommands: []Entry{{Names: names("send"), DataOnly: true, Options: vals("", "--code", "--text"), Operands: []Operand{operands(0, RoleReadTree)}}}},
})

// reverseShell flags a network tool that hands a shell or program to a
// peer.
func (r *run) reverseShell(b string, args []field, cmd string) {
	for _, a := range args {
		v := asciiLower(a.val)
		if v == "-e" || v == "-c" || hasPrefix(v, "--exec") || hasPrefix(v, "--sh-exec") ||
			hasPrefix(v, "--lua-exec") || (b == "socat" && (contains(v, "exec:") || contains(v, "system:"))) ||
			(len(v) > 2 && v[0] == '-' && v[1] != '-' && containsAny(v[1:], "ec") && b != "socat" && !containsAny(v[1:], "0123456789")) {
			r.finding(ruleReverseShell, Command, Block, b+" hands a shell or program to a network peer", cmd, "")
			return
		}
	}
}

// curlExtras judges what curl's roles cannot say: files written by
// -w '%output{FILE}', file: URLs in the spellings curl accepts (any case,
// a localhost host, %-escapes, {a,b} and [a-z] globs), and a config read
// from a known standard input (-K -), whose lines are options.
func (r *run) curlExtras(sc *scope, args []field, c ctx, cmd string) {
	globoff := false
	for _, a := range args {
		if a.val == "-g" || a.val == "--globoff" {
			globoff = true
		}
	}
	for _, wo := range optionValues(args, "-w", "--write-out") {
		for rest := wo.val; !wo.dyn; {
			j := strings.Index(rest, "%output{")
			if j < 0 {
				break
			}
			rest = rest[j+len("%output{"):]
			k := strings.IndexByte(rest, '}')
			if k < 0 {
				break
			}
			r.judgeWrite(sc, field{val: strings.TrimPrefix(rest[:k], ">>")}, ruleDiskWrite, cmd)
			rest = rest[k+1:]
		}
	}
	confs := optionValues(args, "-K", "--config")
	if r.inConfig == 0 && (len(args) == 0 || args[0].val != "-q" && args[0].val != "--disable") {
		// curl reads .curlrc in CURL_HOME (else XDG_CONFIG_HOME) first:
		// one this command wrote there is read too.
		for _, name := range [...]string{"CURL_HOME", "XDG_CONFIG_HOME"} {
			if v, ok := r.envFolder(sc, name, c.pos); ok && !v.dyn && v.val != "" {
				confs = append(confs, field{val: strings.TrimSuffix(v.val, "/") + "/.curlrc"})
				break
			}
		}
	}
	for _, conf := range confs {
		r.curlConfig(sc, conf, c, cmd)
	}
	for _, a := range args {
		if a.dyn {
			continue
		}
		v := a.val
		if low := asciiLower(v); strings.HasPrefix(low, "file:") {
			for _, p := range fileURLPaths(v[len("file:"):], !globoff) {
				r.checkWords(sc, []field{p}, cmd)
				r.rawDiskRead(p, cmd)
			}
		}
	}
}

// isStdin reports whether a file name is the standard input: -, or a path
// that is /dev/stdin, /dev/fd/0 or the shell's own fd 0 however it is
// written (//dev/stdin, /dev/./fd/0, /proc/self/root/dev/stdin).
func isStdin(v string) bool {
	if v == "-" {
		return true
	}
	if !strings.HasPrefix(v, "/") {
		return false
	}
	switch throughProcRoots(v) {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0":
		return true
	}
	return false
}

// curlConfig judges the configuration curl -K reads, when the command
// says what it holds (see argText), as the arguments it stands for: every
// path in it is checked as the command line's are, and each option by its
// role.
func (r *run) curlConfig(sc *scope, conf field, c ctx, cmd string) {
	text, ok := r.argText(sc, conf, c)
	if !ok {
		return
	}
	if r.inConfig >= maxConfigDepth {
		r.tooComplex("curl's configuration files name each other deeper than the bound")
		return
	}
	args := curlConfigArgs(text)
	r.checkWords(sc, args, cmd)
	c2 := c
	c2.in = input{}
	r.inConfig++
	r.applyEntry(sc, builtinCatalog()["curl"], "curl", args, c2, cmd)
	r.inConfig--
}

// maxConfigDepth bounds configuration files that name each other (curl -K
// in a file curl -K reads).
const maxConfigDepth = 4

// curlConfigArgs turns a curl config file ("output = FILE", "--output FILE",
// "-o FILE", `url: "..."`) into command-line arguments.
func curlConfigArgs(text string) []field {
	var out []field
	for line := range contentLines(text) {
		i := strings.IndexAny(line, " \t=:")
		key, value := line, ""
		if i >= 0 {
			key, value = line[:i], strings.TrimLeft(line[i:], " \t=:")
		}
		if strings.HasPrefix(line[max(i, 0):], ":") && strings.HasPrefix(value, "//") {
			key, value = "url", line // a bare URL
		}
		key = strings.TrimLeft(key, "-")
		if len(key) == 1 {
			key = "-" + key
		} else {
			key = "--" + key
		}
		out = append(out, field{val: key})
		if value = strings.Trim(strings.TrimSpace(value), `"`); value != "" {
			out = append(out, field{val: value})
		}
	}
	return out
}

// fileURLPaths returns the paths a curl file: URL reads: the host
// (localhost) dropped, %-escapes decoded and, unless globbing is off,
// {a,b} alternatives expanded and [a-z] ranges kept as patterns.
func fileURLPaths(rest string, glob bool) []field {
	if t, ok := strings.CutPrefix(rest, "//"); ok {
		if j := strings.IndexByte(t, '/'); j > 0 {
			t = t[j:] // file://HOST/path
		}
		rest = t
	}
	if u, err := url.PathUnescape(rest); err == nil {
		rest = u
	}
	alts := []string{rest}
	if glob {
		alts = expandCurlBraces(rest, 64)
	}
	out := make([]field, 0, len(alts))
	for _, a := range alts {
		g := glob && strings.ContainsRune(a, '[')
		if g {
			a = curlRangeRE.ReplaceAllString(a, "[$1-$2]")
		}
		out = append(out, field{val: a, glob: g})
	}
	return out
}

// curlRangeRE is a curl range with a step ([a-z:2]), kept as its class.
var curlRangeRE = regexp.MustCompile(`\[(\w)-(\w)(?::\d+)?\]`)

// expandCurlBraces expands curl's {a,b} lists, up to limit results (the
// rest are dropped: a list that long is not a path).
func expandCurlBraces(s string, limit int) []string {
	i := strings.IndexByte(s, '{')
	if i < 0 {
		return []string{s}
	}
	j := strings.IndexByte(s[i:], '}')
	if j < 0 {
		return []string{s}
	}
	var out []string
	for alt := range strings.SplitSeq(s[i+1:i+j], ",") {
		for _, tail := range expandCurlBraces(s[i+j+1:], limit) {
			if len(out) >= limit {
				return out
			}
			out = append(out, s[:i]+alt+tail)
		}
	}
	return out
}

// wgetCommands reads wget -e COMMAND (a .wgetrc line, "output_document =
// FILE") as the long option it sets, and so each line of the startup file
// --config or WGETRC names, when the command says what it holds (see
// argText).
func (r *run) wgetCommands(sc *scope, args []field, c ctx, cmd string) {
	ce := builtinCatalog()["wget"]
	p := parseOpts(args, "e", []string{"--execute", "--config"}, "")
	confs := p.get("--config")
	if v, ok := r.envFolder(sc, "WGETRC", c.pos); ok && len(confs) == 0 && r.inConfig == 0 {
		confs = []field{v}
	}
	var commands []field
	for _, conf := range confs {
		if text, ok := r.argText(sc, conf, c); ok {
			for l := range strings.SplitSeq(text, "\n") {
				if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
					commands = append(commands, field{val: l})
				}
			}
		}
	}
	for _, e := range append(commands, p.get("-e", "--execute")...) {
		if e.dyn {
			continue
		}
		k, v, ok := strings.Cut(e.val, "=")
		if !ok {
			continue
		}
		key := wgetKey(k)
		name := map[string]string{"dirprefix": "--directory-prefix", "logfile": "--output-file", "input": "--input-file", "useaskpass": "--use-askpass"}[key]
		for n := range ce.opts {
			if name == "" && strings.HasPrefix(n, "--") && wgetKey(n) == key {
				name = n
			}
		}
		if name != "" {
			r.inConfig++
			r.applyEntry(sc, ce, "wget", []field{{val: name}, {val: strings.TrimSpace(v)}}, c, cmd)
			r.inConfig--
		}
	}
}

// wgetKey is a .wgetrc command or long option name in one spelling.
func wgetKey(s string) string {
	return strings.NewReplacer("-", "", "_", "").Replace(asciiLower(strings.TrimSpace(s)))
}

// socatAddresses judges socat's file addresses: OPEN, CREATE, GOPEN, FILE,
// PIPE and UNIX sockets name files read and written, a PTY's link= is
// written, and SHELL runs a shell command as SYSTEM does.
func (r *run) socatAddresses(sc *scope, args []field, c ctx, cmd string) {
	for _, a := range args {
		if a.dyn || strings.HasPrefix(a.val, "-") && a.val != "-" {
			continue
		}
		typ, rest, ok := strings.Cut(a.val, ":")
		t := asciiLower(typ)
		opts := rest
		if !ok {
			opts = a.val
		}
		for o := range strings.SplitSeq(opts, ",") {
			if l, ok := strings.CutPrefix(o, "link="); ok {
				r.judgeWrite(sc, field{val: l}, ruleDiskWrite, cmd)
			}
		}
		if !ok {
			continue
		}
		target, _, _ := strings.Cut(rest, ",")
		switch t {
		case "open", "create", "creat", "gopen", "file", "pipe", "unix-listen", "unix-connect", "unix-client", "unix-sendto", "unix-recv", "unix-recvfrom":
			f := field{val: target}
			r.checkWords(sc, []field{f}, cmd)
			r.rawDiskRead(f, cmd)
			r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		case "shell":
			r.finding(ruleReverseShell, Command, Block, "socat hands a shell command to a network peer", cmd, "")
			r.reparseField(sc, field{val: strings.Trim(target, `"'`)}, c, cmd, true)
		}
	}
}

// ftpConnectsHere reports whether a file-transfer client's operands name
// this machine as its server.
func (r *run) ftpConnectsHere(args []field) bool {
	return slices.ContainsFunc(args, func(a field) bool {
		return !a.dyn && !strings.HasPrefix(a.val, "-") && r.namesThisMachine(a.val)
	})
}

// ftpCommands is the handler of a file-transfer client whose commands come
// from the values of the given options or from a known stdin.
func ftpCommands(opts ...string) handler {
	return func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
		here := r.ftpConnectsHere(args)
		for i, a := range args {
			if slices.Contains(opts, a.val) && i+1 < len(args) {
				r.ftpScript(sc, b, args[i+1], here, c, cmd)
			}
		}
		if c.in.kind == inText {
			r.ftpScript(sc, b, field{val: c.in.text}, here, c, cmd)
		}
		return true
	}
}

// ftpScript judges commands of ftp, lftp, sftp, smbclient and tftp: put
// and its kin read local files (and folders whole with -r or mirror -R),
// get writes its local target, and ! or a shell escape runs a command.
// When the server is this machine (here, or an open or connect line
// naming it), get, mirror and cat read local files.
func (r *run) ftpScript(sc *scope, b string, text field, here bool, c ctx, cmd string) {
	if text.dyn {
		return
	}
	for line := range strings.SplitSeq(strings.ReplaceAll(text.val, ";", "\n"), "\n") {
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		verb := asciiLower(words[0])
		var ops []field
		recursive := false
		for _, w := range words[1:] {
			if strings.HasPrefix(w, "-") {
				recursive = recursive || strings.ContainsAny(w, "rR") || w == "--reverse"
				continue
			}
			ops = append(ops, r.debuggerPath(w))
		}
		switch {
		case strings.HasPrefix(verb, "!"):
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs a shell command from its own command language", cmd, "")
			r.reparseField(sc, field{val: strings.TrimSpace(line[strings.IndexByte(line, '!')+1:])}, c, cmd, true)
		case verb == "put" || verb == "mput" || verb == "reput" || verb == "send" || verb == "append" || verb == "mirror" && recursive:
			r.checkWords(sc, ops, cmd)
			for _, o := range ops {
				// A credential file put on another host (put .env), as
				// curl -T .env sends one.
				if why, ok := r.credentialFileOf(o); ok && !here {
					r.finding(ruleSecretEgress, Path, Ask, b+" puts "+o.val+", a file whose name says it holds a credential ("+why+"), on another host", cmd, "")
					break
				}
			}
			if recursive || verb == "mirror" {
				for _, o := range ops {
					r.readTree(o, b, cmd)
				}
			}
		case verb == "open" || verb == "connect":
			here = len(ops) > 0 && r.namesThisMachine(ops[len(ops)-1].val)
		case verb == "get" || verb == "reget" || verb == "recv" || verb == "mget" || verb == "mirror" || verb == "cat" || verb == "more" || verb == "zcat":
			if len(ops) > 1 && verb != "cat" && verb != "more" && verb != "zcat" {
				r.judgeWrite(sc, ops[len(ops)-1], ruleDiskWrite, cmd)
			}
			if here && len(ops) > 0 {
				// The server is this machine: what it sends are local
				// files, as the login resolves them (mget's every operand,
				// the others' first).
				srcs := ops[:1]
				if verb == "mget" {
					srcs = ops
				}
				for _, src := range srcs {
					p := field{val: r.remoteResolve("", src.val)}
					r.checkWords(sc, []field{p}, cmd)
					if recursive || verb == "mirror" {
						r.readTree(p, b, cmd)
					}
				}
			}
		}
	}
}

// sshConfig reads the configuration ssh -F names, when the command
// says what it holds (its known standard input for -F - or /dev/stdin, a
// process substitution, a file it wrote) or it is on disk in a root or a
// temporary folder (readOnDisk, which binds it), as the -o options it
// holds (ProxyCommand, LocalCommand, ...).
func (r *run) sshConfig(sc *scope, b string, args []field, c ctx, cmd string) {
	confs := optionValues(args, "-F")
	if len(confs) == 0 {
		return
	}
	conf := confs[len(confs)-1]
	text, ok := r.argText(sc, conf, c)
	if !ok {
		if text, _, ok = r.readOnDisk(conf, b, cmd, false); !ok {
			return
		}
	}
	var opts []field
	for line := range contentLines(text) {
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.ContainsAny(k, " \t") {
			k, v, _ = strings.Cut(line, " ")
		}
		opts = append(opts, field{val: "-o"}, field{val: strings.TrimSpace(k) + "=" + strings.TrimSpace(v)})
	}
	c2 := c
	c2.in = input{}
	name := b
	if name != "scp" && name != "sftp" {
		name = "ssh"
	}
	r.applyEntry(sc, builtinCatalog()[name], b, opts, c2, cmd)
}

// ownHost reports whether h (lower case) names this machine: its host
// name, whole or the first label of it, or a public name that resolves to
// 127.0.0.1 everywhere (localtest.me, lvh.me and their subdomains, a
// wildcard DNS name spelling the address, 127.0.0.1.nip.io).
func (a *Analyzer) ownHost(h string) bool {
	if h == "" {
		return false
	}
	if n := a.hostName; n != "" {
		first, _, _ := strings.Cut(n, ".")
		if h == n || h == first || len(h) > len(n) && h[len(n)] == '.' && strings.HasPrefix(h, n) {
			return true
		}
	}
	for _, d := range selfResolving {
		if h == d || len(h) > len(d) && h[len(h)-len(d)-1] == '.' && strings.HasSuffix(h, d) {
			return true
		}
	}
	return strings.Contains(h, "127.0.0.1") || strings.Contains(h, "127-0-0-1") || strings.Contains(h, "7f000001")
}

// selfResolving are public domains whose every name resolves to 127.0.0.1.
var selfResolving = []string{"localtest.me", "lvh.me", "vcap.me", "lacolhost.com"}

// moshValued are mosh's long options that take a value (in the next
// word when not given with '=').
var moshValued = map[string]bool{"--port": true, "--ssh": true, "--server": true, "--client": true, "--predict": true,
	"--family": true, "--bind-server": true, "--experimental-remote-ip": true}

// sshCommand judges the command ssh runs on the other side. On this
// machine's own names (ssh localhost 'rm -rf ~', 127.1, its host name) it
// is analysed as a local script: it runs in the login's home folder, so
// relative paths resolve there; for another user (root@localhost) the
// folder is not known. On any other host, or one not known ("$(hostname)"),
// it is judged by elsewhere: the name may still reach this machine (an
// alias in ~/.ssh/config, a name that resolves here), so a command that
// would be blocked here asks (see docs/security-model.md, Hardline).
func (r *run) sshCommand(sc *scope, b string, args []field, c ctx, cmd string) {
	if b == "mosh" {
		// mosh [options] [--] [user@]host [--] [command...]: its options
		// take their values after '=' but -p's (and a long one's given
		// apart); the command runs on the host as ssh's does.
		i := 0
		for i < len(args) && !args[i].dyn && len(args[i].val) > 1 && args[i].val[0] == '-' {
			v := args[i].val
			i++
			if v == "--" {
				break
			}
			if v == "-p" || strings.HasPrefix(v, "--") && !strings.Contains(v, "=") && moshValued[v] {
				i++
			}
		}
		// (A -- after the host is read as ssh reads one there.)
		r.sshCommand(sc, "ssh", append([]field{{val: "--"}}, args[min(i, len(args)):]...), c, cmd)
		return
	}
	// OpenSSH reads options before the destination and again after it
	// (ssh host -p 22 CMD); the command starts at the first word after the
	// destination that is not an option or an option's value, or after
	// "--". autossh's -M takes a port.
	takes := "bBcDEeFIiJLlmOopQRSWw"
	if b == "autossh" {
		takes += "M"
	}
	login := "" // -l's login
	options := func(i int) int {
		for i < len(args) && !args[i].dyn && len(args[i].val) > 1 && args[i].val[0] == '-' {
			v := args[i].val
			i++
			if v == "--" {
				break
			}
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(takes, v[j]) >= 0 {
					value := v[j+1:]
					if j == len(v)-1 {
						if i < len(args) {
							value = args[i].val
						}
						i++ // the value is the next word
					}
					if v[j] == 'l' {
						login = value
					}
					break
				}
			}
		}
		return i
	}
	i := options(0)
	if i >= len(args) {
		return
	}
	start := options(i + 1)
	user, h := userHost(strings.TrimPrefix(args[i].val, "ssh://"))
	if i := strings.LastIndexByte(h, ':'); i > 0 && !strings.Contains(h[:i], ":") {
		h = hostName(h[:i]) // host:port in the URL form
	}
	// The command runs in the login's home, there as here: ssh host rm
	// -rf . deletes the home, ssh alice@host rm -rf . alice's.
	if login != "" {
		user = login // (the login -l gives, else user@'s)
	}
	remoteHome := r.loginHome(user)
	judge := func(run *run) {
		run.cwd = remoteHome
		c2 := c
		c2.depth++
		if start >= len(args) {
			// No command: the login shell reads its commands from the
			// standard input (ssh host <<< 'rm -rf ~').
			run.stdinScript(sc, c2, cmd, b)
			return
		}
		rest := args[start:]
		run.reparseFields(sc, rest, c2, cmd, true)
		if c.in.kind == inNone {
			return
		}
		// A shell as the command reads the standard input as its script
		// (ssh host bash -s < x, echo CMD | ssh host sh).
		if words := strings.Fields(joinFields(rest)); len(words) > 0 && shells[base(words[0])] {
			argv := make([]field, len(words))
			for k, w := range words {
				argv[k] = field{val: w}
			}
			run.simple(sc, argv, c2)
		}
	}
	if !r.a.thisMachine(h) {
		r.elsewhere(sc, b+" runs a command on "+cmp.Or(h, "a host not known"), c, cmd, judge)
		return
	}
	saved := r.cwd
	judge(r)
	r.cwd = saved
}

// userHost splits a destination, [user@]host, into its login (empty when
// none) and its host name as compared (hostName).
func userHost(dest string) (user, host string) {
	user, host, ok := strings.Cut(dest, "@")
	if !ok {
		user, host = "", dest
	}
	return user, hostName(host)
}

// hostName is a host name as compared: lower case, without brackets or a
// final dot.
func hostName(h string) string {
	return strings.TrimSuffix(strings.Trim(asciiLower(h), "[]"), ".")
}

// thisMachine reports whether a host name reaches this machine: a
// loopback name or address, a name under 127. (the stricter reading), or
// one of this machine's own names.
func (a *Analyzer) thisMachine(h string) bool {
	return loopback(h) || strings.HasPrefix(h, "127.") || a.ownHost(h)
}

// ThisMachine reports whether host, a URL's or a command's host name in
// any case, with or without brackets and a final dot, reaches the machine
// the Analyzer runs on: a loopback name or address, this machine's host
// name (whole or its first label), or a public name that resolves to
// 127.0.0.1 (localtest.me, 127.0.0.1.nip.io). A transfer from such a host
// (sftp://HOST/...) reads this machine's files.
func (a *Analyzer) ThisMachine(host string) bool {
	return a.thisMachine(hostName(host))
}

// loginHome is the home of a login on another host: this user's when the
// login is empty or this user's name, else a folder beside it (another
// login's home is taken to lie where this machine keeps its users').
func (r *run) loginHome(user string) string {
	if user == "" || user == path.Base(r.a.home) {
		return r.a.home
	}
	return path.Join(path.Dir(r.a.home), user)
}

// remoteSources judges what scp and rsync read on the other side of a
// download (host:PATH), as ssh's command there is judged: PATH as the
// other side resolves it, in the login's home when it is relative, empty
// or starts with ~/ (host:.ssh/id_rsa, host:), or absolute. A credential,
// or a home read whole by a recursive copy, asks (remote-command); from a
// host that is this machine it blocks, as here. Another login's home
// (alice@host:x, host:~alice/x) is taken to lie beside this user's; a
// daemon's module (host::x, rsync://) is not known.
func (r *run) remoteSources(sc *scope, b string, srcs []field, recursive bool, remote func(field) bool, c ctx, cmd string) {
	for _, s := range srcs {
		if s.dyn || !remote(s) || copyURL(s.val) {
			continue
		}
		h, p := r.remoteLocation(s.val)
		argv := []field{{val: "cat"}, {val: "--"}, {val: p}}
		if recursive {
			argv = []field{{val: "tar"}, {val: "-c"}, {val: "-f"}, {val: "/dev/null"}, {val: p}}
		}
		c2 := c
		c2.depth++
		judge := func(run *run) {
			run.checkAsWritten(sc, argv, cmd)
			run.simple(sc, argv, c2)
		}
		if r.a.thisMachine(h) {
			judge(r)
			continue
		}
		r.elsewhere(sc, b+" copies "+p+" from "+cmp.Or(h, "a host not known"), c, cmd, judge)
	}
}

// copyURL reports whether an scp or rsync operand is a URL (scp://,
// rsync://) or an rsync daemon's module (host::module), not host:PATH
// (host://etc/shadow is the path //etc/shadow on host).
func copyURL(v string) bool {
	if i := strings.Index(v, "://"); i > 0 {
		switch asciiLower(v[:i]) {
		case "scp", "sftp", "rsync", "ssh":
			return true
		}
	}
	return strings.Contains(v, "::")
}

// remoteLocation returns the host of an scp or rsync operand host:PATH
// and PATH as the other side resolves it: in the login's home when it is
// relative, empty or starts with ~/ (host:.bashrc, host:), another
// login's home for ~user, or absolute.
func (r *run) remoteLocation(v string) (host, p string) {
	user, h := userHost(v[:strings.IndexByte(v, ':')])
	return h, r.remoteResolve(user, remotePath(v))
}

// remoteResolve is a path as the other side of a login resolves it: in
// the login's home when it is relative, empty, . or starts with ~/,
// another login's home for ~user, or absolute.
func (r *run) remoteResolve(user, p string) string {
	home := r.loginHome(user)
	switch {
	case strings.HasPrefix(p, "/"):
		return p
	case p == "" || p == "~" || p == ".":
		return home
	case strings.HasPrefix(p, "~/"):
		return home + p[1:]
	case strings.HasPrefix(p, "~"):
		name, rest, _ := strings.Cut(p[1:], "/")
		return path.Join(r.loginHome(name), rest) // ~user/x
	}
	return strings.TrimSuffix(home, "/") + "/" + p
}

// remoteDest judges the destination of an upload (scp x host:PATH, rsync
// -a --delete d/ host:PATH) as remoteLocation resolves it. On a host that
// is this machine, it returns the local path, which the caller judges as
// any destination (scp x localhost:.bashrc writes the startup file); on
// another, the write (and rsync's deletion, when del) is judged there,
// and remoteDest reports false.
func (r *run) remoteDest(sc *scope, b string, dst field, del bool, c ctx, cmd string) (field, bool) {
	if dst.dyn || copyURL(dst.val) {
		return field{}, false
	}
	h, p := r.remoteLocation(dst.val)
	if r.a.thisMachine(h) {
		local := field{val: p}
		r.checkWords(sc, []field{local}, cmd) // as the word naming it would be
		return local, true
	}
	r.elsewhere(sc, b+" copies to "+p+" on "+cmp.Or(h, "a host not known"), c, cmd, func(run *run) {
		if del {
			run.judgeDelete(sc, field{val: p}, true, cmd, b+" --delete")
		}
		run.judgeWrite(sc, field{val: p}, ruleDiskWrite, cmd)
	})
	return field{}, false
}

// sharesProgram judges a program that serves a terminal running rest to
// remote peers (gotty, ttyd, upterm host -- CMD): a shell or an
// interpreter there, or none (the user's shell), is a shell handed to
// them. Anything else is judged as the command it is, by the caller's
// roles.
func (r *run) sharesProgram(b string, rest []field, cmd string) {
	if len(rest) > 0 && rest[0].val == "--" {
		rest = rest[1:]
	}
	if len(rest) == 0 || !rest[0].dyn && (shells[base(rest[0].val)] || isInterpreter(base(rest[0].val))) || rest[0].dyn {
		r.finding(ruleReverseShell, Command, Block, b+" hands a shell or interpreter to remote peers", cmd, "")
	}
}

// terminalServers are the options of gotty and ttyd that take a value.
var terminalServers = map[string]wrapSpec{
	"gotty": {val: "apc", long: []string{"--address", "--port", "--path", "--credential", "--random-url-length", "--tls-crt", "--tls-key", "--tls-ca-crt", "--index", "--title-format",
		"--reconnect-time", "--max-connection", "--timeout", "--width", "--height", "--ws-origin", "--term", "--config"}},
	"ttyd": {val: "piUcHugswtTmIbPCKAd", long: []string{"--port", "--interface", "--socket-owner", "--credential", "--auth-header", "--uid", "--gid", "--signal", "--cwd",
		"--client-option", "--terminal-type", "--max-clients", "--index", "--base-path", "--ping-interval", "--ssl-cert", "--ssl-key", "--ssl-ca", "--debug"}},
}

// curlUploads returns the files curl's data and form options send: -d
// @FILE, --data-binary @FILE, --data-urlencode NAME@FILE, -F NAME=@FILE and
// NAME=<FILE.
// curlRemoteName reports whether curl saves its downloads in the working
// folder under names it does not choose (-O, --remote-name-all, -J), with
// no --output-dir to put them elsewhere.
func curlRemoteName(args []field) bool {
	p := parseOpts(args, "AbcCdDeEFHKmoPQrtTuUwxXyYz", nil, "")
	if p.has("--output-dir") || len(p.get("--output-dir")) > 0 {
		return false
	}
	return strings.ContainsAny(p.short, "OJ") || p.has("--remote-name") || p.has("--remote-name-all") || p.has("--remote-header-name")
}

func curlUploads(args []field) []field {
	var out []field
	for i := 0; i+1 < len(args); i++ {
		switch args[i].val {
		case "-d", "--data", "--data-binary", "--data-ascii", "--data-urlencode", "--json", "-F", "--form":
			v := args[i+1]
			if v.dyn {
				continue
			}
			j := strings.IndexAny(v.val, "@<")
			if j < 0 || args[i].val != "--data-urlencode" && j > 0 && !strings.HasPrefix(args[i].val, "-F") && args[i].val != "--form" {
				continue
			}
			f := v
			f.val, _, _ = strings.Cut(v.val[j+1:], ";") // -F f=@x;type=text/plain
			if f.val != "" && f.val != "-" {
				out = append(out, f)
			}
		}
	}
	return out
}

// jupyterServer judges jupyter's servers (notebook, lab, server): they run
// code for whoever reaches them, so listening on an address other than
// loopback (--ip=0.0.0.0, --ip='*') or without a token or password asks,
// whichever sub-command is given them.
func jupyterServer(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if len(args) == 0 {
		return true
	}
	for i, a := range args[1:] {
		k, v, ok := strings.Cut(a.val, "=")
		if !ok && i+2 < len(args) {
			v = args[i+2].val
		}
		lk := asciiLower(strings.TrimLeft(k, "-"))
		switch {
		case a.dyn:
		case lk == "ip" || strings.HasSuffix(lk, ".ip"):
			if listensBeyond(v) {
				r.finding(ruleSystemAdmin, Command, Ask, "jupyter "+args[0].val+" listens on "+v+": whoever reaches it runs code here", cmd, "")
				return true
			}
		case (strings.HasSuffix(lk, ".token") || strings.HasSuffix(lk, ".password")) && ok && strings.Trim(v, `'"`) == "":
			r.finding(ruleSystemAdmin, Command, Ask, "jupyter "+args[0].val+" runs without a token or password: whoever reaches it runs code here", cmd, "")
			return true
		}
	}
	return true
}

// tunnelsService reports whether a tunnel exposes more than a web server:
// a raw TCP or TLS port (ngrok tcp, bore, frpc's configured proxies), or a
// URL whose scheme is not http or https (cloudflared --url ssh://...), or
// port 22. A web server (ngrok http 8080) is development as usual.
func tunnelsService(b string, args []field) (string, bool) {
	if b == "bore" || b == "frpc" {
		if len(args) > 0 && args[0].val != "--help" && args[0].val != "-h" && args[0].val != "--version" && args[0].val != "-V" {
			return "a raw TCP port", true
		}
		return "", false
	}
	for _, a := range args {
		if a.dyn {
			continue
		}
		v := asciiLower(a.val)
		if i := strings.Index(v, "://"); i > 0 {
			if scheme := v[strings.LastIndexAny(v[:i], "= ")+1 : i]; scheme != "http" && scheme != "https" && scheme != "file" {
				return "a " + scheme + " service", true
			}
		}
		if v == "tcp" || v == "tls" || v == "22" || strings.HasSuffix(v, ":22") {
			return "a raw TCP port or SSH", true
		}
	}
	return "", false
}

// listensBeyond reports whether a server told to listen on host h (its
// --ip or --host) is reachable from beyond this machine: any address but
// a loopback one (0.0.0.0, :: and an empty one are every interface:
// jupyter --ip=” listens on all of them).
func listensBeyond(h string) bool {
	h = strings.Trim(h, `'"`)
	return h != "localhost" && h != "127.0.0.1" && h != "::1" && h != "[::1]"
}
