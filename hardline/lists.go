package hardline

import "strings"

// builtin is one built-in sensitive-path pattern and the systems it applies to.
type builtin struct {
	pattern string
	oses    string // space-separated GOOS values; "" = every system, "unix" = not windows
}

// builtinSensitive is the documented built-in list; the package
// documentation explains each group.
var builtinSensitive = []builtin{
	// SSH, GPG and general credentials.
	{"~/.ssh/**", ""},
	{"~/.gnupg/**", ""},
	{"~/.subversion/auth/**", ""}, // svn.simple holds passwords in clear
	{"~/.netrc", ""},
	{"~/_netrc", ""},
	{"~/.pgpass", ""},
	{"~/.my.cnf", ""},
	{"~/.git-credentials", ""},
	{"~/.config/git/credentials", ""},
	{"~/.password-store/**", ""},
	{"~/.vault-token", ""},
	// Plain-text logins of other tools: Emacs' auth-source (authinfo, or
	// its encrypted form), git's HTTP cookies, CVS's scrambled passwords,
	// CIFS mounts' credentials files, davfs2's secrets, Cloud Foundry's
	// token, and the X and ICE cookies that let whoever holds them read
	// and type into the user's display.
	{"~/.authinfo", ""}, {"~/.authinfo.gpg", ""}, {"~/.gitcookies", ""}, {"~/.cvspass", ""}, {"~/.smbcredentials", ""}, {"~/.smbcreds", ""}, {"~/.smbcred", ""}, {"~/.smb-credentials", ""},
	{"~/.davfs2/secrets", ""}, {"~/.cf/config.json", ""},
	{"~/.Xauthority", "unix"}, {"~/.ICEauthority", "unix"}, {"/run/user/*/gdm/Xauthority", "linux"},
	// Cloud and container credentials.
	{"~/.aws/**", ""},
	{"~/.azure/**", ""},
	{"~/.config/gcloud/**", ""},
	{"~/.kube/**", ""},
	{"~/.docker/config.json", ""},
	{"~/.dockercfg", ""}, // the older Docker clients' registry logins
	{"~/.oci/**", ""},
	{"~/.config/doctl/**", ""},
	{"~/.s3cfg", ""},
	{"~/.boto", ""},
	{"~/.config/rclone/rclone.conf", ""},
	{"~/.terraform.d/credentials.tfrc.json", ""},
	// Package registry and forge tokens.
	{"~/.npmrc", ""},
	{"~/.pypirc", ""},
	{"~/.gem/credentials", ""},
	{"~/.cargo/credentials", ""},
	{"~/.cargo/credentials.toml", ""},
	{"~/.m2/settings.xml", ""},
	{"~/.config/gh/hosts.yml", ""},
	{"~/.config/hub", ""},
	{"~/.config/glab-cli/config.yml", ""},
	{"~/.yarnrc", ""},
	{"~/.yarnrc.yml", ""},
	{"~/.config/pip/pip.conf", ""},
	{"~/.pip/pip.conf", ""},
	{"~/.gradle/gradle.properties", ""},
	{"~/.m2/settings-security.xml", ""},
	{"~/.ivy2/.credentials", ""},
	{"~/.composer/auth.json", ""},
	{"~/.config/composer/auth.json", ""},
	{"~/.terraformrc", ""},
	{"~/.config/helm/repositories.yaml", ""},
	// Developer services' tokens.
	{"~/.config/github-copilot/**", ""},
	{"~/.config/configstore/**", ""},
	{"~/.netlify/config.json", ""},
	{"~/.config/netlify/config.json", ""},
	{"~/.vercel/auth.json", ""},
	{"~/.local/share/com.vercel.cli/auth.json", "unix"},
	{"~/.fly/config.yml", ""},
	{"~/.supabase/access-token", ""},
	{"~/.railway/config.json", ""},
	{"~/.config/railway/config.json", ""},
	{"~/.codeium/config.json", ""},
	{"~/.config/goose/secrets.yaml", ""},
	{"~/.lastpass/**", ""},
	{"~/.local/share/lpass/**", ""},
	{"~/.config/lpass/**", ""},
	{"~/.wrangler/config/**", ""},
	{"~/.config/.wrangler/config/**", ""},
	{"~/.kaggle/kaggle.json", ""},
	{"~/.huggingface/token", ""},
	{"~/.cache/huggingface/token", ""},
	{"~/.pulumi/credentials.json", ""},
	{"~/.config/pulumi/credentials.json", ""},
	{"~/.config/heroku/credentials", ""},
	{"~/.config/vercel/auth.json", ""},
	{"~/.circleci/cli.yml", ""},
	{"~/.sentryclirc", ""},
	{"~/.config/sops/age/keys.txt", ""}, {"~/.config/age/**", ""}, {"~/.age/**", ""}, {"~/Library/Application Support/sops/age/keys.txt", "darwin"},
	// Data platforms, databases and mail clients that keep passwords or
	// tokens in a file.
	{"~/.mylogin.cnf", ""}, {"~/.databrickscfg", ""}, {"~/.snowsql/config", ""}, {"~/.config/snowflake/**", ""}, {"~/.clickhouse-client/config.xml", ""},
	{"~/.dbt/profiles.yml", ""}, {"~/.cassandra/cqlshrc", ""}, {"~/.msmtprc", ""}, {"~/.config/msmtp/config", ""},
	{"~/.fetchmailrc", ""}, {"~/.config/aerc/accounts.conf", ""}, {"~/.irssi/config", ""}, {"~/.weechat/sec.conf", ""},
	{"~/.config/weechat/sec.conf", ""}, {"~/.config/filezilla/**", ""}, {"~/.filezilla/**", ""}, {"~/.vnc/passwd", ""},
	{"~/.config/tigervnc/passwd", ""}, {"~/.local/share/remmina/**", ""}, {"~/.remmina/**", ""}, {"~/.sbt/.credentials", ""},
	{"~/.sbt/*/credentials.sbt", ""},
	// Tunnels, cloud and payment CLIs, and coding assistants' sign-ins.
	{"~/.ngrok2/ngrok.yml", ""}, {"~/.config/ngrok/ngrok.yml", ""}, {"~/Library/Application Support/ngrok/ngrok.yml", "darwin"},
	{"~/.wakatime.cfg", ""}, {"~/.config/stripe/config.toml", ""}, {"~/.twilio-cli/config.json", ""},
	{"~/.bluemix/config.json", ""}, {"~/.config/hcloud/cli.toml", ""}, {"~/.config/scaleway/config.yaml", ""},
	{"~/.railway/config.json", ""}, {"~/.config/linode-cli", ""}, {"~/.talos/config", ""}, {"~/.minikube/**/*.key", ""},
	{"~/.minikube/profiles/**/client.key", ""}, {"~/.claude/.credentials.json", ""}, {"~/.claude.json", ""},
	{"~/.codex/auth.json", ""}, {"~/.gemini/oauth_creds.json", ""}, {"~/.gemini/.env", ""}, {"~/.continue/config.json", ""},
	{"~/.continue/config.yaml", ""}, {"~/.aider.conf.yml", ""}, {"~/.config/Signal/config.json", ""},
	// Command-line AI clients' API keys.
	{"~/.sgptrc", ""}, {"~/.config/shell_gpt/.sgptrc", ""}, {"~/.config/aichat/config.yaml", ""}, {"~/.config/aichat/.env", ""},
	{"~/.config/openai/**", ""}, {"~/.config/anthropic/**", ""}, {"~/.config/mods/mods.yml", ""}, {"~/.config/fabric/.env", ""},
	{"~/.config/io.datasette.llm/keys.json", ""}, {"~/Library/Application Support/io.datasette.llm/keys.json", "darwin"},
	{"~/.local/share/opencode/auth.json", ""}, {"~/.config/gptme/config.toml", ""},
	// Hosting, cloud and forge CLIs whose configuration holds their keys
	// under a name that does not say so (credential-name catches the rest).
	{"~/.config/tea/config.yml", ""}, {"~/.config/Bitwarden CLI/**", ""}, {"~/Library/Application Support/Bitwarden CLI/**", "darwin"},
	{"~/.config/keybase/**", ""}, {"~/.local/share/keybase/**", ""}, {"~/.aliyun/config.json", ""}, {"~/.config/scw/config.yaml", ""},
	{"~/.linode-cli", ""}, {"~/.ovh.conf", ""}, {"~/.config/exoscale/**", ""}, {"~/.vultr-cli.yaml", ""}, {"~/.config/vultr-cli.yaml", ""},
	{"~/.civo.json", ""}, {"~/.config/civo.json", ""}, {"~/.config/ionosctl/**", ""}, {"~/.upcloud.yaml", ""}, {"~/.config/upctl.yaml", ""},
	{"~/.ibmcloud/config.json", ""}, {"~/.sfdx/**", ""}, {"~/.sf/**", ""}, {"~/.jira.d/config.yml", ""}, {"~/.config/.jira/.config.yml", ""},
	{"~/.config/gitlab-runner/config.toml", ""}, {"~/.gitlab-runner/config.toml", ""}, {"/etc/gitlab-runner/config.toml", "unix"},
	{"~/.buildkite-agent/buildkite-agent.cfg", ""}, {"/etc/buildkite-agent/buildkite-agent.cfg", "unix"}, {"~/.config/argocd/config", ""},
	{"~/.tsh/keys/**", ""}, {"~/.config/flyctl/config.yml", ""}, {"~/.snowflake/**", ""}, {"~/.travis/config.yml", ""},
	{"~/.turso/settings.json", ""}, {"~/.config/turso/settings.json", ""}, {"~/.render/cli.yaml", ""}, {"~/.config/planetscale/**", ""},
	{"~/.infisical/**", ""}, {"~/.doppler/**", ""}, {"~/.config/fastly/config.toml", ""}, {"~/.expo/state.json", ""},
	{"~/.config/gspread/**", ""}, {"~/.cloudflared/**", ""}, {"~/.config/NuGet/NuGet.Config", ""}, {"~/.nuget/NuGet/NuGet.Config", ""},
	{"~/.local/share/TelegramDesktop/tdata/**", ""}, {"~/.mbsyncrc", ""}, {"~/.config/isync/mbsyncrc", ""}, {"~/.muttrc", ""},
	{"~/.mutt/muttrc", ""}, {"~/.config/mutt/muttrc", ""}, {"~/.config/hexchat/servlist.conf", ""}, {"~/.znc/configs/znc.conf", ""},
	{"~/.pki/nssdb/**", ""}, {"~/.local/share/kwalletd/**", ""}, {"~/.config/remmina/**", ""}, {"~/.lftp/bookmarks", ""},
	{"~/.local/share/lftp/bookmarks", ""}, {"~/.config/transmission/settings.json", ""}, {"~/.config/transmission-daemon/settings.json", ""},
	{"~/.chef/**", ""}, {"~/.lnd/**/*.macaroon", ""}, {"~/.tccli/**", ""},
	// Object stores', chat and mail clients', VPNs' and wallets' files that
	// hold keys or passwords in clear.
	{"~/.mc/config.json", ""}, {"~/.mcli/config.json", ""}, {"~/.config/doppler/**", ""}, {"~/.purple/accounts.xml", ""},
	{"~/.offlineimaprc", ""}, {"~/.config/offlineimap/config", ""}, {"~/.near-credentials/**", ""}, {"~/.sui/sui_config/sui.keystore", ""},
	{"~/.aptos/config.yaml", ""}, {"~/.foundry/keystores/**", ""}, {"~/.wireguard/**", ""}, {"~/.config/wireguard/**", ""}, {"~/.sbt/credentials", ""},
	{"~/.config/hut/config", ""}, {"~/.config/rbw/**", ""}, {"~/.local/share/rbw/**", ""},
	// Virtual machines' SSH keys (Lima's, Colima's), R's environment file
	// (GITHUB_PAT and API keys), Nix's access tokens and Cachix's, Bun's
	// registry tokens, Twilio's keys.
	{"~/.lima/_config/user", "unix"}, {"~/.colima/_lima/_config/user", "unix"}, {"~/.Renviron", ""}, {"~/.config/nix/nix.conf", "unix"},
	{"~/.config/cachix/cachix.dhall", ""}, {"~/.bunfig.toml", ""}, {"~/.config/twilio-cli/config.json", ""},
	// MCP server configurations, which hold the servers' API keys.
	{"~/.cursor/mcp.json", ""}, {"~/.codeium/windsurf/mcp_config.json", ""}, {"~/.config/Claude/claude_desktop_config.json", ""},
	{"~/Library/Application Support/Claude/claude_desktop_config.json", "darwin"},
	// Package and registry credentials kept by other tools.
	{"~/.bundle/config", ""}, {"~/.config/pypoetry/auth.toml", ""}, {"~/Library/Application Support/pypoetry/auth.toml", "darwin"},
	{"~/.local/share/python_keyring/**", ""}, {"~/.jfrog/**", ""}, {"~/.config/containers/auth.json", ""},
	{"~/.local/share/containers/auth.json", ""},
	{"/run/user/*/containers/auth.json", "linux"}, {"~/.ollama/id_*", ""},
	{"~/.config/JetBrains/**/c.kdbx", ""}, {"~/.config/JetBrains/**/c.pwd", ""},
	{"~/.config/Postman/**", ""}, {"~/.config/Insomnia/**", ""},
	// Keyrings and password managers.
	{"~/.local/share/keyrings/**", "unix"},
	{"~/.config/op/**", ""},
	{"~/.config/Bitwarden/**", "unix"},
	{"~/Library/Application Support/Bitwarden/**", "darwin"},
	{"~/AppData/Roaming/Bitwarden/**", "windows"},
	{"~/Library/Keychains/**", "darwin"},
	{"/Library/Keychains/**", "darwin"},
	// Browser and mail profiles.
	{"~/.mozilla/**", "unix"},
	{"~/snap/firefox/common/.mozilla/**", "linux"},
	{"~/snap/chromium/common/chromium/**", "linux"},
	{"~/snap/thunderbird/common/.thunderbird/**", "linux"},
	// Flatpak keeps each application's profile under ~/.var/app/ID.
	{"~/.var/app/*/.mozilla/**", "linux"},
	{"~/.var/app/*/.thunderbird/**", "linux"},
	{"~/.var/app/*/config/google-chrome/**", "linux"},
	{"~/.var/app/*/config/chromium/**", "linux"},
	{"~/.var/app/*/config/BraveSoftware/**", "linux"},
	{"~/.var/app/*/config/microsoft-edge/**", "linux"},
	{"~/.var/app/*/config/Slack/**", "linux"},
	{"~/.var/app/*/config/discord/**", "linux"},
	{"~/.var/app/*/data/keyrings/**", "linux"},
	{"~/.config/vivaldi/**", "unix"},
	{"~/.config/opera/**", "unix"},
	{"~/Library/Application Support/Vivaldi/**", "darwin"},
	{"~/Library/Application Support/Arc/**", "darwin"},
	{"~/Library/Application Support/com.operasoftware.Opera/**", "darwin"},
	// Editors' stores of extensions' tokens (VS Code and its forks keep
	// sign-ins in state.vscdb where no keyring is found).
	{"~/.config/Code/User/globalStorage/**", "unix"},
	{"~/.config/Code - Insiders/User/globalStorage/**", "unix"},
	{"~/.config/VSCodium/User/globalStorage/**", "unix"},
	{"~/.config/Cursor/User/globalStorage/**", "unix"},
	{"~/Library/Application Support/Code/User/globalStorage/**", "darwin"},
	{"~/Library/Application Support/Cursor/User/globalStorage/**", "darwin"},
	{"~/AppData/Roaming/Code/User/globalStorage/**", "windows"},
	{"~/AppData/Roaming/Cursor/User/globalStorage/**", "windows"},
	// The same, kept by the servers of remote editing sessions.
	{"~/.vscode-server/data/User/globalStorage/**", ""},
	{"~/.vscode-server-insiders/data/User/globalStorage/**", ""},
	{"~/.cursor-server/data/User/globalStorage/**", ""},
	{"~/.windsurf-server/data/User/globalStorage/**", ""},
	{"~/.thunderbird/**", "unix"},
	{"~/.config/google-chrome/**", "unix"},
	{"~/.config/chromium/**", "unix"},
	{"~/.config/BraveSoftware/**", "unix"},
	{"~/.config/microsoft-edge/**", "unix"},
	{"~/Library/Application Support/Google/Chrome/**", "darwin"},
	{"~/Library/Application Support/Firefox/**", "darwin"},
	{"~/Library/Application Support/BraveSoftware/**", "darwin"},
	{"~/Library/Application Support/Microsoft Edge/**", "darwin"},
	{"~/Library/Safari/**", "darwin"},
	{"~/Library/Cookies/**", "darwin"},
	{"~/Library/Messages/**", "darwin"},
	{"~/Library/Mail/**", "darwin"},
	{"~/Library/Application Support/com.apple.TCC/**", "darwin"},
	// Chat clients' sessions (cookies and tokens in their local storage).
	{"~/.config/Slack/**", "unix"},
	{"~/.config/discord/**", "unix"},
	{"~/Library/Application Support/Slack/**", "darwin"},
	{"~/Library/Application Support/discord/**", "darwin"},
	{"~/AppData/Roaming/Slack/**", "windows"},
	{"~/AppData/Roaming/discord/**", "windows"},
	// Wallets: their keys spend money.
	{"~/.electrum/**", "unix"},
	{"~/.bitcoin/wallet.dat", "unix"},
	{"~/.bitcoin/wallets/**", "unix"},
	{"~/.ethereum/keystore/**", "unix"},
	{"~/.config/solana/id.json", ""},
	{"~/.config/Exodus/**", "unix"},
	{"~/Library/Application Support/Bitcoin/wallets/**", "darwin"},
	{"~/Library/Application Support/Bitcoin/wallet.dat", "darwin"},
	{"~/Library/Ethereum/keystore/**", "darwin"},
	{"~/Library/Application Support/Exodus/**", "darwin"},
	{"~/AppData/Roaming/Bitcoin/wallets/**", "windows"},
	{"~/AppData/Roaming/Bitcoin/wallet.dat", "windows"},
	{"~/AppData/Roaming/Ethereum/keystore/**", "windows"},
	{"~/AppData/Roaming/Electrum/**", "windows"},
	{"~/AppData/Roaming/Exodus/**", "windows"},
	// Developer tools' keys.
	{"~/.nuget/NuGet/NuGet.Config", ""},
	{"~/AppData/Roaming/NuGet/NuGet.Config", "windows"},
	{"~/.android/adbkey", ""},
	{"~/.keystore", ""}, // keytool's default keystore
	// Shell and REPL history.
	{"~/.bash_history", ""},
	{"~/.zsh_history", ""},
	{"~/.zhistory", ""},
	{"~/.sh_history", ""},
	{"~/.history", ""},
	{"~/.local/share/fish/fish_history", ""},
	{"~/.local/share/zsh/history", ""},
	{"~/.config/zsh/.zsh_history", ""},
	{"~/.local/share/atuin/history.db", ""},
	{"~/.ipython/profile_*/history.sqlite", ""},
	{"~/.irb_history", ""},
	{"~/.python_history", ""},
	{"~/.node_repl_history", ""},
	{"~/.psql_history", ""},
	{"~/.mysql_history", ""},
	{"~/.sqlite_history", ""},
	{"~/.rediscli_history", ""},
	{"~/.mongosh/**", ""},
	{"~/.dbshell", ""},
	{"~/.irb_history", ""},
	{"~/.pry_history", ""},
	{"~/.julia/logs/repl_history.jl", ""},
	{"~/.local/share/nvim/shada/**", ""},
	{"~/.viminfo", ""},
	{"~/.local/share/atuin/**", ""},
	{"~/.config/atuin/key", ""},
	// System secrets.
	{"/etc/shadow", "unix"},
	{"/etc/shadow-", "unix"},
	{"/etc/gshadow", "unix"},
	{"/etc/gshadow-", "unix"},
	{"/etc/sudoers", "unix"},
	{"/etc/sudoers.d/**", "unix"},
	{"/etc/security/opasswd", "linux"},
	{"/etc/master.passwd", "darwin freebsd openbsd netbsd"},
	{"/private/etc/master.passwd", "darwin"},
	{"/private/etc/sudoers", "darwin"},
	{"/private/etc/sudoers.d/**", "darwin"},
	{"/private/var/db/dslocal/**", "darwin"},
	{"/etc/ssh/ssh_host_*_key", "unix"},
	{"/etc/krb5.keytab", "unix"},
	{"/proc/*/environ", "linux"},
	{"/proc/*/mem", "linux"},
	{"/proc/*/task/*/environ", "linux"},
	{"/proc/*/task/*/mem", "linux"},
	// Cluster, TLS, network and Kerberos credentials of the machine.
	{"/etc/kubernetes/*.conf", "linux"},
	{"/etc/kubernetes/pki/**", "linux"},
	{"/etc/rancher/k3s/k3s.yaml", "linux"},
	{"/var/lib/rancher/k3s/server/token", "linux"},
	{"/var/lib/rancher/k3s/server/tls/**", "linux"},
	{"/var/lib/kubelet/pki/**", "linux"},
	{"/etc/letsencrypt/live/**/privkey*.pem", "unix"},
	{"/etc/letsencrypt/archive/**/privkey*.pem", "unix"},
	{"/etc/letsencrypt/accounts/**", "unix"},
	{"/etc/ssl/private/**", "unix"},
	{"/etc/pki/tls/private/**", "linux"},
	{"/etc/NetworkManager/system-connections/**", "linux"}, {"/var/lib/iwd/**", "linux"}, {"/etc/iwd/**", "linux"},
	{"/etc/wpa_supplicant/*.conf", "linux"},
	{"/tmp/krb5cc_*", "unix"},
	{"/etc/wireguard/**", "linux"},
	{"/var/lib/tailscale/**", "linux"},
	{"/var/lib/docker/volumes/**", "linux"},
	{"/run/secrets/**", "linux"},
	{"/var/run/secrets/**", "linux"},
	{"/etc/shadow-", "linux"}, {"/etc/gshadow-", "linux"}, {"/var/backups/shadow.bak", "linux"}, {"/var/backups/gshadow.bak", "linux"},
	// Copies beside them (shadow.bak, shadow.orig, shadow.dpkg-old, shadow~);
	// /etc/shadowsocks is another program's.
	{"/etc/shadow.*", "unix"}, {"/etc/shadow~", "unix"}, {"/etc/gshadow.*", "unix"}, {"/etc/gshadow~", "unix"},
	{"/var/lib/kubelet/kubeconfig", "linux"}, {"/var/lib/kubelet/bootstrap-kubeconfig", "linux"},
	// What provisioning gave the machine: cloud-init's user data and
	// Azure's provisioning file carry passwords and tokens, its *.prv keys.
	{"/var/lib/cloud/instance/user-data.txt*", "linux"}, {"/var/lib/cloud/instances/*/user-data.txt*", "linux"},
	{"/var/lib/waagent/ovf-env.xml", "linux"}, {"/var/lib/waagent/*.prv", "linux"},
	{"/var/lib/NetworkManager/secret_key", "linux"},
	// Erlang's cluster cookie (RabbitMQ, CouchDB): whoever has it runs code
	// on every node of the cluster.
	{"~/.erlang.cookie", ""}, {"/var/lib/rabbitmq/.erlang.cookie", "unix"}, {"/etc/rabbitmq/.erlang.cookie", "unix"},
	{"/var/lib/etcd/**", "linux"}, {"/var/lib/docker/containers/*/config.v2.json", "linux"},
	// VPN, directory, mail and service credentials kept by the system.
	{"/etc/ipsec.secrets", "unix"}, {"/etc/ipsec.d/private/**", "unix"}, {"/etc/swanctl/private/**", "unix"},
	{"/etc/openvpn/**/*.key", "unix"}, {"/etc/openvpn/**/*pass*", "unix"}, {"/etc/ppp/chap-secrets", "unix"}, {"/etc/ppp/pap-secrets", "unix"},
	{"/etc/samba/smbpasswd", "unix"}, {"/var/lib/samba/private/**", "unix"}, {"/var/lib/sss/db/**", "linux"}, {"/var/lib/sss/secrets/**", "linux"},
	{"/etc/ldap.secret", "unix"}, {"/etc/libnss-ldap.secret", "unix"}, {"/etc/pam_ldap.secret", "unix"},
	{"/etc/postfix/sasl_passwd*", "unix"}, {"/etc/exim4/passwd.client", "unix"}, {"/etc/davfs2/secrets", "unix"}, {"/etc/netplan/**", "linux"},
	{"/etc/mysql/debian.cnf", "unix"}, {"/var/lib/postgresql/.pgpass", "unix"}, {"/etc/grafana/grafana.ini", "unix"},
	{"/var/lib/jenkins/secrets/**", "unix"}, {"/var/lib/jenkins/credentials.xml", "unix"}, {"/var/jenkins_home/secrets/**", "unix"},
	{"/etc/gitlab/gitlab-secrets.json", "unix"}, {"/etc/gitlab/initial_root_password", "unix"},
	{"/etc/vault.d/**", "unix"}, {"/etc/consul.d/**", "unix"}, {"/etc/nomad.d/**", "unix"},
	// The Docker daemon's identity key and its registries' client keys;
	// CIFS credentials files kept with Samba's configuration.
	{"/etc/docker/key.json", "linux"}, {"/etc/docker/certs.d/**/*.key", "linux"}, {"/etc/samba/*cred*", "unix"},
	// Windows credential stores, registry hives and profiles.
	{"?:/Windows/System32/config/**", "windows"},
	{"?:/Windows/repair/**", "windows"},
	// The domain's account database, and answer files that hold the
	// administrator's password.
	{"?:/Windows/NTDS/**", "windows"},
	{"?:/Windows/Panther/[Uu]nattend*.xml", "windows"}, {"?:/Windows/Panther/[Uu]nattend/**", "windows"},
	{"?:/Windows/System32/[Ss]ysprep/[Uu]nattend.xml", "windows"},
	{"~/AppData/Roaming/FileZilla/**", "windows"}, {"~/AppData/Roaming/WinSCP.ini", "windows"},
	{"~/AppData/Roaming/Microsoft/Credentials/**", "windows"},
	{"~/AppData/Local/Microsoft/Credentials/**", "windows"},
	{"~/AppData/Roaming/Microsoft/Protect/**", "windows"},
	{"~/AppData/Local/Microsoft/Vault/**", "windows"},
	{"~/AppData/Roaming/Microsoft/Windows/PowerShell/PSReadLine/ConsoleHost_history.txt", "windows"},
	{"~/AppData/Local/Google/Chrome/User Data/**", "windows"},
	{"~/AppData/Local/Microsoft/Edge/User Data/**", "windows"},
	{"~/AppData/Local/BraveSoftware/**", "windows"},
	{"~/AppData/Roaming/Mozilla/**", "windows"},
	{"~/AppData/Roaming/gcloud/**", "windows"},
	{"~/AppData/Roaming/GitHub CLI/hosts.yml", "windows"},
	{"~/AppData/Roaming/npm/etc/npmrc", "windows"},
}

