package hardline

// Network tools: what they write and upload, the commands they run, and
// the folders they serve.
var _ = register([]Entry{
	{Names: names("nc ncat netcat nc.traditional nc.openbsd socat busybox-nc"), Family: "network", Summary: "-e, -c, --exec, --sh-exec and socat EXEC:/SYSTEM: hand a program to a peer (reverse-shell); raw disks read ask",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.reverseShell(b, args, cmd)
			r.rawReadAll(args, cmd)
			return true
		}},
	{Names: names("curl"), Family: "network", Summary: "-o and --output-dir are written; -T and @FILE are read (uploads)",
		Options: []Option{opt(RoleWrite, "-o", "--output", "-D", "--dump-header", "-c", "--cookie-jar", "--trace", "--trace-ascii", "--libcurl", "--etag-save", "--stderr"),
			opt(RoleWriteTree, "--output-dir"), opt(RoleRead, "-T", "--upload-file", "-K", "--config", "-b", "--cookie", "--cacert", "--cert", "--key", "--netrc-file"),
			val("-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "-F", "--form", "-H", "--header", "-u", "--user", "-X", "--request", "-A", "--user-agent", "-e", "--referer", "-x", "--proxy", "-m", "--max-time", "--connect-timeout", "-w", "--write-out", "-r", "--range", "--retry", "-U", "--proxy-user", "--resolve", "--connect-to", "-E", "--url", "-z", "--time-cond", "--limit-rate", "-Y", "-y", "-C", "--continue-at", "--data-ascii", "--json")},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.rawReadAll(args, cmd)
			return true
		}},
	{Names: names("wget wget2"), Family: "network", Summary: "-O, -o and -a are written; -P is the folder written; --use-askpass runs a program",
		Options: []Option{opt(RoleWrite, "-O", "--output-document", "-o", "--output-file", "-a", "--append-output", "--save-cookies", "--warc-file"), opt(RoleWriteTree, "-P", "--directory-prefix"),
			opt(RoleRead, "-i", "--input-file", "--post-file", "--body-file", "--load-cookies", "--certificate", "--private-key", "--ca-certificate", "--config"), opt(RoleCommand, "--use-askpass"),
			val("-t", "--tries", "-T", "--timeout", "-w", "--wait", "-U", "--user-agent", "--header", "--user", "--password", "--post-data", "--body-data", "--method", "-e", "--execute", "-l", "--level", "-A", "--accept", "-R", "--reject", "-D", "--domains", "-Q", "--quota", "--limit-rate", "-B", "--base")},
		DataOnly: true},
	{Names: names("ssh autossh mosh"), Family: "network", Summary: "-o ProxyCommand, LocalCommand, KnownHostsCommand, RemoteCommand and Match exec run commands; -E is written; the remote command is not judged",
		Options: []Option{keyed(RoleScript, "ProxyCommand", "-o"), keyed(RoleScript, "LocalCommand", "-o"), keyed(RoleScript, "KnownHostsCommand", "-o"),
			keyed(RoleScript, "RemoteCommand", "-o"), keyed(RoleScript, "PKCS11Provider", "-o"), keyed(RoleScript, "SecurityKeyProvider", "-o"),
			opt(RoleWrite, "-E"), opt(RoleRead, "-F", "-i", "-S"), val("-b", "-B", "-c", "-D", "-e", "-I", "-J", "-L", "-l", "-m", "-O", "-p", "-Q", "-R", "-W", "-w", "-P")},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.sshOptions(sc, args, c, cmd)
			return true
		}},
	{Names: names("scp sftp"), Family: "network", Summary: "-S names the transport program; -o ProxyCommand runs a command; a local destination is written",
		Options: []Option{opt(RoleCommand, "-S"), keyed(RoleScript, "ProxyCommand", "-o"), keyed(RoleScript, "LocalCommand", "-o"), keyed(RoleScript, "KnownHostsCommand", "-o"),
			opt(RoleRead, "-F", "-i", "-b"), val("-c", "-D", "-J", "-l", "-P", "-X", "-R", "-s")},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, "scp", args, cmd)
			r.rawReadAll(args, cmd)
			if b == "scp" {
				r.copy(sc, b, args, cmd)
			}
			return true
		}},
	{Names: names("rsync"), Family: "network", Summary: "-e and --rsync-path run commands; the destination is written; --delete deletes in it; -a reads its sources whole",
		Options: []Option{opt(RoleScript, "-e", "--rsh", "--rsync-path")}, DataOnly: true,
		Env: []EnvVar{{Name: "RSYNC_RSH", Role: RoleScript}, {Name: "RSYNC_CONNECT_PROG", Role: RoleScript}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, b, args, cmd)
			r.rawReadAll(args, cmd)
			r.copy(sc, b, args, cmd)
			return true
		}},
	{Names: names("openssl"), Family: "network", Summary: "-out is written; raw disks read ask", DataOnly: true,
		Options: []Option{opt(RoleWrite, "-out", "-keyout"), opt(RoleRead, "-in", "-inkey", "-key")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.rawReadAll(args, cmd)
			return false
		}},
	{Names: names("http-server serve miniserve darkhttpd updog webfsd static-web-server simple-http-server live-server"), Family: "network", Summary: "file servers read the folder they serve whole",
		Options:  []Option{opt(RoleReadTree, "-d", "--directory", "-r", "--root", "--dir"), val("-p", "--port", "-a", "--address", "-b", "--bind", "-i", "--interfaces", "-c", "--cache")},
		Operands: []Operand{operands(0, RoleReadTree)}},
	{Names: names("caddy"), Family: "network", Summary: "caddy file-server --root serves a folder",
		Subcommands: []Entry{{Names: names("file-server"), Options: []Option{opt(RoleReadTree, "-r", "--root"), val("-l", "--listen", "-d", "--domain")}},
			{Names: names("run start"), Options: []Option{opt(RoleRead, "-c", "--config")}}}},
	{Names: names("ztcp zsocket"), Family: "network", Summary: "zsh's socket builtins leave a connection open on a file descriptor for what follows, as exec N<>/dev/tcp/... does (reverse-shell)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) > 0 && !(len(args) == 1 && args[0].val == "-L") {
				r.netShell(b, ctx{net: "a " + b + " socket"}, cmd)
			}
			return true
		}},
	{Names: names("ngrok cloudflared bore localtunnel lt"), Family: "network", Summary: "tunnels: file:// serves a folder", DataOnly: true},
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
