package hardline

import (
	"slices"
	"strings"
)

// Credential stores and the programs that print what they hold: reading a
// secret through the tool that guards it is reading a sensitive path
// (sensitive-path). Everyday uses (listing keys, checking a login, a
// region) stay allowed.
// printsTokenKey is the handler of a "config get KEY" that prints a
// stored token when the key names one.
func printsTokenKey(what string) handler {
	return func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
		dyn := slices.IndexFunc(args, func(f field) bool { return f.dyn })
		switch {
		case slices.ContainsFunc(args, func(f field) bool { return !f.dyn && strings.Contains(asciiLower(f.val), "token") }):
			r.finding(ruleSensitivePath, Path, Block, what+" prints a stored token", cmd, "")
		case dyn >= 0:
			r.finding(ruleDynamicTarget, Dynamic, Ask, what+" prints a key that comes from "+args[dyn].why+", which may be a token", cmd, "")
		}
		return true
	}
}

var _ = register([]Entry{
	{Names: names("gpg gpg2 gpgsm"), Family: "credentials", Summary: "--export-secret-keys, --export-secret-subkeys and gpgsm's --export-secret-key-* print private keys, and --delete-secret-keys destroys them, however abbreviated; -o/--output is written", DataOnly: true,
		Options: []Option{flag(RoleTrigger, slices.Concat(abbreviations("--export-secret-keys", len("--export-secret-k")), abbreviations("--export-secret-subkeys", len("--export-secret-s")),
			abbreviations("--delete-secret-keys", len("--delete-secret-k")), abbreviations("--delete-secret-and-public-keys", len("--delete-secret-a")),
			[]string{"--delete-secret-and-public-key", "--export-secret-key-p12", "--export-secret-key-p8", "--export-secret-key-raw"})...),
			// Public exports, named so that they are not read as abbreviations
			// of the secret ones.
			{Names: []string{"--export", "--export-ssh-key", "--export-options", "--export-filter", "--export-ownertrust"}},
			opt(RoleWrite, "-o", "--output"), opt(RoleScript, "--photo-viewer")}, Rule: ruleSensitivePath},
	{Names: names("security"), Family: "credentials", Summary: "macOS keychain: dump-keychain and find-*-password print secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("dump-keychain find-generic-password find-internet-password export"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("add-trusted-cert trust-settings-import remove-trusted-cert"), Summary: "changes which certificates the system trusts", Rule: ruleSystemAdmin, DataOnly: true}}},
	// Trust stores: a certificate authority added to them lets whoever
	// holds its key read and change every TLS connection the machine
	// makes; a key added to a package manager's keyring lets it sign
	// packages.
	{Names: names("update-ca-certificates update-ca-trust"), Family: "credentials", Summary: "rebuilds the system's trusted certificates from the folders anyone with write access filled", Rule: ruleSystemAdmin, DataOnly: true},
	{Names: names("mkcert"), Family: "credentials", Summary: "-install adds mkcert's authority to the system's and the browsers' trust stores", DataOnly: true,
		Rule: ruleSystemAdmin, Options: []Option{flag(RoleTrigger, "-install", "--install", "-uninstall", "--uninstall")}},
	{Names: names("trust"), Family: "credentials", Summary: "trust anchor adds or removes a trusted authority", DataOnly: true,
		Subcommands: []Entry{{Names: names("anchor"), Rule: ruleSystemAdmin, DataOnly: true}}},
	{Names: names("certutil"), Family: "credentials", Summary: "Windows' certutil -addstore and -delstore, and NSS's certutil -A, -D and -M, change a trust store; -decode, -decodehex, -encode, -encodehex and -urlcache write their last operand",
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.certutilWrites(sc, args, cmd)
			for _, a := range args {
				v := asciiLower(strings.TrimLeft(a.val, "-/"))
				if a.dyn || v == "addstore" || v == "delstore" || a.val == "-A" || a.val == "-D" || a.val == "-M" {
					// A word not known may be one of the verbs.
					r.finding(ruleSystemAdmin, Command, Ask, "certutil changes, or may change, which certificates are trusted", cmd, "")
					break
				}
			}
			return false
		}},
	{Names: names("keytool"), Family: "credentials", Summary: "keytool -importcert or -delete on the Java runtime's cacerts changes the authorities every Java program trusts", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			change := slices.ContainsFunc(args, func(f field) bool {
				return f.val == "-importcert" || f.val == "-import" || f.val == "-delete" || f.val == "-importkeystore"
			})
			cacerts := slices.ContainsFunc(args, func(f field) bool {
				return f.val == "-cacerts" || strings.HasSuffix(f.val, "/cacerts") || f.val == "cacerts" || strings.HasSuffix(f.val, "\\cacerts")
			}) || slices.ContainsFunc(optionValues(args, "-keystore"), func(f field) bool { return f.dyn }) // a key store not known may be it
			if change && cacerts {
				r.finding(ruleSystemAdmin, Command, Ask, "keytool changes the authorities the Java runtime trusts", cmd, "")
			}
			return false
		}},
	{Names: names("apt-key"), Family: "credentials", Summary: "apt-key add and adv store a key that signs packages later installs trust", DataOnly: true,
		Subcommands: []Entry{{Names: names("add adv"), Rule: rulePackageSource, DataOnly: true}}},
	{Names: names("secret-tool kwallet-query"), Family: "credentials", Summary: "secret-tool lookup and kwallet-query -r print stored secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("lookup search"), Rule: ruleSensitivePath, DataOnly: true}},
		Options:     []Option{flag(RoleTrigger, "-r", "--read-password")}, Rule: ruleSensitivePath},
	{Names: names("pass gopass passage"), Family: "credentials", Summary: "password stores: show, a bare entry name, -c and grep print or copy a secret", DataOnly: true,
		Subcommands: []Entry{{Names: names("show cat otp grep"), Rule: ruleSensitivePath, DataOnly: true}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "", nil, "")
			if len(p.ops) > 0 && !p.ops[0].dyn && !slices.Contains(passCommands, p.ops[0].val) {
				r.finding(ruleSensitivePath, Path, Block, b+" "+p.ops[0].val+" prints or copies a stored secret", cmd, "")
			}
			return false
		}},
	{Names: names("op"), Family: "credentials", Summary: "1Password: read, inject, item get and document get print secrets, signin --raw the session token; run -- CMD runs a command", DataOnly: true,
		Subcommands: []Entry{{Names: names("read inject"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("run"), Summary: "runs the command after --", Options: []Option{flag(RoleCommand, "--")}},
			{Names: names("signin"), Summary: "--raw prints the session token", DataOnly: true, Rule: ruleSensitivePath, Options: []Option{flag(RoleTrigger, "--raw")}},
			{Names: names("item document"), DataOnly: true, Subcommands: []Entry{{Names: names("get"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("doppler infisical"), Family: "credentials", Summary: "run -- CMD runs a command with the secrets in its environment; --command runs a shell command; secrets (get, download), export and infisical's secrets get print secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("run"), Options: []Option{opt(RoleScript, "--command"), flag(RoleCommand, "--")}},
			{Names: names("secrets"), DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					// Alone, secrets prints every secret with its value.
					if len(args) == 0 || strings.HasPrefix(args[0].val, "-") && !slices.ContainsFunc(args, func(f field) bool { return f.val == "--only-names" }) {
						r.finding(ruleSensitivePath, Command, Block, b+" prints every secret with its value", cmd, "")
					}
					return false
				},
				Subcommands: []Entry{{Names: names("get download"), Rule: ruleSensitivePath, DataOnly: true}, {Names: names("set delete upload"), DataOnly: true}}},
			{Names: names("export"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("aws-vault chamber"), Family: "credentials", Summary: "exec ... -- CMD runs a command with the credentials in its environment; chamber read and export print secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("exec"), Summary: "runs the command after --", Options: []Option{flag(RoleCommand, "--")}},
			{Names: names("read export"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("saml2aws berglas teller"), Family: "credentials", Summary: "saml2aws exec, berglas exec and teller run run the command after -- with the credentials or secrets in its environment", DataOnly: true,
		Subcommands: []Entry{{Names: names("exec run"), Summary: "runs the command after --", Options: []Option{flag(RoleCommand, "--")}}}},
	wrapper("credentials", "envchain NAMESPACE CMD runs CMD with the keychain's variables", "", nil, 1, "envchain"),
	wrapper("credentials", "summon runs its command with the secrets a secrets.yml names in its environment", "pfDe", []string{"--provider", "--yaml", "--environment"}, 0, "summon"),
	{Names: names("sops"), Family: "credentials", Summary: "-d and decrypt print the decrypted secrets; exec-env FILE CMD and exec-file FILE CMD run a shell command with them", DataOnly: true,
		Options: []Option{flag(RoleTrigger, "-d", "--decrypt")}, Rule: ruleSensitivePath,
		Subcommands: []Entry{{Names: names("exec-env exec-file"), Operands: []Operand{operand(0, RoleData), operand(1, RoleScript)}},
			{Names: names("decrypt"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("keyring"), Family: "credentials", Summary: "Python's keyring: get prints a stored password", DataOnly: true,
		Subcommands: []Entry{{Names: names("get"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("rbw"), Family: "credentials", Summary: "rbw (Bitwarden): get and code print a password or a one-time code",
		Subcommands: []Entry{{Names: names("get code"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("bws"), Family: "credentials", Summary: "Bitwarden Secrets Manager: secret get and secret list print secrets with their values; run -- CMD runs a command with them",
		Subcommands: []Entry{{Names: names("secret"), DataOnly: true, Subcommands: []Entry{{Names: names("get list"), Rule: ruleSensitivePath, DataOnly: true}}},
			// The order before 0.3.0, still accepted: get secret ID, list secrets.
			{Names: names("get list"), DataOnly: true, Subcommands: []Entry{{Names: names("secret secrets"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("run"), Summary: "runs the command after --", Options: []Option{flag(RoleCommand, "--")}}}},
	{Names: names("dcli"), Family: "credentials", Summary: "Dashlane: password, note, secret, otp and read print or copy a stored secret; inject writes them into a template",
		Subcommands: []Entry{{Names: names("password p note n secret otp read inject"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("akeyless"), Family: "credentials", Summary: "get-secret-value and the dynamic and rotated secrets' values print secrets",
		Subcommands: []Entry{{Names: names("get-secret-value get-dynamic-secret-value get-rotated-secret-value get-ssh-certificate"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("conjur"), Family: "credentials", Summary: "variable get (value) prints a secret",
		Subcommands: []Entry{{Names: names("variable"), DataOnly: true, Subcommands: []Entry{{Names: names("get value"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("cf"), Family: "credentials", Summary: "Cloud Foundry: oauth-token prints the session's token",
		Subcommands: []Entry{{Names: names("oauth-token"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("ibmcloud"), Family: "credentials", Summary: "iam oauth-tokens prints the session's tokens",
		Subcommands: []Entry{{Names: names("iam"), DataOnly: true, Subcommands: []Entry{{Names: names("oauth-tokens"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("bw lpass"), Family: "credentials", Summary: "Bitwarden get and list items, LastPass show print secrets; bw unlock --raw prints the session key", DataOnly: true,
		Subcommands: []Entry{{Names: names("get show export"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("unlock login"), Summary: "--raw prints the session key", DataOnly: true, Rule: ruleSensitivePath, Options: []Option{flag(RoleTrigger, "--raw")}},
			{Names: names("list ls"), DataOnly: true, Subcommands: []Entry{{Names: names("items"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("gh"), Family: "credentials", Summary: "gh auth token prints the token, and so do auth status --show-token, auth git-credential and config get of a token; clones, downloads and pr checkout write their folders; a shell alias is a script; repo, release, environment and cache delete delete them (infra-destroy)", DataOnly: true,
		special: infraDestroyer,
		Options: vals("R", "--repo", "--hostname"),
		Subcommands: []Entry{
			{Names: names("repo gist"), DataOnly: true, Subcommands: []Entry{{Names: names("clone"), DataOnly: true, special: cloneInto(1, "u", "--upstream-remote-name")},
				{Names: names("deploy-key"), DataOnly: true, Subcommands: forgeKeyAdd}}},
			{Names: names("ssh-key gpg-key"), DataOnly: true, Subcommands: forgeKeyAdd},
			{Names: names("release run"), DataOnly: true, Subcommands: []Entry{{Names: names("download"), DataOnly: true,
				Options:       []Option{opt(RoleWriteTree, "-D", "--dir"), opt(RoleWrite, "-O", "--output"), val("-p", "--pattern", "-A", "--archive", "-n", "--name", "-R", "--repo")},
				WritesWorkDir: true, WorkDirOptions: []string{"-D", "-O"}}}},
			{Names: names("pr"), DataOnly: true, Subcommands: []Entry{{Names: names("checkout"), DataOnly: true, WritesWorkDir: true}}},
			{Names: names("alias"), DataOnly: true, Subcommands: aliasCommands},
			{Names: names("auth"), DataOnly: true, Subcommands: []Entry{
				{Names: names("token git-credential"), Rule: ruleSensitivePath, DataOnly: true},
				{Names: names("status"), DataOnly: true, Options: []Option{flag(RoleTrigger, "-t", "--show-token")}, Rule: ruleSensitivePath}}},
			{Names: names("config"), DataOnly: true, Subcommands: []Entry{{Names: names("get"), DataOnly: true,
				special: printsTokenKey("gh config get")},
				{Names: names("set"), DataOnly: true, Options: vals("h", "--host"), special: configSet("gh", "gh config set")}}}}},
	{Names: names("glab"), Family: "credentials", Summary: "glab auth status -t and config get of a token print the token, variable get and export print CI variables; a shell alias is a script; repo, release and project delete delete them (infra-destroy)", DataOnly: true,
		special: infraDestroyer,
		Subcommands: []Entry{{Names: names("auth"), DataOnly: true, Subcommands: []Entry{{Names: names("status"), DataOnly: true, Options: []Option{flag(RoleTrigger, "-t", "--show-token")}, Rule: ruleSensitivePath}}},
			{Names: names("ssh-key gpg-key deploy-key"), DataOnly: true, Subcommands: forgeKeyAdd},
			{Names: names("alias"), DataOnly: true, Subcommands: aliasCommands},
			{Names: names("variable var"), DataOnly: true, Subcommands: []Entry{{Names: names("get export"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("config"), DataOnly: true, Subcommands: []Entry{{Names: names("get"), DataOnly: true,
				special: printsTokenKey("glab config get")},
				{Names: names("set"), DataOnly: true, Options: vals("h", "--host"), special: configSet("glab", "glab config set")}}}}},
	{Names: names("gcloud"), Family: "credentials", Summary: "gcloud auth print-access-token and print-identity-token, config config-helper and secrets versions access print tokens and secrets, iam service-accounts keys create makes a key; storage cp/rsync/mv and compute scp read their local sources whole; delete deletes resources", DataOnly: true,
		special: infraDestroyer,
		Options: vals("", "--project", "--account", "--configuration", "--impersonate-service-account", "--billing-project", "--verbosity", "--format"),
		Subcommands: []Entry{{Names: names("storage"), DataOnly: true, Subcommands: []Entry{{Names: names("cp rsync mv"), Options: vals("", "--project", "--exclude", "--content-type", "--storage-class"), Operands: []Operand{operands(0, RoleReadTree)},
			special: cloudCopy}}},
			{Names: names("compute"), DataOnly: true, Subcommands: []Entry{{Names: names("scp"), Options: vals("", "--zone", "--project", "--ssh-key-file", "--scp-flag", "--port"), Operands: []Operand{operands(0, RoleReadTree)}},
				{Names: names("ssh"), DataOnly: true, Options: append([]Option{opt(RoleRemoteScript, "--command"), flag(RoleRemoteCommand, "--")}, vals("", "--zone", "--project", "--ssh-key-file", "--ssh-flag", "--container")...), shellDefault: true}}},
			{Names: names("auth"), DataOnly: true, Subcommands: []Entry{
				{Names: names("print-access-token print-identity-token"), Rule: ruleSensitivePath, DataOnly: true},
				{Names: names("application-default"), DataOnly: true, Subcommands: []Entry{{Names: names("print-access-token"), Rule: ruleSensitivePath, DataOnly: true}}}}},
			{Names: names("config"), DataOnly: true, Subcommands: []Entry{{Names: names("config-helper"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("secrets"), DataOnly: true, Subcommands: []Entry{{Names: names("versions"), DataOnly: true, Subcommands: []Entry{{Names: names("access"), Rule: ruleSensitivePath, DataOnly: true}}}}},
			{Names: names("iam"), DataOnly: true, Subcommands: []Entry{{Names: names("service-accounts"), DataOnly: true, Subcommands: []Entry{
				{Names: names("keys"), DataOnly: true, Subcommands: []Entry{{Names: names("create"), Summary: "creates a service account key and writes it out", Rule: ruleSensitivePath, DataOnly: true}}}}}}}}},
	{Names: names("az"), Family: "credentials", Summary: "az account get-access-token prints a token; keyvault secret show, ad sp credential reset, storage account keys list, show-connection-string, generate-sas, acr login --expose-token and acr credential show print secrets; storage uploads read their local sources (-s/--source whole, -f/--file); delete deletes resources", DataOnly: true,
		special: infraDestroyer,
		Subcommands: []Entry{{Names: names("storage"), DataOnly: true, Subcommands: []Entry{
			{Names: names("account"), DataOnly: true, Subcommands: []Entry{
				{Names: names("keys"), DataOnly: true, Subcommands: []Entry{{Names: names("list renew"), Rule: ruleSensitivePath, DataOnly: true}}},
				{Names: names("show-connection-string generate-sas"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("blob file"), DataOnly: true, Subcommands: []Entry{
				{Names: names("upload-batch sync"), Options: []Option{opt(RoleReadTree, "-s", "--source"), val("-d", "--destination", "-c", "--container", "--account-name", "--account-key", "--pattern", "--connection-string", "--sas-token", "--destination-path")}},
				{Names: names("upload"), Options: []Option{opt(RoleRead, "-f", "--file", "--source"), val("-c", "--container", "-n", "--name", "--account-name", "--account-key", "--connection-string", "--sas-token", "-s", "--share-name", "-p", "--path")}},
				{Names: names("download"), Summary: "the file downloaded to is written", Options: []Option{opt(RoleWrite, "-f", "--file", "--dest"), val("-c", "--container", "-n", "--name", "--account-name", "--account-key", "--connection-string", "--sas-token", "-s", "--share-name", "-p", "--path")}},
				{Names: names("download-batch"), Summary: "the folder downloaded to is written whole", Options: []Option{opt(RoleWriteTree, "-d", "--destination"), val("-s", "--source", "--account-name", "--account-key", "--pattern", "--connection-string", "--sas-token")}}}},
			{Names: names("copy"), Options: []Option{opt(RoleReadTree, "-s", "--source"), val("-d", "--destination", "--account-name", "--account-key")}},
			{Names: names("fs"), DataOnly: true, Subcommands: []Entry{{Names: names("directory file"), DataOnly: true, Subcommands: []Entry{
				{Names: names("upload"), Options: []Option{opt(RoleReadTree, "-s", "--source"), val("-f", "--file-system", "-d", "--destination-path", "--account-name", "--account-key")}}}}}}}},
			{Names: names("account"), DataOnly: true, Subcommands: []Entry{{Names: names("get-access-token"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("acr"), DataOnly: true, Subcommands: []Entry{{Names: names("login"), DataOnly: true, Rule: ruleSensitivePath, Options: []Option{flag(RoleTrigger, "-t", "--expose-token")}},
				{Names: names("credential"), DataOnly: true, Subcommands: []Entry{{Names: names("show renew"), Rule: ruleSensitivePath, DataOnly: true}}}}},
			{Names: names("keyvault"), DataOnly: true, Subcommands: []Entry{{Names: names("secret"), DataOnly: true, Subcommands: []Entry{{Names: names("show download"), Rule: ruleSensitivePath, DataOnly: true}}}}},
			{Names: names("ad"), DataOnly: true, Subcommands: []Entry{{Names: names("sp app"), DataOnly: true, Subcommands: []Entry{{Names: names("credential"), DataOnly: true, Subcommands: []Entry{{Names: names("reset"), Rule: ruleSensitivePath, DataOnly: true}}}}}}}}},
	{Names: names("vault bao"), Family: "credentials", Summary: "HashiCorp Vault and OpenBao: read, kv get, token lookup/create and print token print secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("read"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("kv"), DataOnly: true, Subcommands: []Entry{{Names: names("get"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("token"), DataOnly: true, Subcommands: []Entry{{Names: names("lookup create"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("print"), DataOnly: true, Subcommands: []Entry{{Names: names("token"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("heroku"), Family: "credentials", Summary: "heroku auth:token prints the token, authorizations:create a new one; config and config:get print the app's secrets; apps:destroy, addons:destroy and pg:reset delete apps and data (infra-destroy); local:run runs its command here", DataOnly: true,
		special: infraDestroyer,
		Subcommands: []Entry{{Names: names("auth:token config config:get authorizations:create"), Rule: ruleSensitivePath, DataOnly: true},
			// heroku local:run runs a command here with the app's
			// variables (heroku run runs it on a dyno, elsewhere).
			{Names: names("local:run"), Options: vals("e", "--env", "-p", "--port"), Operands: []Operand{operand(0, RoleCommand)}},
			// heroku run, run:detached and run:inside run theirs on a
			// dyno.
			{Names: names("run run:detached run:inside"), DataOnly: true, Options: vals("aers", "--app", "--env", "--remote", "--size", "--type"), Operands: []Operand{operand(0, RoleRemoteCommand)}}}},
	{Names: names("fly flyctl"), Family: "credentials", Summary: "fly auth token prints the token and tokens create a new one; destroy deletes apps and machines", DataOnly: true,
		special: infraDestroyer,
		Subcommands: []Entry{{Names: names("auth"), DataOnly: true, Subcommands: []Entry{{Names: names("token"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("tokens"), DataOnly: true, Subcommands: []Entry{{Names: names("create"), Rule: ruleSensitivePath, DataOnly: true}}},
			// fly ssh console -C and machine exec run a command in a
			// machine, elsewhere.
			{Names: names("ssh"), DataOnly: true, Subcommands: []Entry{{Names: names("console"), DataOnly: true, shellDefault: true,
				Options: append([]Option{opt(RoleRemoteScript, "-C", "--command")}, vals("aruAo", "--app", "--region", "--user", "--address", "--org", "--machine", "--process-group", "--config")...)}}},
			{Names: names("machine machines m"), DataOnly: true, Subcommands: []Entry{{Names: names("exec"), DataOnly: true,
				Options: vals("ac", "--app", "--config", "--timeout", "--container"), Operands: []Operand{operand(0, RoleData), operand(1, RoleRemoteScript)}}}}}},
	{Names: names("keyctl"), Family: "credentials", Summary: "keyctl print, pipe and read print a kernel key's secret", DataOnly: true,
		Subcommands: []Entry{{Names: names("print pipe read"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("rclone"), Family: "credentials", Summary: "rclone config show and dump print the remotes' tokens and passwords; serve, copy and sync read a local source whole; sync deletes in its destination, move and purge delete their source; purge, delete, deletefile and rmdirs delete remote data (infra-destroy); a local: or :local: path is a path on this machine",
		special:  rclone,
		DataOnly: true,
		Options:  []Option{opt(RoleCommand, "--password-command")},
		Env:      []EnvVar{{Name: "RCLONE_PASSWORD_COMMAND", Role: RoleCommand}},
		Subcommands: []Entry{{Names: names("config"), DataOnly: true, Subcommands: []Entry{{Names: names("show dump"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("serve"), DataOnly: true, Subcommands: []Entry{{Names: names("http webdav ftp sftp dlna nfs restic s3 docker"), DataOnly: true, Options: vals("", "--addr", "--user", "--pass", "--htpasswd", "--config"), Operands: []Operand{operand(0, RoleReadTree)}}}},
			{Names: names("copy copyto cat check"), DataOnly: true, Options: vals("", "--config", "--include", "--exclude", "--filter", "--transfers"), Operands: []Operand{operand(0, RoleReadTree), operand(1, RoleWriteTree)}},
			{Names: names("sync bisync"), DataOnly: true, Options: vals("", "--config", "--include", "--exclude", "--filter", "--transfers", "--backup-dir"), Operands: []Operand{operand(0, RoleReadTree), operand(1, RoleDeleteTree)}},
			{Names: names("move moveto"), DataOnly: true, Options: vals("", "--config", "--include", "--exclude", "--filter", "--transfers"), Operands: []Operand{operand(0, RoleDeleteTree), operand(1, RoleWriteTree)}},
			{Names: names("purge delete rmdirs"), DataOnly: true, Options: vals("", "--config", "--include", "--exclude", "--filter"), Operands: []Operand{operand(0, RoleDeleteTree)}}}},
	{Names: names("keepassxc-cli"), Family: "credentials", Summary: "export and clip read every or one password; show -s prints one", DataOnly: true,
		Subcommands: []Entry{{Names: names("export clip"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("attachment-export"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("show"), DataOnly: true, Options: []Option{flag(RoleTrigger, "-s", "--show-protected", "-t", "--totp", "--all"),
				opt(RoleTrigger, "-a", "--attributes")}, Rule: ruleSensitivePath}}},
	{Names: names("ansible-vault"), Family: "credentials", Summary: "view and decrypt print or write the decrypted secrets; a vault password file is run when it is executable", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.ansibleVaultScripts(sc, args, c, cmd)
			return false
		},
		Subcommands: []Entry{{Names: names("view decrypt"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("stripe"), Family: "credentials", Summary: "config --list prints the stored API keys", DataOnly: true,
		Subcommands: []Entry{{Names: names("config"), DataOnly: true, Options: []Option{flag(RoleTrigger, "--list")}, Rule: ruleSensitivePath}}},
	{Names: names("vercel"), Family: "containers", Summary: "remove and project rm delete deployments and projects (infra-destroy); env pull writes the project's secrets to a file", DataOnly: true, special: infraDestroyer,
		Subcommands: []Entry{{Names: names("env"), DataOnly: true, Subcommands: []Entry{{Names: names("pull"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("netlify ntl"), Family: "credentials", Summary: "env:get, and env:list with --plain or --json, print the site's secrets; sites:delete and the other :delete commands delete (infra-destroy)", DataOnly: true,
		special: infraDestroyer,
		Subcommands: []Entry{{Names: names("env:get"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("env:list"), Rule: ruleSensitivePath, DataOnly: true, Options: []Option{flag(RoleTrigger, "--plain", "--json")}}}},
	{Names: names("railway"), Family: "credentials", Summary: "variables prints the service's secrets (not when it only sets one with --set); delete and down delete the project or its deployment (infra-destroy)", DataOnly: true,
		special: infraDestroyer,
		Subcommands: []Entry{{Names: names("variables variable vars"), Rule: ruleSensitivePath, DataOnly: true, Options: []Option{flag(RoleHarmless, "--set", "-s")}},
			// railway run runs a command here with the service's
			// variables; railway shell opens a shell here with them.
			{Names: names("run"), Options: vals("se", "--service", "--environment"), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("shell"), DataOnly: true, shellDefault: true, Options: vals("se", "--service", "--environment")}}},
	{Names: names("firebase"), Family: "containers", Summary: "projects:delete, firestore:delete and the other :delete commands, and database:remove, delete data (infra-destroy); login:ci prints a token", DataOnly: true, special: infraDestroyer,
		Subcommands: []Entry{{Names: names("login:ci"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("supabase"), Family: "credentials", Summary: "projects api-keys prints the project's keys, the service key among them; db reset and projects delete destroy data (infra-destroy)", DataOnly: true,
		special:     infraDestroyer,
		Subcommands: []Entry{{Names: names("projects"), DataOnly: true, Subcommands: []Entry{{Names: names("api-keys"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("ps"), Family: "credentials", Summary: "a BSD-style e (ps eww, ps auxe) prints every process's environment, with the secrets it holds", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if psEnviron(args) {
				r.finding(ruleSensitivePath, Path, Block, "ps with e prints the environment of processes, with the secrets it holds", cmd, "")
			}
			return true
		}},
	{Names: names("aws"), Family: "credentials", Summary: "aws configure get of a key, secret or token, and configure export-credentials, print credentials; delete-* and terminate-* operations, s3 rb --force and rm --recursive delete resources; the credential_process of a configuration AWS_CONFIG_FILE names runs", DataOnly: true,
		Env: []EnvVar{{Name: "AWS_CONFIG_FILE", Role: RoleCommandFile}, {Name: "AWS_SHARED_CREDENTIALS_FILE", Role: RoleCommandFile}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.infraDestroy(b, args, cmd)
			r.awsCredentials(sc, args, c, cmd)
			// An operation's values may be commands run elsewhere (ssm
			// send-command's parameters, ecs execute-command --command,
			// ec2 run-instances --user-data), as a sub-command an entry
			// does not name has its arguments judged (see applyEntry);
			// each alone, since its operations' names are programs' too
			// (aws s3 cp, rm).
			for _, f := range args {
				r.net(sc, f, c, cmd)
			}
			return true
		}},
	{Names: names("git-credential-manager git-credential-manager-core git-credential-store git-credential-cache git-credential-libsecret git-credential-osxkeychain git-credential-wincred git-credential-gnome-keyring git-credential-oauth"),
		Family: "credentials", Summary: "git's credential helpers run as programs: get prints a stored password", DataOnly: true,
		Options:     vals("", "--file", "--socket", "--timeout"),
		Subcommands: []Entry{{Names: names("get"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("docker-credential-desktop docker-credential-osxkeychain docker-credential-secretservice docker-credential-pass docker-credential-wincred docker-credential-ecr-login docker-credential-gcloud"),
		Family: "credentials", Summary: "credential helpers: get prints a registry's credentials", DataOnly: true,
		Subcommands: []Entry{{Names: names("get list"), Rule: ruleSensitivePath, DataOnly: true}}},
})

// awsConfigure judges aws configure set KEY VALUE by aws's settings (see
// storedSettings) and configure import, which stores the credentials a
// file holds for every later call (words are the lower-case words from
// configure on).
func (r *run) awsConfigure(sc *scope, args []field, words []string, c ctx, cmd string) {
	switch words[1] {
	case "import":
		r.finding(rulePersistence, Command, Ask, "aws configure import stores the credentials of a file for every later call", cmd, "")
	case "set":
		var ops []field
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch {
			case a.val == "--profile" || a.val == "--region" || a.val == "--output" || a.val == "--endpoint-url":
				i++
			case !strings.HasPrefix(a.val, "-") || a.dyn:
				ops = append(ops, a)
			}
		}
		at := slices.IndexFunc(ops, func(f field) bool { return f.val == "set" })
		if at >= 0 && len(ops) > at+2 && !ops[at+1].dyn {
			r.storeSetting(sc, "aws", "aws configure set", ops[at+1].val, ops[at+2], c, cmd)
		}
	}
}

// psEnviron reports whether ps's BSD-style options (words without a dash)
// hold e, which adds each process's environment to its command. The
// letters o, O, p, q, t, U and k take a value: the rest of the word, or
// the next word.
func psEnviron(args []field) bool {
	// Its dash options that take a value (-o FORMAT, -p PIDS, -U USERS)
	// take the next word when none is attached: that word is no BSD
	// option (ps -p 1 -o etime=).
	skip := false
	for _, a := range args {
		if skip {
			skip = false
			continue
		}
		if !a.dyn && len(a.val) > 1 && a.val[0] == '-' {
			if a.val[1] == '-' {
				// --format FORMAT, --pid LIST, ...: the next word is a value.
				skip = !strings.Contains(a.val, "=") && slices.Contains(psLongValues, a.val)
				continue
			}
			for i := 1; i < len(a.val); i++ {
				switch c := a.val[i]; {
				case c == 'E':
					return true // macOS and the BSDs: -E
				case strings.IndexByte("CGgOopqstUuk", c) >= 0:
					skip = i == len(a.val)-1 // -o FORMAT, -p PIDS: the next word
					i = len(a.val)
				}
			}
			continue
		}
		if a.dyn || a.val == "" || a.val[0] == '-' {
			continue
		}
		for i := 0; i < len(a.val); i++ {
			c := a.val[i]
			if c == 'e' {
				return true
			}
			if strings.IndexByte("oOpqtUk", c) >= 0 {
				skip = i == len(a.val)-1
				break
			}
		}
	}
	return false
}

// psLongValues are ps's long options that take the next word as a value.
var psLongValues = []string{"--format", "--pid", "--ppid", "--sort", "--cols", "--columns", "--rows", "--lines", "--width",
	"--sid", "--tty", "--user", "--User", "--group", "--Group", "--quick-pid", "--context"}

// awsCredentials flags aws configure get of a credential and aws configure
// export-credentials.
func (r *run) awsCredentials(sc *scope, args []field, c ctx, cmd string) {
	var words []string
	for _, a := range args {
		if !strings.HasPrefix(a.val, "-") {
			words = append(words, asciiLower(a.val))
		}
	}
	// Global options (--profile NAME) may come first: start at configure.
	i := slices.Index(words, "configure")
	if i < 0 || len(words) < i+2 {
		if k := strings.Join(awsSecretCalls(args), " "); k != "" {
			r.finding(ruleSensitivePath, Path, Block, "aws "+k+" prints a secret or a credential", cmd, "")
		}
		r.awsS3(sc, args, cmd)
		return
	}
	words = words[i:]
	r.awsConfigure(sc, args, words, c, cmd)
	secret := words[1] == "export-credentials"
	if k := strings.Join(awsSecretCalls(args), " "); k != "" {
		r.finding(ruleSensitivePath, Path, Block, "aws "+k+" prints a secret or a credential", cmd, "")
		return
	}
	r.awsS3(sc, args, cmd)
	if words[1] == "get" && len(words) > 2 {
		k := words[2]
		secret = strings.Contains(k, "secret") || strings.Contains(k, "token") || strings.Contains(k, "key_id") || strings.Contains(k, "access_key")
	}
	if secret {
		r.finding(ruleSensitivePath, Path, Block, "aws configure prints a stored credential", cmd, "")
	}
}

// passCommands are pass's and gopass's sub-commands; any other first
// operand is an entry name, which they print.
var passCommands = strings.Fields("init ls list find search show grep insert add edit generate rm remove delete mv rename move cp copy git help version otp " +
	"audit cat clone config convert create env fsck fscopy fsmove history link merge mounts process pwgen rcs recipients setup sum sync templates unclip update age alias completion")

// awsSecretCalls returns the service and operation of an aws call that
// prints a secret or a credential (sts get-session-token, secretsmanager
// get-secret-value, ssm get-parameter --with-decryption, ecr
// get-login-password), or nothing.
func awsSecretCalls(args []field) []string {
	var words []string
	decrypt := false
	for _, a := range args {
		if a.val == "--with-decryption" {
			decrypt = true
		}
		if !strings.HasPrefix(a.val, "-") {
			words = append(words, asciiLower(a.val))
		}
	}
	for i := 0; i+1 < len(words); i++ {
		svc, op := words[i], words[i+1]
		switch {
		case svc == "sts" && (op == "get-session-token" || op == "assume-role" || op == "get-federation-token" || op == "assume-role-with-web-identity" || op == "assume-role-with-saml"),
			svc == "secretsmanager" && (op == "get-secret-value" || op == "batch-get-secret-value"),
			(svc == "ecr" || svc == "ecr-public") && op == "get-login-password",
			svc == "codeartifact" && op == "get-authorization-token",
			svc == "rds" && op == "generate-db-auth-token",
			svc == "iam" && (op == "create-access-key" || op == "create-service-specific-credential" || op == "reset-service-specific-credential"),
			svc == "sso" && op == "get-role-credentials",
			svc == "cognito-identity" && op == "get-credentials-for-identity",
			svc == "eks" && op == "get-token",
			svc == "ssm" && strings.HasPrefix(op, "get-parameter") && decrypt:
			return []string{svc, op}
		}
	}
	return nil
}

// abbreviations lists a long option and every prefix of it down to min
// bytes: programs that accept unique abbreviations (gpg, GNU getopt) take
// them all.
func abbreviations(name string, min int) []string {
	var out []string
	for n := len(name); n >= min; n-- {
		out = append(out, name[:n])
	}
	return out
}

// ghAliasSet judges gh alias set NAME EXPANSION: an expansion given
// --shell (-s) or starting with '!' is a shell script gh runs whenever the
// alias is used.
// aliasCommands are gh's and glab's alias sub-commands: a shell alias
// (set --shell, or an expansion starting with '!') is a script the CLI
// runs whenever the alias is used, and import defines aliases from a file
// whose text is not read (persistence).
var aliasCommands = []Entry{{Names: names("set"), DataOnly: true, special: ghAliasSet},
	{Names: names("import"), DataOnly: true, Rule: rulePersistence, Summary: "imported aliases may be shell aliases, commands run whenever they are used"}}

func ghAliasSet(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	p := parseOpts(args, "", nil, "")
	if len(p.ops) < 2 {
		return false
	}
	exp := p.ops[1]
	shell := strings.ContainsRune(p.short, 's') || p.has("--shell")
	if v, ok := strings.CutPrefix(exp.val, "!"); ok && !exp.dyn {
		exp.val, shell = v, true
	}
	if shell {
		r.applyRole(sc, roleValue{role: RoleScript, f: exp}, false, b, c, cmd)
	}
	return false
}

// cloudCopy is the handler of a cloud storage client's copy sub-commands
// (gsutil cp, gcloud storage rsync, azcopy sync): the downloads they make,
// recursive with -r, -R or --recursive and always for a sync or mirror.
func cloudCopy(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	p := parseOpts(args, "", nil, "")
	recursive := strings.HasSuffix(b, "sync") || strings.HasSuffix(b, "mirror") || strings.ContainsAny(p.short, "rR") ||
		p.has("--recursive") || slices.ContainsFunc(p.values, func(v optValue) bool { return v.name == "--recursive" && v.f.val != "false" })
	ops := p.ops
	if strings.HasSuffix(b, " get") && len(ops) == 1 {
		ops = append(ops, field{val: "."}) // s3cmd get s3://b/x saves x here
	}
	r.downloads(sc, ops, recursive, cmd)
	return false
}

// downloads judges what a copy from cloud storage writes (aws s3 cp
// s3://b/.bashrc . writes ./.bashrc): each local operand after the first
// remote one (a URL) may be the destination, since the words of unknown
// options are among ops. A recursive copy or a sync writes it whole;
// else it is written, and so is its entry named after each remote source.
func (r *run) downloads(sc *scope, ops []field, recursive bool, cmd string) {
	// A word partly unknown is remote when its known part says so
	// (s3://$BUCKET/x); what it names is then unknown too.
	remote := func(f field) bool { return strings.Contains(f.val, "://") }
	first := slices.IndexFunc(ops, remote)
	if first < 0 {
		return
	}
	var srcs []field
	for _, o := range ops {
		if remote(o) {
			srcs = append(srcs, o)
		}
	}
	for _, dst := range ops[first+1:] {
		switch {
		case remote(dst):
		case recursive:
			r.judgeWriteTree(sc, dst, cmd)
		default:
			r.judgeWrite(sc, dst, ruleDiskWrite, cmd)
			r.judgeInto(sc, srcs, dst, false, false, remote, cmd)
		}
	}
}

// awsS3 judges aws s3 sync, and cp or mv with --recursive, from a local
// folder: the folder is read whole (uploading a home folder reads every
// secret in it), and so is where each link in it leads (see
// treeFollowsLinks).
func (r *run) awsS3(sc *scope, args []field, cmd string) {
	var ops []field
	recursive := false
	for _, a := range args {
		switch {
		case a.val == "--recursive":
			recursive = true
		case !strings.HasPrefix(a.val, "-"):
			ops = append(ops, a)
		}
	}
	for i := 0; i+2 < len(ops); i++ {
		if ops[i].val != "s3" {
			continue
		}
		op := ops[i+1].val
		if op == "sync" || op == "cp" || op == "mv" {
			r.downloads(sc, ops[i+2:], recursive || op == "sync", cmd)
		}
		if op == "sync" || (op == "cp" || op == "mv") && recursive {
			if src := ops[i+2]; !strings.HasPrefix(src.val, "s3://") {
				r.readTree(src, "aws s3 "+op, cmd)
				r.uploadedFolder("aws s3 "+op, src, args, cmd)
				if follows, _ := treeFollowsLinks("aws", args, r.a); follows {
					r.linksBelow(sc, "aws s3 "+op, []field{src}, cmd)
				}
			}
		}
		if op == "sync" && i+3 < len(ops) && has(args, "--delete") {
			if dst := ops[i+3]; !strings.HasPrefix(dst.val, "s3://") {
				// sync --delete removes what the bucket lacks from the folder.
				dst.contents = true
				r.judgeDelete(sc, dst, true, cmd, "aws s3 sync --delete")
			}
		}
		return
	}
}

// verbWords splits the arguments of a tool driven by verbs (kubectl delete
// ns x, docker volume rm v) into its literal words and the names of the
// options given (--volumes=true is --volumes), skipping the value of an
// option in destroyValueOptions (kubectl -n prod delete ns x, aws
// --region r ec2 ...).
func verbWords(args []field) (words []string, flags optionSet) {
	for i := 0; i < len(args); i++ {
		switch v := args[i].val; {
		case args[i].dyn:
		case strings.HasPrefix(v, "-"):
			name, _, eq := strings.Cut(v, "=")
			flags = append(flags, name)
			if !eq && destroyValueOptions[name] {
				i++
			}
		default:
			words = append(words, v)
		}
	}
	return words, flags
}

// optionSet is the options a line gives, by name: a few at most.
type optionSet []string

// short reports whether a single-dash option, alone or bundled (-rf),
// holds the letter c.
func (s optionSet) short(c byte) bool {
	return slices.ContainsFunc(s, func(n string) bool {
		return len(n) > 1 && n[0] == '-' && n[1] != '-' && strings.IndexByte(n[1:], c) >= 0
	})
}

// wildcards reports whether a word holds a pattern an object store's
// client expands itself (s3://b/*, gs://b/**).
func wildcards(words []string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return strings.ContainsAny(w, "*?[") })
}

func (s optionSet) has(names ...string) bool {
	return slices.ContainsFunc(s, func(n string) bool { return slices.Contains(names, n) })
}

// destroyValueOptions are the options of the tools infraDestroy reads that
// take a value as the next word.
var destroyValueOptions = map[string]bool{"-n": true, "--namespace": true, "--context": true, "--kubeconfig": true,
	"--cluster": true, "--user": true, "-s": true, "--server": true, "-l": true, "--selector": true, "-o": true,
	"--output": true, "-f": true, "--filename": true, "--field-selector": true, "--grace-period": true, "--timeout": true,
	"--region": true, "--profile": true, "--endpoint-url": true, "--query": true, "--ca-bundle": true, "--color": true,
	"--cli-read-timeout": true, "--cli-connect-timeout": true, "--project": true, "--subscription": true}

// infraDestroyer is the handler of cloud and cluster tools whose other
// roles are their sub-commands': it judges infraDestroy and leaves the
// rest to them.
func infraDestroyer(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	r.infraDestroy(b, args, cmd)
	return false
}

// rclone judges rclone's cloud deletions, and reads a path on its local
// backend (:local:/home/dev, :local,links:/x, and a remote named local,
// which users define as one) as the path it is: the command is judged
// again with those prefixes taken off, so rclone copy :local:/home/dev/.ssh
// remote:x reads the keys as rclone copy ~/.ssh remote:x does.
func rclone(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if at := slices.IndexFunc(args, func(f field) bool { return !f.dyn && !strings.HasPrefix(f.val, "-") }); at >= 0 &&
		(args[at].val == "mount" || args[at].val == "nfsmount" || args[at].val == "cmount") {
		// rclone mount REMOTE:PATH DIR [FLAGS]: a user-space mount, its
		// source on this machine through the local backend.
		var ops []field
		for _, f := range args[at+1:] {
			if f.dyn || !strings.HasPrefix(f.val, "-") {
				ops = append(ops, f)
			}
		}
		if len(ops) > 2 {
			ops = ops[:2]
		}
		r.fuseMount(sc, b, ops, cmd)
		return false
	}
	var local, paths []field
	for i, f := range args {
		if p, ok := rcloneLocal(f.val); ok {
			if local == nil {
				local = slices.Clone(args)
			}
			local[i].val = p
			paths = append(paths, local[i])
		}
	}
	ce, _ := r.a.lookupEntry(b)
	if local == nil || ce == nil {
		r.infraDestroy(b, args, cmd)
		return false
	}
	r.checkWords(sc, paths, cmd)           // as every word of a command is
	r.applyEntry(sc, ce, b, local, c, cmd) // this handler again, without the prefixes
	return true
}

// rcloneLocal returns the path of an rclone operand on the local backend:
// after :local:, :local,OPTIONS: or local:.
func rcloneLocal(v string) (string, bool) {
	rest, ok := strings.CutPrefix(v, ":local")
	if !ok {
		rest, ok = strings.CutPrefix(v, "local")
	}
	if !ok {
		return "", false
	}
	if strings.HasPrefix(rest, ",") && strings.HasPrefix(v, ":") {
		i := strings.IndexByte(rest, ':')
		if i < 0 {
			return "", false
		}
		rest = rest[i:]
	}
	return strings.CutPrefix(rest, ":")
}

// infraDestroy asks before a cloud or cluster tool deletes resources
// (infra-destroy): what it deletes lives outside the machine, where no root
// or undo reaches. Routine single deletions in a cluster (kubectl delete
// pod x) stay allowed.
func (r *run) infraDestroy(b string, args []field, cmd string) {
	words, flags := verbWords(args)
	at := func(i int) string {
		if i < len(words) {
			return words[i]
		}
		return ""
	}
	destroys := false
	switch b {
	case "aws":
		op := at(1)
		destroys = strings.HasPrefix(op, "delete-") || strings.HasPrefix(op, "terminate-") ||
			at(0) == "s3" && (op == "rb" && flags.has("--force") || op == "rm" && flags.has("--recursive") ||
				op == "sync" && flags.has("--delete") && strings.HasPrefix(at(len(words)-1), "s3://"))
	case "gcloud", "az", "doctl", "hcloud", "linode-cli":
		destroys = slices.ContainsFunc(words, func(w string) bool { return w == "delete" || strings.HasPrefix(w, "delete-") }) ||
			b == "gcloud" && at(0) == "storage" && (at(1) == "rm" && (flags.short('r') || flags.short('R') || flags.short('a') || flags.has("--recursive", "--all-versions") || wildcards(words[2:])) ||
				at(1) == "rsync" && flags.has("--delete-unmatched-destination-objects"))
	case "s3cmd":
		destroys = at(0) == "rb" || (at(0) == "del" || at(0) == "rm") && (flags.short('r') || flags.has("--recursive") || wildcards(words[1:])) ||
			at(0) == "sync" && flags.has("--delete-removed", "--delete-after") && strings.HasPrefix(at(len(words)-1), "s3://")
	case "mc", "mcli":
		destroys = at(0) == "rb" || at(0) == "rm" && (flags.short('r') || flags.has("--recursive", "--versions")) || at(0) == "mirror" && flags.has("--remove")
	case "azcopy":
		destroys = (at(0) == "remove" || at(0) == "rm") && flags.has("--recursive") ||
			at(0) == "sync" && slices.ContainsFunc(flags, func(f string) bool { return f == "--delete-destination" })
	case "s5cmd":
		destroys = at(0) == "rb" || at(0) == "rm" && wildcards(words[1:])
	case "b2":
		destroys = at(0) == "rm" && flags.has("--recursive") || at(0) == "delete-bucket" || at(0) == "bucket" && at(1) == "delete" ||
			at(0) == "sync" && flags.has("--delete")
	case "dropdb":
		destroys = true
	case "mysqladmin", "mariadb-admin":
		// Read from the line itself: -f is a flag here, a value elsewhere.
		destroys = slices.ContainsFunc(args, func(f field) bool { return asciiLower(f.val) == "drop" })
	case "gsutil":
		destroys = slices.Contains(words, "rb") || slices.Contains(words, "rm") && flags.has("-r", "-R", "-a", "--recursive")
	case "rclone":
		destroys = at(0) == "purge" || at(0) == "delete" || at(0) == "rmdirs" || at(0) == "deletefile"
	case "restic", "borg", "borgbackup":
		// The repository may come before the sub-command (restic -r REPO).
		destroys = slices.Contains(words, "forget") || slices.Contains(words, "prune") || slices.Contains(words, "delete") ||
			slices.Contains(words, "compact") && flags.has("--cleanup-commits")
	case "gh", "glab":
		destroys = at(1) == "delete" && slices.Contains([]string{"repo", "release", "project", "environment", "cache"}, at(0))
	case "heroku":
		destroys = at(0) == "apps:destroy" || at(0) == "destroy" || at(0) == "pg:reset" || at(0) == "addons:destroy"
	case "vercel":
		destroys = at(0) == "remove" || at(0) == "rm" || at(0) == "project" && (at(1) == "rm" || at(1) == "remove")
	case "firebase":
		destroys = strings.HasSuffix(at(0), ":delete") || at(0) == "database:remove"
	case "netlify", "ntl":
		destroys = strings.HasSuffix(at(0), ":delete")
	case "railway":
		destroys = at(0) == "delete" || at(0) == "down"
	case "supabase":
		destroys = at(0) == "db" && at(1) == "reset" || at(0) == "projects" && at(1) == "delete"
	case "git":
		// A push that deletes or rewrites what the remote holds: a
		// forced or mirrored push, a deleted branch or tag, a pruned
		// remote, a refspec that forces (+main) or deletes (:main).
		if i := slices.Index(words, "push"); i >= 0 {
			destroys = flags.has("--force", "-f", "--force-with-lease", "--force-if-includes", "--delete", "-d", "--mirror", "--prune") ||
				slices.ContainsFunc(words[i+1:], func(w string) bool { return strings.HasPrefix(w, "+") || strings.HasPrefix(w, ":") && len(w) > 1 })
		}
	case "terraform", "tofu", "terragrunt":
		destroys = at(0) == "destroy" || at(0) == "apply" && flags.has("-destroy")
	case "pulumi":
		destroys = at(0) == "destroy" || at(0) == "down"
	case "fly", "flyctl":
		destroys = slices.Contains(words, "destroy")
	case "kubectl", "oc":
		switch at(1) {
		case "ns", "namespace", "namespaces", "node", "nodes", "pv", "persistentvolume", "persistentvolumes", "crd", "crds", "customresourcedefinition", "customresourcedefinitions":
			destroys = at(0) == "delete"
		default:
			destroys = at(0) == "delete" && (flags.has("--all", "-A", "--all-namespaces") || strings.HasPrefix(at(1), "namespace/") || strings.HasPrefix(at(1), "ns/"))
		}
		// apply --prune deletes what the manifests leave out; replace
		// --force deletes and recreates; drain evicts every pod of a node.
		destroys = destroys || at(0) == "apply" && flags.has("--prune") || at(0) == "replace" && flags.has("--force") || at(0) == "drain"
	}
	if destroys {
		r.finding(ruleInfraDestroy, Command, Ask, b+" deletes or overwrites resources outside the machine and every root: "+strings.Join(words[:min(len(words), 4)], " "), cmd, "")
	}
}

// certutilWrites judges the file Windows' certutil writes: the last of
// the operands of -decode, -decodehex, -encode and -encodehex (IN OUT),
// and of -urlcache (URL OUT), options written with - or /, which later
// commands may run (certutil -urlcache -f URL a.exe && a.exe).
func (r *run) certutilWrites(sc *scope, args []field, cmd string) {
	verb := ""
	var ops []field
	for _, a := range args {
		v := a.val
		if !a.dyn && len(v) > 1 && (v[0] == '-' || v[0] == '/') && isAlnum(v[1]) && !strings.ContainsAny(v[1:], "/\\:.") {
			switch l := asciiLower(v[1:]); l {
			case "decode", "decodehex", "encode", "encodehex", "urlcache":
				verb = l
			}
			continue
		}
		ops = append(ops, a)
	}
	if verb == "" || len(ops) < 2 {
		return
	}
	out := ops[len(ops)-1]
	r.judgeWrite(sc, out, ruleDiskWrite, cmd)
	r.noteWritten(out, "", false)
}

// forgeKeyAdd is a forge CLI's ssh-key, gpg-key or deploy-key add: a key
// added to the account or a repository lets whoever holds its private
// half in later, from anywhere (persistence).
var forgeKeyAdd = []Entry{{Names: names("add"), Summary: "adds a key that lets its holder in later (persistence)", Rule: rulePersistence, DataOnly: true}}