// BuiltinSensitivePaths returns the built-in sensitive-path patterns for goos
// ("" means the patterns of every system). Patterns are doublestar globs;
// "~/" is the home folder and "?:" any Windows drive. A "dir/**" pattern also
// matches the folder itself. The package documentation explains each group.
func BuiltinSensitivePaths(goos string) []string {
	out := make([]string, 0, len(builtinSensitive))
	for _, b := range builtinSensitive {
		if goos == "" || appliesTo(b.oses, goos) {
			out = append(out, b.pattern)
		}
	}
	return out
}

func appliesTo(oses, goos string) bool {
	switch oses {
	case "":
		return true
	case "unix":
		return goos != "windows"
	}
	for _, o := range strings.Fields(oses) {
		if o == goos {
			return true
		}
	}
	return false
}

// protectedWrite lists files and trees that no shell command may write,
// truncate, delete or replace (rule "protected-write"): account databases,
// privilege configuration, boot and kernel interfaces.
var protectedWrite = []string{
	"/etc/passwd", "/etc/passwd-", "/etc/shadow", "/etc/shadow-", "/etc/group", "/etc/group-",
	"/etc/gshadow", "/etc/gshadow-", "/etc/sudoers", "/etc/sudoers.d/**", "/etc/fstab",
	"/etc/crypttab", "/etc/ld.so.preload", "/etc/ld.so.conf", "/etc/ld.so.conf.d/**",
	"/etc/pam.d/**", "/etc/security/**", "/etc/ssh/sshd_config", "/etc/ssh/sshd_config.d/**",
	"/etc/profile", "/etc/profile.d/**", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshenv",
	"/etc/zsh/**", "/etc/environment", "/etc/crontab", "/etc/cron.d/**", "/etc/cron.hourly/**",
	"/etc/cron.daily/**", "/etc/cron.weekly/**", "/etc/cron.monthly/**", "/var/spool/cron/**",
	"/etc/rc.local", "/etc/init.d/**", "/etc/systemd/system/**", "/etc/master.passwd",
	"/private/etc/**", "/boot/**", "/efi/**", "/dev/mem", "/dev/kmem", "/dev/port",
	"/proc/sys/**", "/proc/sysrq-trigger", "/sys/**", "/Library/LaunchDaemons/**",
	"/Library/LaunchAgents/**", "/System/**", "?:/Windows/**",
	// Files the system runs commands from by itself, as root or as every
	// user, as it runs /etc/profile.d's: fish's system configuration;
	// anacron's table; systemd's units and configuration wherever the
	// system and user managers look (/etc/systemd/user, /lib/systemd,
	// /usr/lib/systemd); polkit's rules (JavaScript that grants
	// privileges); sudo's plugin list; APT's hooks (APT::Update::Pre-Invoke
	// runs as root); udev's rules (RUN+=); logrotate's postrotate scripts;
	// the kernel's install hooks; the skeleton copied into every new
	// home; the desktop's system autostart; bash-completion's files,
	// sourced by every interactive bash; the message-of-the-day scripts,
	// run as root at each login; NetworkManager's dispatcher scripts and
	// dhclient's hooks, run as root on network changes; modprobe's
	// install lines; the X session scripts. See docs/security-model.md,
	// Hardline.
	"/etc/fish/**", "/etc/anacrontab", "/etc/systemd/**", "/lib/systemd/**", "/usr/lib/systemd/**", "/usr/local/lib/systemd/**",
	"/etc/polkit-1/**", "/usr/share/polkit-1/rules.d/**", "/etc/sudo.conf", "/etc/apt/apt.conf", "/etc/apt/apt.conf.d/**",
	"/etc/udev/rules.d/**", "/lib/udev/rules.d/**", "/usr/lib/udev/rules.d/**", "/etc/logrotate.conf", "/etc/logrotate.d/**",
	"/etc/kernel/**", "/etc/skel/**", "/etc/xdg/autostart/**", "/etc/bash_completion", "/etc/bash_completion.d/**",
	"/usr/share/bash-completion/**", "/etc/update-motd.d/**", "/etc/NetworkManager/dispatcher.d/**",
	"/etc/dhcp/dhclient-enter-hooks.d/**", "/etc/dhcp/dhclient-exit-hooks.d/**", "/etc/modprobe.d/**",
	"/etc/X11/Xsession", "/etc/X11/Xsession.d/**", "/etc/X11/xinit/**",
}

