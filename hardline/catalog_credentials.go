package hardline

import (
	"slices"
	"strings"
)

// Credential stores and the programs that print what they hold: reading a
// secret through the tool that guards it is reading a sensitive path
// (sensitive-path). Everyday uses (listing keys, checking a login, a
// region) stay allowed.
var _ = register([]Entry{
	{Names: names("gpg gpg2"), Family: "credentials", Summary: "--export-secret-keys and --export-secret-subkeys print private keys", DataOnly: true,
		Options: []Option{flag(RoleTrigger, "--export-secret-keys", "--export-secret-subkeys")}, Rule: ruleSensitivePath},
	{Names: names("security"), Family: "credentials", Summary: "macOS keychain: dump-keychain and find-*-password print secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("dump-keychain find-generic-password find-internet-password export"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("secret-tool kwallet-query"), Family: "credentials", Summary: "secret-tool lookup and kwallet-query -r print stored secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("lookup"), Rule: ruleSensitivePath, DataOnly: true}},
		Options:     []Option{flag(RoleTrigger, "-r", "--read-password")}, Rule: ruleSensitivePath},
	{Names: names("pass gopass"), Family: "credentials", Summary: "password stores: show prints a secret", DataOnly: true,
		Subcommands: []Entry{{Names: names("show cat otp"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("op"), Family: "credentials", Summary: "1Password: read and item get print secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("read"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("item"), DataOnly: true, Subcommands: []Entry{{Names: names("get"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("bw lpass"), Family: "credentials", Summary: "Bitwarden get and LastPass show print secrets", DataOnly: true,
		Subcommands: []Entry{{Names: names("get show export"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("gh"), Family: "credentials", Summary: "gh auth token prints the token, and so does auth status --show-token", DataOnly: true,
		Subcommands: []Entry{{Names: names("auth"), DataOnly: true, Subcommands: []Entry{
			{Names: names("token"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("status"), DataOnly: true, Options: []Option{flag(RoleTrigger, "-t", "--show-token")}, Rule: ruleSensitivePath}}}}},
	{Names: names("gcloud"), Family: "credentials", Summary: "gcloud auth print-access-token and print-identity-token print tokens", DataOnly: true,
		Subcommands: []Entry{{Names: names("auth"), DataOnly: true, Subcommands: []Entry{
			{Names: names("print-access-token print-identity-token"), Rule: ruleSensitivePath, DataOnly: true},
			{Names: names("application-default"), DataOnly: true, Subcommands: []Entry{{Names: names("print-access-token"), Rule: ruleSensitivePath, DataOnly: true}}}}}}},
	{Names: names("az"), Family: "credentials", Summary: "az account get-access-token prints a token", DataOnly: true,
		Subcommands: []Entry{{Names: names("account"), DataOnly: true, Subcommands: []Entry{{Names: names("get-access-token"), Rule: ruleSensitivePath, DataOnly: true}}}}},
	{Names: names("aws"), Family: "credentials", Summary: "aws configure get of a key, secret or token, and configure export-credentials, print credentials", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.awsCredentials(args, cmd)
			return true
		}},
	{Names: names("docker-credential-desktop docker-credential-osxkeychain docker-credential-secretservice docker-credential-pass docker-credential-wincred docker-credential-ecr-login docker-credential-gcloud"),
		Family: "credentials", Summary: "credential helpers: get prints a registry's credentials", DataOnly: true,
		Subcommands: []Entry{{Names: names("get list"), Rule: ruleSensitivePath, DataOnly: true}}},
})

// awsCredentials flags aws configure get of a credential and aws configure
// export-credentials.
func (r *run) awsCredentials(args []field, cmd string) {
	var words []string
	for _, a := range args {
		if !strings.HasPrefix(a.val, "-") {
			words = append(words, asciiLower(a.val))
		}
	}
	// Global options (--profile NAME) may come first: start at configure.
	i := slices.Index(words, "configure")
	if i < 0 || len(words) < i+2 {
		return
	}
	words = words[i:]
	secret := words[1] == "export-credentials"
	if words[1] == "get" && len(words) > 2 {
		k := words[2]
		secret = strings.Contains(k, "secret") || strings.Contains(k, "token") || strings.Contains(k, "key_id") || strings.Contains(k, "access_key")
	}
	if secret {
		r.finding(ruleSensitivePath, Path, Block, "aws configure prints a stored credential", cmd, "")
	}
}
