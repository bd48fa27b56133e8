package hardline

// conventionalDefaults are the values programs give variables that name
// credential files or the folders that hold them, when the environment
// does not set them ("~" is the home folder). A script that reads through
// such a variable without setting it (cat "$KUBECONFIG", cat
// $XDG_CONFIG_HOME/gh/hosts.yml) is judged as reading the default, the
// safer reading: the value may be anything, but that is where the
// credentials usually are. The word stays not known (an expansion), so
// what asks for an unknown folder still asks; the script's own assignment
// wins (see docs/security-model.md, Hardline).
var conventionalDefaults = map[string]string{
	// The XDG base folders (XDG_RUNTIME_DIR is /run/user/UID; the lists
	// match any UID there).
	"XDG_CONFIG_HOME": "~/.config",
	"XDG_DATA_HOME":   "~/.local/share",
	"XDG_STATE_HOME":  "~/.local/state",
	"XDG_CACHE_HOME":  "~/.cache",
	"XDG_RUNTIME_DIR": "/run/user/1000",
	// Tools' configuration folders.
	"DOCKER_CONFIG":     "~/.docker",
	"DOCKER_CERT_PATH":  "~/.docker",
	"GH_CONFIG_DIR":     "~/.config/gh",
	"CLOUDSDK_CONFIG":   "~/.config/gcloud",
	"AZURE_CONFIG_DIR":  "~/.azure",
	"CARGO_HOME":        "~/.cargo",
	"GNUPGHOME":         "~/.gnupg",
	"GRADLE_USER_HOME":  "~/.gradle",
	"KAGGLE_CONFIG_DIR": "~/.kaggle",
	"HF_HOME":           "~/.cache/huggingface",
	"CODEX_HOME":        "~/.codex",
	"CLAUDE_CONFIG_DIR": "~/.claude",
	// Files that hold credentials, named by the programs that read them.
	"KUBECONFIG":                     "~/.kube/config",
	"AWS_SHARED_CREDENTIALS_FILE":    "~/.aws/credentials",
	"AWS_CONFIG_FILE":                "~/.aws/config",
	"PGPASSFILE":                     "~/.pgpass",
	"NETRC":                          "~/.netrc",
	"GOOGLE_APPLICATION_CREDENTIALS": "~/.config/gcloud/application_default_credentials.json",
	"PASSWORD_STORE_DIR":             "~/.password-store",
	"NPM_CONFIG_USERCONFIG":          "~/.npmrc",
	"TF_CLI_CONFIG_FILE":             "~/.terraformrc",
	"BOTO_CONFIG":                    "~/.boto",
	"OCI_CLI_CONFIG_FILE":            "~/.oci/config",
	"SOPS_AGE_KEY_FILE":              "~/.config/sops/age/keys.txt",
	"HISTFILE":                       "~/.bash_history",
}

// conventionalDefault returns the default of a variable in
// conventionalDefaults, with the home folder in place of "~".
func (a *Analyzer) conventionalDefault(name string) (string, bool) {
	def, ok := conventionalDefaults[name]
	if !ok || a.home == "" && def[0] == '~' {
		return "", false
	}
	if def[0] == '~' {
		// Windows and macOS programs keep most of these below the home
		// too (%USERPROFILE%\.kube\config).
		def = a.home + def[1:]
	} else if a.goos != "linux" && a.goos != "" {
		return "", false // /run/user is Linux's
	}
	return def, true
}