// startupFiles are per-user files that run code at login or shell start
// (rule "startup-file-write"): writing them is persistence.
var startupFiles = []string{
	"~/.bashrc", "~/.bash_profile", "~/.bash_login", "~/.bash_logout", "~/.profile",
	"~/.zshrc", "~/.zshenv", "~/.zprofile", "~/.zlogin", "~/.zlogout", "~/.kshrc", "~/.mkshrc",
	"~/.cshrc", "~/.tcshrc", "~/.login", "~/.xprofile", "~/.xinitrc", "~/.xsessionrc",
	"~/.pam_environment", "~/.config/fish/config.fish", "~/.config/fish/conf.d/**",
	"~/.xsession",
	// Read by the usual startup files: Debian's and Ubuntu's .bashrc
	// sources .bash_aliases, Fedora's sources ~/.bashrc.d; fish autoloads
	// its functions; pwsh reads its profiles.
	"~/.bash_aliases", "~/.bashrc.d/**", "~/.config/fish/functions/**", "~/.config/powershell/**",
	// Shell frameworks and plugin managers, whose files the startup files
	// source at every start (oh-my-zsh's oh-my-zsh.sh and custom folder,
	// prezto's init.zsh, ...), and direnv's own library, sourced by its
	// shell hook.
	"~/.oh-my-zsh/**", "~/.oh-my-bash/**", "~/.bash_it/**", "~/.zprezto/**", "~/.zinit/**",
	"~/.local/share/zinit/**", "~/.zplug/**", "~/.antigen/**", "~/.zim/**", "~/.local/share/omf/**",
	"~/.config/omf/**", "~/.direnvrc", "~/.config/direnv/direnvrc", "~/.config/direnv/lib/**",
	// Python runs a user site's .pth import lines and usercustomize at
	// every start.
	"~/.local/lib/python*/site-packages/*.pth", "~/.local/lib/python*/site-packages/usercustomize.py",
	"~/.local/lib/python*/site-packages/sitecustomize.py", "~/Library/Python/*/lib/python/site-packages/*.pth",
	"~/.config/autostart/**", "~/.config/systemd/user/**", "~/.config/environment.d/**",
	// Desktop sessions' own start and environment scripts, and window
	// managers' configurations, whose exec lines run at login.
	"~/.config/autostart-scripts/**", "~/.config/plasma-workspace/env/**", "~/.config/plasma-workspace/shutdown/**",
	"~/.kde/Autostart/**", "~/.kde4/Autostart/**", "~/.config/lxsession/*/autostart", "~/.config/openbox/autostart",
	"~/.config/i3/config", "~/.i3/config", "~/.config/sway/config", "~/.config/hypr/hyprland.conf",
	// Programs' own startup files, which run commands whenever the program
	// starts: git's configuration (core.pager, core.fsmonitor, aliases,
	// hooks), editors', multiplexers', debuggers' and REPLs' rc files,
	// IPython's startup folder, lesskey (its #env may set LESSOPEN),
	// Gradle's init scripts, cargo's configuration (runners, wrappers).
	"~/.gitconfig", "~/.config/git/config", "~/.hgrc", "~/.config/hg/hgrc",
	"~/.vimrc", "~/.gvimrc", "~/.exrc", "~/.vim/**", "~/.config/nvim/**", "~/.local/share/nvim/site/**",
	"~/.emacs", "~/.emacs.el", "~/.emacs.d/init.el", "~/.emacs.d/early-init.el", "~/.config/emacs/init.el", "~/.config/emacs/early-init.el",
	"~/.tmux.conf", "~/.config/tmux/tmux.conf", "~/.screenrc", "~/.config/screen/screenrc",
	"~/.gdbinit", "~/.config/gdb/gdbinit", "~/.lldbinit",
	"~/.ipython/profile_*/startup/**", "~/.ipython/profile_*/ipython_config.py", "~/.jupyter/jupyter_*_config.py",
	"~/.irbrc", "~/.pryrc", "~/.Rprofile", "~/.julia/config/startup.jl", "~/.mongoshrc.js", "~/.psqlrc", "~/.sqliterc",
	"~/.octaverc", "~/.ghci", "~/.sbclrc", "~/.guile", "~/.perldb",
	"~/.lesskey", "~/.less", "~/.config/lesskey",
	"~/.gradle/init.gradle", "~/.gradle/init.gradle.kts", "~/.gradle/init.d/**",
	"~/.cargo/config", "~/.cargo/config.toml",
	// Editors' extensions and user settings and tasks, terminals' and
	// prompts' configurations (a shell to start, a session, Lua, a
	// starship custom command run at every prompt), readline's key
	// macros, mailcap's and desktop entries' commands and the handlers
	// that open files with them, and curl's and wget's options read by
	// every later run (a proxy, an output, an upload).
	"~/.vscode/extensions/**", "~/.vscode-server/extensions/**", "~/.vscode-insiders/extensions/**", "~/.cursor/extensions/**",
	"~/.windsurf/extensions/**", "~/.config/Code/User/settings.json", "~/.config/Code/User/tasks.json",
	"~/Library/Application Support/Code/User/settings.json", "~/Library/Application Support/Code/User/tasks.json",
	"~/.config/kitty/**", "~/.config/alacritty/**", "~/.alacritty.toml", "~/.alacritty.yml", "~/.wezterm.lua", "~/.config/wezterm/**",
	"~/.config/ghostty/**", "~/.config/foot/**", "~/.config/starship.toml",
	"~/.inputrc", "~/.mailcap", "~/.local/share/applications/**", "~/.config/mimeapps.list",
	"~/.curlrc", "~/.config/curlrc", "~/.wgetrc", "~/.config/wgetrc",
	"~/Library/LaunchAgents/**", "~/Documents/PowerShell/**", "~/Documents/WindowsPowerShell/**",
	"~/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/**",
	// Files the usual startup files source that toolchain installers add
	// to them (rustup's ~/.cargo/env, uv's and pipx's ~/.local/bin/env,
	// nvm, sdkman, ghcup, fzf), bash-completion's user files, loaded at
	// every start, systemd's other user unit folder, less's filter, and
	// nushell's, Maven's and pdb's startup files.
	"~/.cargo/env", "~/.cargo/env.fish", "~/.local/bin/env", "~/.local/bin/env.fish", "~/.nvm/nvm.sh", "~/.nvm/bash_completion",
	"~/.sdkman/bin/sdkman-init.sh", "~/.ghcup/env", "~/.fzf.bash", "~/.fzf.zsh", "~/.bash_completion",
	"~/.local/share/bash-completion/**", "~/.local/share/systemd/user/**", "~/.lessfilter", "~/.mavenrc", "~/.m2/mavenrc",
	"~/.pdbrc", "~/.pdbrc.py", "~/.config/nushell/**", "~/.rvm/scripts/rvm", "~/.asdf/asdf.sh", "~/.config/zsh/**",
	// Window managers' and compositors' start scripts and configurations,
	// which start programs at login and bind keys to commands (labwc's
	// autostart, river's init, qtile's and awesome's code, bspwm's
	// bspwmrc, herbstluftwm's autostart, xmonad's Haskell, niri's
	// spawn-at-startup, sxhkd's key bindings), and the session scripts
	// of Xfce and GNOME on X.
	"~/.config/labwc/**", "~/.config/river/**", "~/.config/qtile/**", "~/.config/awesome/**", "~/.config/bspwm/**",
	"~/.config/herbstluftwm/**", "~/.xmonad/**", "~/.config/xmonad/**", "~/.config/niri/**", "~/.config/sxhkd/**",
	"~/.config/i3/**", "~/.config/sway/**", "~/.config/hypr/**", "~/.config/openbox/**", "~/.config/xfce4/xinitrc",
	"~/.gnomerc", "~/.Xclients",
	// fish's completions, loaded as its functions are; deno's env file,
	// sourced as ~/.cargo/env is; GNOME Shell's extensions, run in the
	// shell at every login; sbt's global build files and plugins, loaded
	// by every build; D-Bus services, whose Exec runs when a program asks
	// for their name.
	"~/.config/fish/completions/**", "~/.deno/env", "~/.deno/env.fish", "~/.local/share/gnome-shell/extensions/**",
	"~/.sbt/*/*.sbt", "~/.sbt/*/plugins/**", "~/.local/share/dbus-1/services/**",
}

// startupFirst holds the first name below the home of every startupFiles
// pattern, lower-cased, and startupAny says one of them is a pattern
// itself: dynamicStartup's quick test.
var startupFirst, startupAny = func() (map[string]bool, bool) {
	m, any := map[string]bool{}, false
	for _, p := range startupFiles {
		first, _, _ := strings.Cut(strings.TrimPrefix(p, "~/"), "/")
		m[asciiLower(first)] = true
		any = any || strings.ContainsAny(first, "*?[{\\")
	}
	return m, any
}()

// systemDirs are folders whose recursive deletion, move, chmod or chown is
// blocked. "?:" is any Windows drive.
var systemDirs = []string{
	"/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32",
	"/lost+found", "/media", "/mnt", "/opt", "/proc", "/root", "/run", "/sbin", "/snap",
	"/srv", "/sys", "/tmp", "/usr", "/usr/bin", "/usr/include", "/usr/lib", "/usr/lib32",
	"/usr/lib64", "/usr/libexec", "/usr/local", "/usr/local/bin", "/usr/local/lib",
	"/usr/sbin", "/usr/share", "/usr/src", "/var", "/var/cache", "/var/lib", "/var/log",
	"/var/mail", "/var/spool", "/var/tmp", "/var/www", "/var/db", "/var/backups", "/var/opt",
	"/nix", "/nix/store",
	"/Applications", "/Library", "/System", "/Users", "/Volumes", "/cores", "/private",
	"/private/etc", "/private/tmp", "/private/var", "/private/var/db",
	"?:/", "?:/Windows", "?:/Windows/System32", "?:/Program Files", "?:/Program Files (x86)",
	"?:/ProgramData", "?:/Users", "?:/Users/Public",
	// Windows drives as WSL mounts them.
	"/mnt/?", "/mnt/?/Windows", "/mnt/?/Windows/System32", "/mnt/?/Program Files", "/mnt/?/Program Files (x86)",
	"/mnt/?/ProgramData", "/mnt/?/Users", "/mnt/?/Users/*",
}

// systemTrees are folders in which any recursive deletion, move, chmod or
// chown is blocked, however deep.
var systemTrees = []string{
	"/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc",
	"/sbin", "/sys", "/usr", "/System", "/private/etc", "/nix/store", "?:/Windows",
	"?:/Program Files", "?:/Program Files (x86)", "/mnt/?/Windows", "/mnt/?/Program Files", "/mnt/?/Program Files (x86)",
}

// diskDevices are block devices and raw memory (rules "disk-write",
// "dd-device", "mkfs", "wipe-device", "partition-tool").
var diskDevices = []string{
	"/dev/sd*", "/dev/hd*", "/dev/vd*", "/dev/xvd*", "/dev/nvme*", "/dev/mmcblk*",
	"/dev/disk*", "/dev/rdisk*", "/dev/loop*", "/dev/dm-*", "/dev/md*", "/dev/mapper/*",
	"/dev/sr*", "/dev/fd[0-9]*", "/dev/zram*", "/dev/ram*", "/dev/nbd*", "/dev/mtd*",
	"/dev/ubi*", "/dev/root", "/dev/disk/**", "/dev/block/**", "/dev/bcache*", "/dev/rbd*",
	"/dev/ad*", "/dev/da*", "/dev/wd*", "//./physicaldrive*", "//?/physicaldrive*",
	// SCSI and NVMe generic devices reach the same disks (sg_dd of=/dev/sg0),
	// tapes, ZFS volumes, persistent memory, DRBD, RAID controllers' disks.
	"/dev/sg[0-9]*", "/dev/bsg/**", "/dev/ng[0-9]*", "/dev/st[0-9]*", "/dev/nst[0-9]*", "/dev/zd[0-9]*", "/dev/zvol/**",
	"/dev/pmem*", "/dev/drbd*", "/dev/cciss/**", "/dev/ublkb*", "/dev/etherd/**",
	"//./[a-zA-Z]:", "/dev/mem", "/dev/kmem", "/dev/port", "/proc/kcore",
	// Windows' volumes and partitions by their device names (the Win32
	// device namespace, and the NT object names GLOBALROOT reaches).
	"//?/[a-zA-Z]:", "//./harddiskvolume*", "//?/harddiskvolume*", "//./harddisk*partition*", "//?/harddisk*partition*",
	"//./volume{*}", "//?/volume{*}", "//./globalroot/device/**", "//?/globalroot/device/**", "//./cdrom*", "//./tape*",
}

// charDevices are the paths under /dev that are no block device: character
// devices (terminals, sound, input, GPUs, serial lines, the kernel's log),
// the memory file systems mounted there and bash's sockets. A write to one
// that harmlessDevices and protectedWrite do not name asks, as a write
// outside the roots does; any other path under /dev is read as a block
// device (see docs/security-model.md, Hardline): LVM's /dev/VG/LV, a
// multipath or a driver's own folder are disks, and a name the list does
// not know is taken as one, the stricter reading.
var charDevices = []string{
	"/dev/shm", "/dev/shm/**", "/dev/mqueue/**", "/dev/hugepages/**", "/dev/pts", "/dev/pts/**",
	"/dev/tcp/**", "/dev/udp/**", "/dev/kmsg", "/dev/log", "/dev/klog", "/dev/xconsole", "/dev/initctl",
	"/dev/pty*", "/dev/cu.*", "/dev/ttyprintk", "/dev/vcs*", "/dev/serial/**", "/dev/lp[0-9]*", "/dev/parport*",
	"/dev/snd/**", "/dev/dsp*", "/dev/audio*", "/dev/mixer*", "/dev/sequencer*", "/dev/midi*", "/dev/sndstat",
	"/dev/input/**", "/dev/uinput", "/dev/uhid", "/dev/hidraw*", "/dev/mice", "/dev/mouse*", "/dev/psaux",
	"/dev/usb/**", "/dev/bus/**", "/dev/ugen*", "/dev/dri/**", "/dev/fb[0-9]*", "/dev/video*", "/dev/media*",
	"/dev/v4l/**", "/dev/v4l-*", "/dev/nvidia*", "/dev/kfd", "/dev/accel/**", "/dev/infiniband/**", "/dev/vfio/**",
	"/dev/net/**", "/dev/tun", "/dev/tap*", "/dev/ppp", "/dev/vhost-*", "/dev/vsock", "/dev/kvm", "/dev/fuse",
	"/dev/cuse", "/dev/rtc*", "/dev/hpet", "/dev/watchdog*", "/dev/hwrng", "/dev/rfkill", "/dev/uleds",
	"/dev/i2c-*", "/dev/spidev*", "/dev/gpiochip*", "/dev/ptp*", "/dev/pps*", "/dev/cpu/**", "/dev/cpu_dma_latency",
	"/dev/tpm*", "/dev/ipmi*", "/dev/mei*", "/dev/sgx*", "/dev/sev*", "/dev/dma_heap/**", "/dev/udmabuf",
	"/dev/userfaultfd", "/dev/vga_arbiter", "/dev/autofs", "/dev/btrfs-control", "/dev/loop-control",
	"/dev/vmci", "/dev/vbox*", "/dev/uio*", "/dev/char/**", "/dev/bpf*", "/dev/pf", "/dev/auditpipe",
	"/dev/dtrace/**", "/dev/fsevents", "/dev/crypto", "/dev/ctty", "/dev/klog",
}

// harmlessDevices can always be written.
var harmlessDevices = []string{
	"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/stdout",
	"/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/tty*", "/dev/pts/*", "/dev/fd/*",
	"/dev/console", "/dev/ptmx", "/proc/self/fd/*", "/proc/self/fd",
}
