package audit

import (
	"bytes"
	"encoding/base64"
	"slices"
	"strconv"

	"github.com/toolgate/toolgate/internal/words"
)

// A shape is a kind of secret recognised by how it looks. Each starts at an
// anchor (a prefix such as "ghp_", or a word such as "bearer ") that the
// scan finds case-insensitively; the shape's check then decides, reading
// forward from the anchor by at most maxScan bytes, whether a secret is
// there and which bytes to redact.
type shape struct {
	// name is the stable name of the shape, listed by Shapes.
	name string
	// about says what the shape is, for the documentation.
	about string
	// anchors are the prefixes the scan looks for.
	anchors []string
	// caseSensitive: the anchor must match exactly as written.
	caseSensitive bool
	// body is the set of bytes a value may hold after the anchor.
	body *byteSet
	// min and max bound the length of the value after the anchor.
	min, max int
	// mixed: the value must hold a digit and a letter, or both cases,
	// which keeps words and prose out.
	mixed bool
	// valueOnly: redact the value and keep the anchor readable ("Bearer ").
	valueOnly bool
	// textOnly: the shape is a key=value form for free text; it is not
	// applied to the serialized JSON of an event, whose keys are handled
	// structurally.
	textOnly bool
	// check, when set, replaces the generic check.
	check func(t []byte, at, anchorLen int) (span, bool)
	// post, when set, further checks what the generic check found.
	post func(value []byte) bool
	// checks, when set, replaces check for a shape that may find several
	// values after one anchor (a command's arguments); it appends them to
	// out.
	checks func(t []byte, at, anchorLen int, out []span) []span
	// scan, when set, is a shape without anchors: it reads the whole text
	// and appends what it finds to out.
	scan func(t []byte, out []span) []span
}

// maxScan bounds how far any shape reads past its anchor, so hostile input
// full of anchors costs linear time.
const maxScan = 4096

type byteSet [256]bool

func set(groups ...string) *byteSet {
	var s byteSet
	for _, g := range groups {
		for i := 0; i < len(g); i++ {
			if i+2 < len(g) && g[i+1] == '-' {
				for c := g[i]; c <= g[i+2]; c++ {
					s[c] = true
				}
				i += 2
				continue
			}
			s[g[i]] = true
		}
	}
	return &s
}

var (
	upperDigits = set("A-Z0-9")
	digitSet    = set("0-9")
	alnum       = set("A-Za-z0-9")
	alnumUnder  = set("A-Za-z0-9_")
	alnumDash   = set("A-Za-z0-9-")
	b64url      = set("A-Za-z0-9-_")
	b64urlDot   = set("A-Za-z0-9-_.")
	b64Pad      = set("A-Za-z0-9+/=")
	tokenChars  = set("A-Za-z0-9-._~+/=")
	webhookPath = set("A-Za-z0-9/")
	sasChars    = set("A-Za-z0-9%+/=")
	azureChars  = set("A-Za-z0-9_~.-")
	wordChars   = set("A-Za-z0-9_")
	keyTail     = set("A-Za-z0-9_-")
	lowerHex    = set("0-9a-f")
	hexUpper    = set("0-9a-fA-F")
	blank       = set(" \t\r\n")
	letter      = set("A-Za-z")
)

// shapes is the registry of known secret shapes. Add a shape by adding a
// row; the tests walk the table.
var shapes = []shape{
	{name: "aws-access-key-id", about: "AWS access key IDs (AKIA..., ASIA..., and the other IAM prefixes), with a secret access key that follows on the same line",
		anchors:       []string{"AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "APKA", "ASCA"},
		caseSensitive: true, check: awsKeyPair},
	{name: "gcp-api-key", about: "Google Cloud API keys (AIza...)",
		anchors: []string{"AIza"}, caseSensitive: true, body: b64url, min: 35, max: 35},
	{name: "gcp-oauth-client-secret", about: "Google OAuth client secrets (GOCSPX-...)",
		anchors: []string{"GOCSPX-"}, caseSensitive: true, body: b64url, min: 20, max: 64},
	{name: "azure-storage-key", about: "Azure storage account keys (AccountKey=...)",
		anchors: []string{"AccountKey="}, body: b64Pad, min: 80, max: 100, valueOnly: true},
	{name: "azure-sas-signature", about: "Azure shared access signatures (sig=...)",
		anchors: []string{"sig="}, body: sasChars, min: 20, max: 256, valueOnly: true},
	{name: "azure-client-secret", about: "Microsoft Entra client secrets (xxx8Q~...)",
		anchors: []string{"Q~"}, caseSensitive: true, check: azureClientSecret},
	{name: "github-token", about: "GitHub personal, OAuth, user, server and refresh tokens (ghp_, gho_, ghu_, ghs_, ghr_)",
		anchors: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}, caseSensitive: true, body: alnum, min: 30, max: 255},
	{name: "github-fine-grained-token", about: "GitHub fine-grained personal access tokens (github_pat_...)",
		anchors: []string{"github_pat_"}, caseSensitive: true, body: alnumUnder, min: 40, max: 255},
	{name: "gitlab-token", about: "GitLab personal, deploy, runner, CI build, trigger, feed, SCIM, OAuth and feature-flag tokens (glpat-, gldt-, glffct-, ...)",
		anchors:       []string{"glpat-", "gldt-", "glrt-", "glcbt-", "glptt-", "glft-", "glsoat-", "glimt-", "gloas-", "glagent-", "glffct-", "glrtr-"},
		caseSensitive: true, body: b64urlDot, min: 20, max: 255},
	{name: "slack-token", about: "Slack bot, user, app and refresh tokens (xoxb-, xoxp-, xapp-, ...)",
		anchors: []string{"xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxe-", "xapp-"}, caseSensitive: true, body: alnumDash, min: 10, max: 255},
	{name: "slack-webhook", about: "Slack incoming, workflow and trigger webhook URLs",
		anchors: []string{"hooks.slack.com/services/", "hooks.slack.com/workflows/", "hooks.slack.com/triggers/"}, body: webhookPath, min: 20, max: 255, valueOnly: true},
	{name: "stripe-key", about: "Stripe secret and restricted keys and webhook secrets (sk_live_, rk_test_, whsec_, ...)",
		anchors: []string{"sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"}, caseSensitive: true, body: alnum, min: 16, max: 255},
	{name: "openai-style-key", about: "OpenAI-style API keys (sk-..., sk-proj-..., sk-ant-...)",
		anchors: []string{"sk-"}, caseSensitive: true, body: b64url, min: 20, max: 255, mixed: true},
	{name: "npm-token", about: "npm access tokens (npm_...)",
		anchors: []string{"npm_"}, caseSensitive: true, body: alnum, min: 36, max: 36},
	{name: "pypi-token", about: "PyPI upload tokens (pypi-AgE...)",
		anchors: []string{"pypi-AgE"}, caseSensitive: true, body: b64url, min: 50, max: 255},
	{name: "huggingface-token", about: "Hugging Face access tokens (hf_...)",
		anchors: []string{"hf_"}, caseSensitive: true, body: alnum, min: 30, max: 40, mixed: true},
	{name: "digitalocean-token", about: "DigitalOcean personal, OAuth and refresh tokens (dop_v1_, doo_v1_, dor_v1_)",
		anchors: []string{"dop_v1_", "doo_v1_", "dor_v1_"}, caseSensitive: true, body: lowerHex, min: 64, max: 64},
	{name: "sendgrid-key", about: "SendGrid API keys (SG.<22>.<43>)",
		anchors: []string{"SG."}, caseSensitive: true, check: sendgrid},
	{name: "vault-token", about: "HashiCorp Vault service, batch and recovery tokens (hvs., hvb., hvr.)",
		anchors: []string{"hvs.", "hvb.", "hvr."}, caseSensitive: true, body: b64url, min: 24, max: 512},
	{name: "twilio-api-key", about: "Twilio API key and account SIDs (SK or AC and 32 hex digits)",
		anchors: []string{"SK", "AC"}, caseSensitive: true, body: hexUpper, min: 32, max: 32},
	{name: "docker-hub-token", about: "Docker Hub personal and organisation access tokens (dckr_pat_, dckr_oat_)",
		anchors: []string{"dckr_pat_", "dckr_oat_"}, caseSensitive: true, body: b64url, min: 20, max: 128},
	{name: "grafana-token", about: "Grafana service account and Cloud tokens (glsa_, glc_)",
		anchors: []string{"glsa_", "glc_"}, caseSensitive: true, body: set("A-Za-z0-9_=+/"), min: 32, max: 512, mixed: true},
	{name: "shopify-token", about: "Shopify access tokens and shared secrets (shpat_, shpca_, shppa_, shpss_)",
		anchors: []string{"shpat_", "shpca_", "shppa_", "shpss_"}, caseSensitive: true, body: hexUpper, min: 32, max: 32},
	{name: "databricks-token", about: "Databricks personal access tokens (dapi and 32 hex digits)",
		anchors: []string{"dapi"}, caseSensitive: true, body: set("0-9a-f-"), min: 32, max: 40, mixed: true},
	{name: "linear-key", about: "Linear API keys and OAuth tokens (lin_api_, lin_oauth_)",
		anchors: []string{"lin_api_", "lin_oauth_"}, caseSensitive: true, body: alnum, min: 40, max: 64},
	{name: "age-secret-key", about: "age encryption secret keys (AGE-SECRET-KEY-1...)",
		anchors: []string{"AGE-SECRET-KEY-1"}, caseSensitive: true, body: upperDigits, min: 58, max: 58},
	{name: "google-oauth-token", about: "Google OAuth access tokens (ya29.)",
		anchors: []string{"ya29."}, caseSensitive: true, body: b64url, min: 20, max: 2048},
	{name: "sentry-token", about: "Sentry organisation and user auth tokens (sntrys_, sntryu_)",
		anchors: []string{"sntrys_", "sntryu_"}, caseSensitive: true, body: set("A-Za-z0-9_=+/"), min: 32, max: 1024},
	{name: "pulumi-token", about: "Pulumi access tokens (pul-)",
		anchors: []string{"pul-"}, caseSensitive: true, body: lowerHex, min: 40, max: 40},
	{name: "elevenlabs-key", about: "ElevenLabs API keys (sk_ and 48 lower-case hex digits)",
		anchors: []string{"sk_"}, caseSensitive: true, body: lowerHex, min: 48, max: 48},
	{name: "rubygems-key", about: "RubyGems API keys (rubygems_)",
		anchors: []string{"rubygems_"}, caseSensitive: true, body: lowerHex, min: 48, max: 48},
	{name: "tailscale-key", about: "Tailscale auth and API keys (tskey-)",
		anchors: []string{"tskey-"}, caseSensitive: true, body: alnumDash, min: 20, max: 128, mixed: true},
	{name: "xai-key", about: "xAI API keys (xai-)",
		anchors: []string{"xai-"}, caseSensitive: true, body: alnumUnder, min: 70, max: 100, mixed: true},
	{name: "groq-key", about: "Groq API keys (gsk_)",
		anchors: []string{"gsk_"}, caseSensitive: true, body: alnum, min: 52, max: 52},
	{name: "perplexity-key", about: "Perplexity API keys (pplx-)",
		anchors: []string{"pplx-"}, caseSensitive: true, body: alnum, min: 48, max: 48},
	{name: "replicate-token", about: "Replicate API tokens (r8_)",
		anchors: []string{"r8_"}, caseSensitive: true, body: b64url, min: 37, max: 37, mixed: true},
	{name: "langsmith-key", about: "LangSmith personal and service keys (lsv2_pt_, lsv2_sk_)",
		anchors: []string{"lsv2_pt_", "lsv2_sk_"}, caseSensitive: true, body: set("0-9a-f_"), min: 43, max: 43},
	{name: "atlassian-token", about: "Atlassian API tokens (ATATT3...)",
		anchors: []string{"ATATT3", "ATCTT3"}, caseSensitive: true, body: set("A-Za-z0-9_=-"), min: 150, max: 250},
	{name: "notion-token", about: "Notion integration tokens (ntn_)",
		anchors: []string{"ntn_"}, caseSensitive: true, body: alnum, min: 40, max: 60, mixed: true},
	{name: "postman-key", about: "Postman API keys (PMAK-)",
		anchors: []string{"PMAK-"}, caseSensitive: true, body: set("0-9a-f-"), min: 59, max: 59},
	{name: "supabase-token", about: "Supabase access tokens (sbp_)",
		anchors: []string{"sbp_"}, caseSensitive: true, body: lowerHex, min: 40, max: 40},
	{name: "planetscale-token", about: "PlanetScale service tokens, passwords and OAuth tokens (pscale_tkn_, pscale_pw_, pscale_oauth_)",
		anchors: []string{"pscale_tkn_", "pscale_pw_", "pscale_oauth_"}, caseSensitive: true, body: set("A-Za-z0-9_=.-"), min: 32, max: 64},
	{name: "doppler-token", about: "Doppler personal, service, service-account, CLI, SCIM and audit tokens (dp.pt., dp.st., ...)",
		anchors: []string{"dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."}, caseSensitive: true, body: set("A-Za-z0-9_."), min: 40, max: 64, mixed: true},
	{name: "newrelic-key", about: "New Relic user and ingest keys (NRAK-, NRII-, NRJS-)",
		anchors: []string{"NRAK-", "NRII-", "NRJS-"}, caseSensitive: true, body: alnumDash, min: 19, max: 40, mixed: true},
	{name: "figma-token", about: "Figma personal access tokens (figd_)",
		anchors: []string{"figd_"}, caseSensitive: true, body: b64url, min: 40, max: 64},
	{name: "square-token", about: "Square access tokens and OAuth secrets (sq0atp-, sq0csp-)",
		anchors: []string{"sq0atp-", "sq0csp-"}, caseSensitive: true, body: b64url, min: 22, max: 64},
	{name: "mailgun-key", about: "Mailgun private API keys (key- and 32 hex digits)",
		anchors: []string{"key-"}, caseSensitive: true, body: lowerHex, min: 32, max: 32},
	{name: "heroku-key", about: "Heroku API keys (HRKU-)",
		anchors: []string{"HRKU-"}, caseSensitive: true, body: b64url, min: 40, max: 80},
	{name: "contentful-token", about: "Contentful personal access tokens (CFPAT-)",
		anchors: []string{"CFPAT-"}, caseSensitive: true, body: b64url, min: 43, max: 43},
	{name: "dynatrace-token", about: "Dynatrace API tokens (dt0c01.)",
		anchors: []string{"dt0c01."}, caseSensitive: true, body: set("A-Za-z0-9."), min: 89, max: 89},
	{name: "mapbox-secret-token", about: "Mapbox secret access tokens (sk.eyJ...)",
		anchors: []string{"sk.eyJ"}, caseSensitive: true, body: b64urlDot, min: 40, max: 512},
	{name: "buildkite-token", about: "Buildkite user access tokens (bkua_)",
		anchors: []string{"bkua_"}, caseSensitive: true, body: lowerHex, min: 40, max: 40},
	{name: "circleci-token", about: "CircleCI personal API tokens (CCIPAT_)",
		anchors: []string{"CCIPAT_"}, caseSensitive: true, body: alnumUnder, min: 60, max: 70},
	{name: "sourcegraph-token", about: "Sourcegraph access tokens (sgp_)",
		anchors: []string{"sgp_"}, caseSensitive: true, body: set("0-9a-f_"), min: 40, max: 60},
	{name: "adafruit-key", about: "Adafruit IO keys (aio_)",
		anchors: []string{"aio_"}, caseSensitive: true, body: alnum, min: 28, max: 28, mixed: true},
	{name: "prefect-key", about: "Prefect API keys (pnu_)",
		anchors: []string{"pnu_"}, caseSensitive: true, body: alnum, min: 36, max: 36, mixed: true},
	{name: "flutterwave-key", about: "Flutterwave secret keys (FLWSECK-, FLWSECK_TEST-)",
		anchors: []string{"FLWSECK-", "FLWSECK_TEST-"}, caseSensitive: true, body: set("0-9a-fX-"), min: 32, max: 40},
	{name: "telegram-bot-token", about: "Telegram bot tokens (digits, a colon, and A followed by 34 characters)",
		anchors: []string{":A"}, caseSensitive: true, check: telegramBot},
	{name: "gitlab-runner-registration-token", about: "GitLab runner registration tokens (GR1348941)",
		anchors: []string{"GR1348941"}, caseSensitive: true, body: b64url, min: 20, max: 40},
	{name: "aws-session-token", about: "AWS session tokens (FwoGZXIvYXdzE..., IQoJb3JpZ2luX2Vj...)",
		anchors: []string{"FwoGZXIvYXdzE", "IQoJb3JpZ2luX2Vj"}, caseSensitive: true, body: b64Pad, min: 100, max: maxScan},
	{name: "google-refresh-token", about: "Google OAuth refresh tokens (1//0...)",
		anchors: []string{"1//0"}, caseSensitive: true, body: b64url, min: 40, max: 512, mixed: true},
	{name: "terraform-cloud-token", about: "Terraform Cloud and Enterprise API tokens (14 characters, .atlasv1., 60 to 70 more)",
		anchors: []string{".atlasv1."}, caseSensitive: true, check: terraformToken},
	{name: "netlify-token", about: "Netlify personal access tokens (nfp_)",
		anchors: []string{"nfp_"}, caseSensitive: true, body: alnum, min: 36, max: 40, mixed: true},
	{name: "render-key", about: "Render API keys (rnd_)",
		anchors: []string{"rnd_"}, caseSensitive: true, body: alnum, min: 32, max: 32, mixed: true},
	{name: "fly-token", about: "Fly.io tokens (fo1_, and the macaroons fm1a_, fm1r_, fm2_)",
		anchors: []string{"fo1_", "fm1a_", "fm1r_", "fm2_"}, caseSensitive: true, body: set("A-Za-z0-9_=+/-"), min: 40, max: maxScan, mixed: true},
	{name: "bitbucket-app-password", about: "Bitbucket app passwords (ATBB)",
		anchors: []string{"ATBB"}, caseSensitive: true, body: alnum, min: 32, max: 32, mixed: true},
	{name: "alibaba-access-key-id", about: "Alibaba Cloud AccessKey IDs (LTAI)",
		anchors: []string{"LTAI"}, caseSensitive: true, body: alnum, min: 12, max: 20, mixed: true},
	{name: "tencent-secret-id", about: "Tencent Cloud SecretIds (AKID)",
		anchors: []string{"AKID"}, caseSensitive: true, body: alnum, min: 32, max: 32, mixed: true},
	{name: "yandex-token", about: "Yandex OAuth tokens (y0_) and API keys (AQVN)",
		anchors: []string{"y0_", "AQVN"}, caseSensitive: true, body: b64url, min: 35, max: 80, mixed: true},
	{name: "dropbox-token", about: "Dropbox short-lived access tokens (sl.)",
		anchors: []string{"sl."}, caseSensitive: true, body: b64urlDot, min: 100, max: 2048, mixed: true},
	{name: "notion-legacy-token", about: "Notion integration secrets of the older form (secret_ and 43 characters)",
		anchors: []string{"secret_"}, caseSensitive: true, body: alnum, min: 43, max: 43, mixed: true},
	{name: "resend-key", about: "Resend API keys (re_)",
		anchors: []string{"re_"}, caseSensitive: true, body: alnumUnder, min: 30, max: 40, mixed: true},
	{name: "1password-service-account-token", about: "1Password service account tokens (ops_eyJ)",
		anchors: []string{"ops_eyJ"}, caseSensitive: true, body: b64Pad, min: 100, max: maxScan},
	{name: "jfrog-token", about: "JFrog API keys (AKCp) and reference tokens (cmVmdGtu)",
		anchors: []string{"AKCp", "cmVmdGtuOjAxOj"}, caseSensitive: true, body: b64url, min: 40, max: 128, mixed: true},
	{name: "vercel-token", about: "Vercel access tokens (vcp_, vci_, vca_, vcr_, vck_)",
		anchors: []string{"vcp_", "vci_", "vca_", "vcr_", "vck_"}, caseSensitive: true, body: alnum, min: 24, max: 80, mixed: true},
	{name: "discord-webhook", about: "Discord webhook URLs",
		anchors: []string{"discord.com/api/webhooks/", "discordapp.com/api/webhooks/"}, body: set("A-Za-z0-9/_-"), min: 60, max: 255, valueOnly: true},
	{name: "teams-webhook", about: "Microsoft Teams incoming webhook URLs (webhook.office.com/webhookb2/)",
		anchors: []string{"webhook.office.com/webhookb2/"}, body: set("A-Za-z0-9/@_-"), min: 60, max: 512, valueOnly: true},
	{name: "tavily-key", about: "Tavily API keys (tvly-)",
		anchors: []string{"tvly-"}, caseSensitive: true, body: alnumDash, min: 32, max: 64, mixed: true},
	{name: "firecrawl-key", about: "Firecrawl API keys (fc- and 32 hex digits)",
		anchors: []string{"fc-"}, caseSensitive: true, body: lowerHex, min: 32, max: 32, mixed: true},
	{name: "brave-search-key", about: "Brave Search API keys (BSA)",
		anchors: []string{"BSA"}, caseSensitive: true, body: b64url, min: 25, max: 32, mixed: true},
	{name: "pinecone-key", about: "Pinecone API keys (pcsk_)",
		anchors: []string{"pcsk_"}, caseSensitive: true, body: alnumUnder, min: 60, max: 90, mixed: true},
	{name: "anyscale-key", about: "Anyscale API keys (esecret_)",
		anchors: []string{"esecret_"}, caseSensitive: true, body: alnum, min: 25, max: 40, mixed: true},
	{name: "fireworks-key", about: "Fireworks AI API keys (fw_)",
		anchors: []string{"fw_"}, caseSensitive: true, body: alnum, min: 20, max: 40, mixed: true},
	{name: "voyage-key", about: "Voyage AI API keys (pa-)",
		anchors: []string{"pa-"}, caseSensitive: true, body: b64url, min: 40, max: 50, mixed: true},
	{name: "modal-token", about: "Modal token IDs and secrets (ak-, as-)",
		anchors: []string{"ak-", "as-"}, caseSensitive: true, body: alnum, min: 20, max: 30, mixed: true},
	{name: "nvidia-key", about: "NVIDIA API catalog keys (nvapi-)",
		anchors: []string{"nvapi-"}, caseSensitive: true, body: b64url, min: 60, max: 80, mixed: true},
	{name: "cerebras-key", about: "Cerebras API keys (csk-)",
		anchors: []string{"csk-"}, caseSensitive: true, body: alnum, min: 40, max: 64, mixed: true},
	{name: "jina-key", about: "Jina AI API keys (jina_)",
		anchors: []string{"jina_"}, caseSensitive: true, body: alnumUnder, min: 40, max: 80, mixed: true},
	{name: "e2b-key", about: "E2B API keys (e2b_ and 40 hex digits)",
		anchors: []string{"e2b_"}, caseSensitive: true, body: lowerHex, min: 40, max: 40, mixed: true},
	{name: "supabase-secret-key", about: "Supabase secret API keys (sb_secret_)",
		anchors: []string{"sb_secret_"}, caseSensitive: true, body: b64url, min: 20, max: 64},
	{name: "brevo-key", about: "Brevo (Sendinblue) API and SMTP keys (xkeysib-, xsmtpsib-)",
		anchors: []string{"xkeysib-", "xsmtpsib-"}, caseSensitive: true, body: alnumDash, min: 70, max: 90},
	{name: "honeycomb-key", about: "Honeycomb ingest and configuration keys (hcaik_, hcxik_, hcaak_, hcxak_)",
		anchors: []string{"hcaik_", "hcxik_", "hcaak_", "hcxak_"}, caseSensitive: true, body: alnum, min: 50, max: 70},
	{name: "mailchimp-key", about: "Mailchimp API keys (32 hex digits, -us and the data centre's number)",
		anchors: []string{"-us"}, caseSensitive: true, check: mailchimp},
	{name: "azure-devops-pat", about: "Azure DevOps personal access tokens of 84 characters (AZDO at 76)",
		anchors: []string{"AZDO"}, caseSensitive: true, check: azureDevOps},
	{name: "braintree-token", about: "Braintree and PayPal access tokens (access_token$production$)",
		anchors: []string{"access_token$production$", "access_token$sandbox$"}, caseSensitive: true, body: set("a-z0-9$"), min: 40, max: 128},
	{name: "huggingface-org-token", about: "Hugging Face organisation API tokens (api_org_)",
		anchors: []string{"api_org_"}, caseSensitive: true, body: alnum, min: 30, max: 40, mixed: true},
	{name: "databricks-oauth-secret", about: "Databricks OAuth secrets (dose and 32 hex digits)",
		anchors: []string{"dose"}, caseSensitive: true, body: lowerHex, min: 32, max: 32, mixed: true},
	{name: "neon-key", about: "Neon API keys (napi_)",
		anchors: []string{"napi_"}, caseSensitive: true, body: alnum, min: 40, max: 80, mixed: true},
	{name: "sonarqube-token", about: "SonarQube user, project and global tokens (squ_, sqp_, sqa_)",
		anchors: []string{"squ_", "sqp_", "sqa_"}, caseSensitive: true, body: lowerHex, min: 40, max: 40, mixed: true},
	{name: "openshift-token", about: "OpenShift user tokens (sha256~)",
		anchors: []string{"sha256~"}, caseSensitive: true, body: b64url, min: 43, max: 43},
	{name: "twitter-bearer-token", about: "X (Twitter) app bearer tokens (21 A's, then the token)",
		anchors: []string{"AAAAAAAAAAAAAAAAAAAAA"}, caseSensitive: true, body: set("A-Za-z0-9%"), min: 50, max: 200, mixed: true},
	{name: "grafana-api-key", about: "Grafana API keys of the older form (eyJrIjoi)",
		anchors: []string{"eyJrIjoi"}, caseSensitive: true, body: b64Pad, min: 40, max: 256},
	{name: "typeform-token", about: "Typeform personal access tokens (tfp_)",
		anchors: []string{"tfp_"}, caseSensitive: true, body: b64url, min: 40, max: 64, mixed: true},
	{name: "shippo-token", about: "Shippo API tokens (shippo_live_, shippo_test_)",
		anchors: []string{"shippo_live_", "shippo_test_"}, caseSensitive: true, body: lowerHex, min: 40, max: 40},
	{name: "easypost-key", about: "EasyPost API keys (EZAK, EZTK)",
		anchors: []string{"EZAK", "EZTK"}, caseSensitive: true, body: alnum, min: 50, max: 60, mixed: true},
	{name: "plaid-token", about: "Plaid access tokens (access-production-, access-development-, access-sandbox-)",
		anchors: []string{"access-production-", "access-development-", "access-sandbox-"}, caseSensitive: true, body: set("a-f0-9-"), min: 36, max: 36},
	{name: "scalingo-token", about: "Scalingo API tokens (tk-us-)",
		anchors: []string{"tk-us-"}, caseSensitive: true, body: b64url, min: 40, max: 64, mixed: true},
	{name: "airtable-token", about: "Airtable personal access tokens (pat, 14 characters, a dot, 64 hex digits)",
		anchors: []string{"pat"}, caseSensitive: true, check: airtable},
	{name: "discord-bot-token", about: "Discord bot tokens (the bot's ID in base64, a dot, 6 characters, a dot, 27 to 38 more)",
		anchors: discordAnchors(), caseSensitive: true, check: discordBot},
	{name: "newrelic-license-key", about: "New Relic license keys (36 hex digits and NRAL)",
		anchors: []string{"NRAL"}, caseSensitive: true, check: newRelicLicense},
	{name: "cloudflare-origin-ca-key", about: "Cloudflare Origin CA keys (v1.0-, 24 hex digits, -, 146 more)",
		anchors: []string{"v1.0-"}, caseSensitive: true, body: set("0-9a-f-"), min: 171, max: 171},
	{name: "meta-access-token", about: "Meta (Facebook, Instagram, WhatsApp) and Square access tokens (EAA...)",
		anchors: []string{"EAA"}, caseSensitive: true, check: metaToken},
	{name: "vault-legacy-token", about: "HashiCorp Vault service tokens of the older form (s. and 24 characters)",
		anchors: []string{"s."}, caseSensitive: true, check: vaultLegacy},
	{name: "putty-private-key", about: "the private lines of a PuTTY key file (.ppk), after Private-Lines:",
		anchors: []string{"Private-Lines:"}, caseSensitive: true, check: puttyPrivate},
	{name: "base64-wrapped-secret", about: "base64 of a PEM private key, of JSON that holds a secret (kubeconfig client-key-data, .dockerconfigjson, a service account key in an environment variable), or of a value that starts as a token or a URL with a password does, redacted whole",
		anchors: base64WrapAnchors, check: base64Wrapped}, // its anchors are matched exactly by base64Wrapped
	{name: "nuget-key", about: "NuGet API keys (oy2 and 43 lower-case letters and digits)",
		anchors: []string{"oy2"}, caseSensitive: true, body: set("a-z0-9"), min: 43, max: 43, mixed: true},
	{name: "password-option", about: "the password given to a command's password option (mysql -pVALUE, sshpass -p, docker login -p, openssl -k, redis-cli -a, mongosh -p, ldapsearch -w, sqlcmd -P, zip -P, 7z -p, keytool and jarsigner -storepass and -keypass, ssh-keygen -N and -P, xfreerdp /p:, twine, az login and dotnet nuget -p, security add-generic-password -w)",
		anchors: passwordOptionAnchors(), textOnly: true, checks: passwordOption},
	{name: "oracle-connect", about: "the password of an Oracle connect string USER/PASSWORD@DB (jdbc:oracle:thin:..., userid=, CONNECT, sqlplus, expdp, impdp, sqlldr, rman, dgmgrl)",
		anchors: []string{"jdbc:oracle:", "userid=", "connect ", "sqlplus ", "expdp ", "impdp ", "sqlldr ", "rman ", "dgmgrl "}, textOnly: true, checks: oracleConnect},
	{name: "argument-secret", about: "a secret a command takes as a plain word (htpasswd -b FILE USER PASSWORD, gh secret set NAME --body VALUE, vault kv put PATH KEY=VALUE, kubectl create secret --from-literal=KEY=VALUE, vault login TOKEN, rclone config create's secret-named keys, net user NAME PASSWORD, net use SHARE PASSWORD, Samba's -U USER%PASSWORD)",
		anchors: argumentSecretAnchors, caseSensitive: true, textOnly: true, checks: argumentSecret},
	{name: "piped-secret", about: "the value echoed into a command that reads a credential from stdin (echo VALUE | docker login --password-stdin, gh auth login --with-token, docker secret create, sudo -S, chpasswd, vercel env add, gcloud secrets create, pass insert, secret-tool store), or given it in a here-string",
		anchors: pipedSecretAnchors, caseSensitive: true, textOnly: true, checks: pipedSecret},
	{name: "kubernetes-secret-data", about: "the values under a Kubernetes Secret's data: and stringData: (kubectl get secret -o yaml or json, a manifest), whatever their keys' names",
		anchors: kubeSecretAnchors, caseSensitive: true, checks: kubeSecretData},
	{name: "dotnet-setting", about: "the value of a .NET <add key=\"NAME\" value=\"...\"/> setting whose key names a secret",
		anchors: []string{"<add "}, textOnly: true, checks: dotnetSetting},
	{name: "http-digest", about: "the response and nonces of an HTTP Digest authorization (Digest username=..., nonce=..., response=...)",
		anchors: []string{"digest "}, textOnly: true, checks: digestAuth},
	{name: "mailgun-private-key", about: "Mailgun private API keys of the newer form (32 hex digits, -, 8, -, 8) near the word mailgun",
		anchors: []string{"mailgun"}, checks: mailgunKey},
	{name: "age-plugin-identity", about: "age plugin identities (AGE-PLUGIN-NAME-1...)",
		anchors: []string{"AGE-PLUGIN-"}, caseSensitive: true, check: agePlugin},
	{name: "1password-secret-key", about: "1Password account secret keys (A3-XXXXXX-...)",
		anchors: []string{"A3-"}, caseSensitive: true, body: set("A-Z0-9-"), min: 36, max: 37, mixed: true, post: onePasswordSecretKey},
	{name: "adobe-client-secret", about: "Adobe client secrets (p8e-)",
		anchors: []string{"p8e-"}, caseSensitive: true, body: alnum, min: 32, max: 32, mixed: true},
	{name: "aws-bedrock-key", about: "Amazon Bedrock API keys (ABSK..., bedrock-api-key-...)",
		anchors: []string{"ABSK", "bedrock-api-key-"}, caseSensitive: true, body: b64Pad, min: 40, max: 1024, mixed: true},
	{name: "clickhouse-cloud-key", about: "ClickHouse Cloud API secret keys (4b1d and 38 letters and digits)",
		anchors: []string{"4b1d"}, caseSensitive: true, body: alnum, min: 38, max: 38, mixed: true},
	{name: "clojars-token", about: "Clojars deploy tokens (CLOJARS_)",
		anchors: []string{"CLOJARS_"}, caseSensitive: true, body: alnum, min: 60, max: 60},
	{name: "duffel-token", about: "Duffel API tokens (duffel_live_, duffel_test_)",
		anchors: []string{"duffel_live_", "duffel_test_"}, caseSensitive: true, body: set("A-Za-z0-9_=-"), min: 43, max: 43},
	{name: "frameio-token", about: "Frame.io API tokens (fio-u-)",
		anchors: []string{"fio-u-"}, caseSensitive: true, body: set("A-Za-z0-9_=-"), min: 64, max: 64},
	{name: "harness-key", about: "Harness personal and service account tokens (pat. or sat., 22, 24 and 20 characters)",
		anchors: []string{"pat.", "sat."}, caseSensitive: true, check: harnessKey},
	{name: "infracost-key", about: "Infracost API keys (ico-)",
		anchors: []string{"ico-"}, caseSensitive: true, body: alnum, min: 32, max: 32, mixed: true},
	{name: "intra42-secret", about: "42 intranet client secrets (s-s4t2ud-, s-s4t2af-)",
		anchors: []string{"s-s4t2ud-", "s-s4t2af-"}, caseSensitive: true, body: lowerHex, min: 64, max: 64},
	{name: "octopus-deploy-key", about: "Octopus Deploy API keys (API- and 26 upper-case letters and digits)",
		anchors: []string{"API-"}, caseSensitive: true, body: upperDigits, min: 25, max: 32, mixed: true},
	{name: "readme-key", about: "ReadMe API keys (rdme_)",
		anchors: []string{"rdme_"}, caseSensitive: true, body: alnum, min: 70, max: 70},
	{name: "settlemint-token", about: "SettleMint application, personal and service tokens (sm_aat_, sm_pat_, sm_sat_)",
		anchors: []string{"sm_aat_", "sm_pat_", "sm_sat_"}, caseSensitive: true, body: alnum, min: 16, max: 16, mixed: true},
	{name: "posthog-personal-key", about: "PostHog personal API keys (phx_)",
		anchors: []string{"phx_"}, caseSensitive: true, body: alnum, min: 40, max: 50, mixed: true},
	{name: "neon-password", about: "Neon database passwords (npg_)",
		anchors: []string{"npg_"}, caseSensitive: true, body: alnum, min: 12, max: 16, mixed: true},
	{name: "launchdarkly-sdk-key", about: "LaunchDarkly server-side SDK keys (sdk- and a UUID)",
		anchors: []string{"sdk-"}, caseSensitive: true, body: set("0-9a-f-"), min: 36, max: 36, mixed: true, post: isUUID},
	{name: "okta-token", about: "Okta API tokens after the SSWS authorization scheme",
		anchors: []string{"ssws "}, body: set("A-Za-z0-9_=-"), min: 40, max: 64, mixed: true, valueOnly: true},
	{name: "asana-token", about: "Asana personal access tokens (2/USER/APP:32 hex digits)",
		anchors: []string{"1/", "2/"}, caseSensitive: true, check: asanaToken},
	{name: "clickup-token", about: "ClickUp personal API tokens (pk_, digits, _, 32 upper-case letters and digits)",
		anchors: []string{"pk_"}, caseSensitive: true, check: clickupToken},
	{name: "maxmind-license-key", about: "MaxMind license keys (6 characters, _, 29 more, _mmk)",
		anchors: []string{"_mmk"}, caseSensitive: true, check: maxmindKey},
	{name: "jwt", about: "JSON Web Tokens and JWE (three or five base64url segments, the first a JSON header)",
		anchors: []string{"eyJ"}, caseSensitive: true, check: jwt},
	{name: "pem-private-key", about: "PEM private key blocks, from BEGIN to END (to the end of the text when END is missing)",
		anchors: []string{"-----BEGIN "}, check: pemPrivateKey},
	{name: "bearer", about: "bearer authorization values",
		anchors: []string{"bearer "}, body: tokenChars, min: 16, max: maxScan, mixed: true, valueOnly: true},
	{name: "basic", about: "basic authorization values (base64 of user:password)",
		anchors: []string{"basic "}, body: b64Pad, min: 8, max: maxScan, valueOnly: true, post: basicCredentials},
	{name: "url-password", about: "the password in a URL's user:password@",
		anchors: []string{"://"}, check: urlPassword},
	{name: "user-option", about: "the password in a command's user option (curl -u NAME:PASSWORD, --user, --proxy-user)",
		anchors: []string{"-u ", "--user ", "--user=", "--proxy-user ", "--proxy-user="}, textOnly: true, check: userOption},
	{name: "key-value", about: "the value after a secret-named key in free text (password=..., GITHUB_TOKEN: ..., Authorization: ..., Pwd=..., X-Amz-Signature=..., <password>...</password>, key: | blocks, keys in escaped JSON, config set NAME VALUE, netrc password VALUE)",
		anchors: textKeys, textOnly: true, check: keyValue},
	{name: "prefixed-random-token", about: "keys of services no other shape names: a lower-case prefix of one to three segments ending in '_' or '-' (acme_live_, zz9-), then a random body of at least 20 letters of both cases and digits (identifiers of model APIs' objects, such as toolu_ and msg_, and hash-labelled digests stay)",
		scan: randomTokens},
}

// Shapes lists the names of the known secret shapes, in registry order.
func Shapes() []string {
	out := make([]string, len(shapes))
	for i, s := range shapes {
		out[i] = s.name
	}
	return out
}

// find applies shape i to the anchor of length n that starts at at.
func (sh *shape) find(t []byte, at, n int) (span, bool) {
	if sh.caseSensitive && !sh.exactAnchor(t[at:at+n]) {
		return span{}, false
	}
	if sh.check != nil {
		return sh.check(t, at, n)
	}
	if at > 0 && wordChars[t[at-1]] && sh.name != "slack-webhook" {
		return span{}, false
	}
	j := at + n
	k := j
	for k < len(t) && k-j <= sh.max && sh.body[t[k]] {
		k++
	}
	v := t[j:k]
	if len(v) < sh.min || len(v) > sh.max {
		return span{}, false
	}
	if sh.mixed && !mixed(v) {
		return span{}, false
	}
	if sh.post != nil && !sh.post(v) {
		return span{}, false
	}
	if sh.valueOnly {
		return span{j, k}, true
	}
	return span{at, k}, true
}

// findAll appends to out what shape i finds at the anchor of length n
// that starts at at.
func (sh *shape) findAll(t []byte, at, n int, out []span) []span {
	if sh.checks == nil {
		if s, ok := sh.find(t, at, n); ok && s.end > s.start {
			out = append(out, s)
		}
		return out
	}
	if sh.caseSensitive && !sh.exactAnchor(t[at:at+n]) {
		return out
	}
	return sh.checks(t, at, n, out)
}

func (sh *shape) exactAnchor(a []byte) bool {
	for _, x := range sh.anchors {
		if string(a) == x {
			return true
		}
	}
	return false
}

// mixed reports whether v holds a digit and a letter, or both cases.
func mixed(v []byte) bool {
	var digit, upper, lower bool
	for _, c := range v {
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'A' <= c && c <= 'Z':
			upper = true
		case 'a' <= c && c <= 'z':
			lower = true
		}
	}
	return digit && (upper || lower) || upper && lower
}

func run(t []byte, from int, s *byteSet, limit int) int {
	k := from
	for k < len(t) && k-from < limit && s[t[k]] {
		k++
	}
	return k
}

func azureClientSecret(t []byte, at, n int) (span, bool) {
	// [A-Za-z0-9_~.]{3} digit Q~ [A-Za-z0-9_~.-]{31,34}
	if at < 4 || t[at-1] < '0' || t[at-1] > '9' {
		return span{}, false
	}
	for _, c := range t[at-4 : at-1] {
		if !azureChars[c] {
			return span{}, false
		}
	}
	if at > 4 && azureChars[t[at-5]] {
		return span{}, false
	}
	k := run(t, at+n, azureChars, 35)
	if l := k - (at + n); l < 31 || l > 34 {
		return span{}, false
	}
	return span{at - 4, k}, true
}

// awsSecretChars are the characters of an AWS secret access key.
var awsSecretChars = set("A-Za-z0-9/+")

// awsKeyPair finds an access key ID, and with it a secret access key (40
// characters of base64, with a digit and both cases, standing as a word of
// its own) later on the same line and at most 256 bytes on: a key pair is
// often written as two columns or two arguments with no names around them.
func awsKeyPair(t []byte, at, n int) (span, bool) {
	if at > 0 && wordChars[t[at-1]] {
		return span{}, false
	}
	k := run(t, at+n, upperDigits, 17)
	if k-(at+n) != 16 || k < len(t) && wordChars[t[k]] {
		return span{}, false
	}
	end := k
	for i := k; i < len(t) && i < k+256 && t[i] != '\n' && t[i] != '\r'; i++ {
		if awsSecretChars[t[i]] && (i == 0 || !awsSecretChars[t[i-1]] && !wordChars[t[i-1]]) {
			j := run(t, i, awsSecretChars, 41)
			if j-i == 40 && (j == len(t) || !awsSecretChars[t[j]] && !wordChars[t[j]]) && mixed(t[i:j]) && hasBoth(t[i:j]) {
				end = j
				break
			}
			i = j - 1
		}
	}
	return span{at, end}, true
}

// hasBoth reports whether v holds an upper-case and a lower-case letter.
func hasBoth(v []byte) bool {
	var upper, lower bool
	for _, c := range v {
		upper = upper || 'A' <= c && c <= 'Z'
		lower = lower || 'a' <= c && c <= 'z'
	}
	return upper && lower
}

// sendgrid is "SG." 22 base64url characters, ".", and 43 more.
// telegramBot finds a bot token: 5 to 16 digits (the bot's ID, alone or
// after "bot" in an API URL), ':', then 'A' and 34 characters of base64url.
func telegramBot(t []byte, at, _ int) (span, bool) {
	d := at
	for d > 0 && at-d < 16 && '0' <= t[d-1] && t[d-1] <= '9' {
		d--
	}
	if at-d < 5 {
		return span{}, false
	}
	if d > 0 && wordChars[t[d-1]] && !(d >= 3 && string(t[d-3:d]) == "bot") {
		return span{}, false
	}
	k := run(t, at+2, b64url, 35)
	if k-(at+2) != 34 || k < len(t) && b64url[t[k]] {
		return span{}, false
	}
	return span{d, k}, true
}

// discordAnchors are the first four characters of a Discord bot token:
// the base64 of the first three digits of its bot's ID (17 to 20 decimal
// digits, the first not 0). Base64 of ASCII digits starts with M, N or O,
// then one of D, T, j, z, then one of the ten characters the second digit
// gives, then one of the ten the third gives: 900 anchors, four characters
// long, so that prose rarely holds one.
func discordAnchors() []string {
	var out []string
	for first := byte('1'); first <= '9'; first++ {
		for second := byte('0'); second <= '9'; second++ {
			for third := byte('0'); third <= '9'; third++ {
				out = append(out, base64.RawURLEncoding.EncodeToString([]byte{first, second, third}))
			}
		}
	}
	return out
}

// discordBot finds a bot token: 23 to 27 characters that are the base64
// of 17 to 20 decimal digits, '.', 6 characters of base64url, '.', and 27
// to 38 more.
//
// Text glued before the token does not stop it (x= or a quote usually
// is there, but a token run into a word is still a token): a base64 blob
// holds no dots, so nothing else takes this form.
func discordBot(t []byte, at, _ int) (span, bool) {
	k := run(t, at, b64url, 28)
	id := t[at:k]
	if len(id) < 23 || len(id) > 27 || k >= len(t) || t[k] != '.' {
		return span{}, false
	}
	digits := make([]byte, base64.RawURLEncoding.DecodedLen(len(id)))
	if n, err := base64.RawURLEncoding.Decode(digits, id); err != nil || n < 17 || n > 20 || !allDigits(digits[:n]) {
		return span{}, false
	}
	k2 := run(t, k+1, b64url, 7)
	if k2-(k+1) != 6 || k2 >= len(t) || t[k2] != '.' {
		return span{}, false
	}
	k3 := run(t, k2+1, b64url, 39)
	if n := k3 - (k2 + 1); n < 27 || n > 38 || k3 < len(t) && b64url[t[k3]] {
		return span{}, false
	}
	return span{at, k3}, true
}

// allDigits reports whether b is all ASCII decimal digits.
func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// terraformToken finds 14 letters and digits, ".atlasv1.", and 60 to 70
// characters of base64url.
func terraformToken(t []byte, at, n int) (span, bool) {
	d := at
	for d > 0 && at-d < 15 && alnum[t[d-1]] {
		d--
	}
	if at-d != 14 || d > 0 && b64url[t[d-1]] {
		return span{}, false
	}
	k := run(t, at+n, b64url, 71)
	if l := k - (at + n); l < 60 || l > 70 {
		return span{}, false
	}
	return span{d, k}, true
}

// airtable finds "pat", 14 letters and digits, ".", and 64 lower-case hex
// digits, standing as a word of its own.
func airtable(t []byte, at, n int) (span, bool) {
	if at > 0 && wordChars[t[at-1]] {
		return span{}, false
	}
	k := run(t, at+n, alnum, 15)
	if k-(at+n) != 14 || k >= len(t) || t[k] != '.' {
		return span{}, false
	}
	k2 := run(t, k+1, lowerHex, 65)
	if k2-(k+1) != 64 {
		return span{}, false
	}
	return span{at, k2}, true
}

// mailchimp finds 32 lower-case hex digits, "-us", and one or two digits
// (more hex before the 32 does not stop it: redacting more is the safe
// side).
func mailchimp(t []byte, at, n int) (span, bool) {
	if at < 32 {
		return span{}, false
	}
	for _, c := range t[at-32 : at] {
		if !lowerHex[c] {
			return span{}, false
		}
	}
	k := at + n
	for k < len(t) && k-(at+n) < 3 && '0' <= t[k] && t[k] <= '9' {
		k++
	}
	if l := k - (at + n); l < 1 || l > 2 || k < len(t) && wordChars[t[k]] {
		return span{}, false
	}
	return span{at - 32, k}, true
}

// azureDevOps finds an 84-character Azure DevOps token: 76 letters and
// digits, "AZDO", and 4 more (the 84 are redacted whatever comes before).
func azureDevOps(t []byte, at, n int) (span, bool) {
	if at < 76 {
		return span{}, false
	}
	for _, c := range t[at-76 : at] {
		if !alnum[c] {
			return span{}, false
		}
	}
	k := run(t, at+n, alnum, 5)
	if k-(at+n) != 4 {
		return span{}, false
	}
	return span{at - 76, k}, true
}

func sendgrid(t []byte, at, n int) (span, bool) {
	if at > 0 && wordChars[t[at-1]] {
		return span{}, false
	}
	k := run(t, at+n, b64url, 23)
	if k-(at+n) != 22 || k >= len(t) || t[k] != '.' {
		return span{}, false
	}
	k2 := run(t, k+1, b64url, 44)
	if k2-(k+1) != 43 {
		return span{}, false
	}
	return span{at, k2}, true
}

// jwt finds a JSON Web Token: a header of base64url, then the payload
// (10 characters or more) and the signature; or a JWE, whose encrypted
// key may be empty (direct encryption) before its IV, ciphertext and tag.
// Every segment is redacted.
func jwt(t []byte, at, _ int) (span, bool) {
	if at > 0 && b64urlDot[t[at-1]] {
		return span{}, false
	}
	k := run(t, at, b64url, maxScan)
	if k-at < 10 || k >= len(t) || t[k] != '.' {
		return span{}, false
	}
	var segs, ends [4]int
	n := 0
	for end := k; n < 4 && end < len(t) && t[end] == '.'; n++ {
		e := run(t, end+1, b64url, maxScan)
		segs[n], ends[n] = e-(end+1), e
		end = e
	}
	for n > 2 && segs[n-1] == 0 {
		n-- // a dot after the token ends the sentence
	}
	switch {
	case segs[0] >= 10:
	case n == 4 && segs[0] == 0 && segs[1] >= 10 && segs[2] >= 1:
	default:
		return span{}, false
	}
	return span{at, ends[n-1]}, true
}

// newRelicLicense finds 36 lower-case hex digits and "NRAL", standing as
// a word of its own.
func newRelicLicense(t []byte, at, n int) (span, bool) {
	if at < 36 || at > 36 && wordChars[t[at-37]] {
		return span{}, false
	}
	for _, c := range t[at-36 : at] {
		if !lowerHex[c] {
			return span{}, false
		}
	}
	if k := at + n; k < len(t) && wordChars[t[k]] {
		return span{}, false
	}
	return span{at - 36, at + n}, true
}

// b64Any is every character of base64 in either alphabet, padding
// included; b64Before, the ones that may stand before more base64 of the
// same text (padding ends it: KEY=base64 is a new text).
var (
	b64Any    = set("A-Za-z0-9+/=_-")
	b64Before = set("A-Za-z0-9+/_-")
)

// metaToken finds EAA and 60 to 512 characters of base64url with a digit
// and a letter or both cases, standing on its own in base64 too: EAA in
// the middle of a base64 blob (an image) is not a token.
func metaToken(t []byte, at, n int) (span, bool) {
	if at > 0 && b64Before[t[at-1]] {
		return span{}, false
	}
	k := run(t, at+n, b64url, 513)
	if l := k - (at + n); l < 60 || l > 512 || k < len(t) && b64Any[t[k]] || !mixed(t[at+n:k]) {
		return span{}, false
	}
	return span{at, k}, true
}

// vaultLegacy finds "s." and 24 letters and digits with a digit and both
// cases, standing on its own: not a method call or field in code
// (s.ReadFromConnectionPool(), x.s.Field), which goes on with '(' or '.'
// or stands after a word or a dot.
func vaultLegacy(t []byte, at, n int) (span, bool) {
	if at > 0 && (wordChars[t[at-1]] || t[at-1] == '.') {
		return span{}, false
	}
	k := run(t, at+n, alnum, 25)
	if k-(at+n) != 24 || k < len(t) && (wordChars[t[k]] || t[k] == '(' || t[k] == '.') {
		return span{}, false
	}
	if v := t[at+n : k]; !hasBoth(v) || !hasDigit(v) {
		return span{}, false
	}
	return span{at, k}, true
}

// puttyPrivate finds the lines of a PuTTY key's private part: the number
// after "Private-Lines:" counts the lines below it.
func puttyPrivate(t []byte, at, n int) (span, bool) {
	k := skipSpaces(t, at+n)
	d := k
	for d < len(t) && d-k < 4 && '0' <= t[d] && t[d] <= '9' {
		d++
	}
	lines, err := strconv.Atoi(string(t[k:d]))
	if err != nil || lines < 1 {
		return span{}, false
	}
	nl := bytes.IndexByte(t[d:], '\n')
	if nl < 0 {
		return span{}, false
	}
	start := d + nl + 1
	end := start
	for range lines {
		if end >= len(t) {
			break
		}
		e := bytes.IndexByte(t[end:], '\n')
		if e < 0 {
			end = len(t)
			break
		}
		end += e + 1
	}
	for end > start && (t[end-1] == '\n' || t[end-1] == '\r') {
		end--
	}
	if end == start {
		return span{}, false
	}
	return span{start, end}, true
}

// base64WrapAnchors are the first characters of the base64 of a PEM
// block ("-----BEGIN") and of a JSON object ({", {\n, {\r\n, { ").
var base64WrapAnchors = []string{"LS0tLS1CRUdJTi", "eyJ", "ewo", "ew0K", "eyAi"}

// urlSchemes are the schemes of URLs that carry a password
// (scheme://user:password@host), whose base64 is looked into.
var urlSchemes = []string{"postgres://", "postgresql://", "mysql://", "mariadb://", "mongodb://", "mongodb+srv://",
	"redis://", "rediss://", "amqp://", "amqps://", "https://", "http://", "ftp://", "sftp://", "smtp://", "smtps://",
	"ldap://", "ldaps://", "jdbc:", "Server=", "Data Source="}

// wrappedPrefixes are the base64 forms of the text a secret starts with:
// every case-sensitive anchor of three bytes or more of the shapes (ghp_,
// AKIA, xoxb-, sk-ant-) and the schemes of URLs with a password, each
// cut to the characters that depend on the prefix alone (eight at most),
// in the standard and the URL alphabet. A Kubernetes Secret's value, an environment
// variable or a header that holds a token in base64 then starts with one,
// and base64Wrapped decodes it and judges the decoded text.
func wrappedPrefixes() []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		n := min(len(p)*8/6, 8) // eight characters tell a prefix well enough, and keep the matcher small
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			a := enc.EncodeToString([]byte(p))[:n]
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	for _, sh := range shapes {
		if !sh.caseSensitive || sh.name == "base64-wrapped-secret" {
			continue
		}
		for _, a := range sh.anchors {
			if len(a) >= 3 && !bytes.ContainsAny([]byte(a), " \t\n") {
				add(a)
			}
		}
	}
	for _, p := range urlSchemes {
		add(p)
	}
	return out
}

// wrapHolds reports whether decoded base64 holds a secret that a shape or
// key finds; set in init, as the shapes it applies include this one.
var wrapHolds func(dec []byte) bool

// allAnchors are the anchors the shape is found at: its own, and for the
// base64-wrapped shape also wrappedPrefixes.
func (sh *shape) allAnchors() []string {
	if sh.name == "base64-wrapped-secret" {
		return append(slices.Clone(sh.anchors), wrappedPrefixes()...)
	}
	return sh.anchors
}

// wrapAnchors are the anchors base64Wrapped starts at, as written.
var wrapAnchors = map[string]bool{}

func init() {
	wrapHolds = func(dec []byte) bool { return len(defaultRedactor.m.spans(dec, nil, false)) > 0 }
	for i := range shapes {
		if shapes[i].name == "base64-wrapped-secret" {
			for _, a := range shapes[i].allAnchors() {
				wrapAnchors[a] = true
			}
		}
	}
}

// base64Wrapped finds base64 (in lines of 60 characters or more when it
// is wrapped) whose decoded text holds a secret that a shape or key finds,
// such as a PEM private key or {"auths":{...{"auth":"..."}}}: the whole
// base64 text is redacted, as the secret's bytes have no place of their
// own in it.
func base64Wrapped(t []byte, at, n int) (span, bool) {
	if at > 0 && b64Before[t[at-1]] || wrapHolds == nil || !wrapAnchors[string(t[at:at+n])] {
		return span{}, false
	}
	k, line := at, at
	for {
		k = run(t, k, b64Any, maxScan-(k-at))
		next := k
		if next < len(t) && t[next] == '\r' {
			next++
		}
		if k-line < 60 || next >= len(t) || t[next] != '\n' || next+1 >= len(t) || !b64Any[t[next+1]] || k-at >= maxScan {
			break
		}
		k, line = next+1, next+1
	}
	if k-at < 16 || k < len(t) && t[k] == '.' && n == 3 {
		return span{}, false // a JWT's header: the jwt shape reads it
	}
	clean := make([]byte, 0, k-at)
	for _, c := range t[at:k] {
		switch c {
		case '\r', '\n', '=':
		case '-':
			clean = append(clean, '+')
		case '_':
			clean = append(clean, '/')
		default:
			clean = append(clean, c)
		}
	}
	if len(clean)%4 == 1 {
		clean = clean[:len(clean)-1] // no base64 ends so; the rest decodes, its last bytes too
	}
	dec := make([]byte, base64.RawStdEncoding.DecodedLen(len(clean)))
	m, err := base64.RawStdEncoding.Decode(dec, clean)
	if err != nil || !wrapHolds(dec[:m]) {
		return span{}, false
	}
	return span{at, k}, true
}

// How a command's password option takes its value.
const (
	attachedOnly = iota // -pVALUE; -p alone asks, and the next word is another (mysql -p DBNAME)
	separateOnly        // -k VALUE; -kVALUE would be another option (openssl -key)
	either              // -pVALUE or -p VALUE
)

// passwordOptions are the commands that take a password in an option
// whose name does not say so to the key=value reading (a short option, or
// a long one written with one dash).
var passwordOptions = []struct {
	commands []string
	options  []string
	takes    int
}{
	{[]string{"mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlcheck", "mysqlshow", "mariadb", "mariadb-dump", "mariadb-admin"}, []string{"-p"}, attachedOnly},
	{[]string{"7z", "7za", "rar", "unrar"}, []string{"-p"}, attachedOnly},
	{[]string{"sshpass"}, []string{"-p"}, either},
	{[]string{"docker login", "podman login", "buildah login", "skopeo login", "nerdctl login", "helm registry login", "oras login"}, []string{"-p"}, either},
	{[]string{"openssl"}, []string{"-k"}, separateOnly},
	{[]string{"redis-cli"}, []string{"-a"}, separateOnly},
	{[]string{"mongo", "mongosh", "mongodump", "mongorestore", "mongoexport", "mongoimport", "mongostat", "mongotop", "mongofiles"}, []string{"-p"}, separateOnly},
	{[]string{"ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldapwhoami", "ldappasswd"}, []string{"-w"}, separateOnly},
	{[]string{"sqlcmd", "bcp"}, []string{"-P"}, separateOnly},
	{[]string{"zip", "unzip"}, []string{"-P"}, separateOnly},
	// Java's key stores: every password option, each written with one dash.
	{[]string{"keytool", "jarsigner"}, []string{"-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-srckeypass", "-destkeypass", "-new"}, separateOnly},
	// ssh-keygen's new and old passphrases (-N "" is none).
	{[]string{"ssh-keygen"}, []string{"-N", "-P"}, either},
	// FreeRDP's /p:PASSWORD.
	{[]string{"xfreerdp", "xfreerdp3", "wlfreerdp", "sdl-freerdp", "sdl-freerdp3"}, []string{"/p:"}, attachedOnly},
	{[]string{"twine upload", "az login", "dotnet nuget add source", "dotnet nuget update source", "nuget sources add", "nuget sources update"}, []string{"-p"}, either},
	// macOS's keychain: -w PASSWORD (-w last, alone, prompts).
	{[]string{"security add-generic-password", "security add-internet-password"}, []string{"-w"}, separateOnly},
}

func passwordOptionAnchors() []string {
	var out []string
	for _, p := range passwordOptions {
		for _, c := range p.commands {
			out = append(out, c+" ")
		}
	}
	return out
}

// commandStop ends a command in a command line.
var commandStop = set(";|&\n\r`")

// passwordOption finds the passwords in a command's password options: the
// command named by the anchor, as a word of its own, then its words up to
// the end of the command.
func passwordOption(t []byte, at, n int, out []span) []span {
	if !commandAt(t, at) {
		return out
	}
	name := string(t[at : at+n-1])
	var opts []string
	takes := 0
	for _, p := range passwordOptions {
		if slices.Contains(p.commands, name) {
			opts, takes = p.options, p.takes
		}
	}
	if opts == nil {
		return out // the anchor matched in another case
	}
	k := at + n
	for k < len(t) && k-at < 1024 && !commandStop[t[k]] {
		k = skipSpaces(t, k)
		w := k
		for k < len(t) && !blank[t[k]] && !commandStop[t[k]] {
			k++
		}
		if k == w {
			break
		}
		word := t[w:k]
		opt := ""
		for _, o := range opts {
			if bytes.HasPrefix(word, []byte(o)) && (len(word) == len(o) || takes != separateOnly) {
				opt = o
			}
		}
		if opt == "" {
			continue
		}
		if len(word) > len(opt) {
			v := bytes.Trim(word[len(opt):], "'\"")
			if len(v) == 0 {
				continue
			}
			s := w + len(opt) + bytes.Index(word[len(opt):], v)
			out = append(out, span{s, s + len(v)})
			continue
		}
		if takes == attachedOnly {
			continue
		}
		v := skipSpaces(t, k)
		if v < len(t) && (t[v] == '\'' || t[v] == '"') {
			q := bytes.IndexByte(t[v+1:], t[v])
			if q < 0 {
				return out
			}
			if q > 0 {
				out = append(out, span{v + 1, v + 1 + q})
			}
			k = v + q + 2
			continue
		}
		e := v
		for e < len(t) && !blank[t[e]] && !commandStop[t[e]] {
			e++
		}
		if e > v {
			out = append(out, span{v, e})
		}
		k = e
	}
	return out
}

var (
	pemPrivate = []byte("PRIVATE KEY")
	pemEnd     = []byte("-----END ")
	pemDashes  = []byte("-----")
	pemBegin   = []byte("-----BEGIN ")
	// digestScheme opens the value of an HTTP Digest authorization.
	digestScheme = []byte("digest ")
)

func pemPrivateKey(t []byte, at, n int) (span, bool) {
	// The header: "-----BEGIN " [A-Z ]* "PRIVATE KEY" [A-Z ]* "-----".
	h := t[at+n : min(len(t), at+n+64)]
	e := bytes.Index(h, pemDashes)
	if e < 0 || !bytes.Contains(bytes.ToUpper(h[:e]), pemPrivate) {
		return span{}, false
	}
	rest := t[at+n+e:]
	end := bytes.Index(rest, pemEnd)
	if end < 0 {
		return span{at, len(t)}, true
	}
	stop := at + n + e + end + len(pemEnd)
	if d := bytes.Index(t[stop:min(len(t), stop+64)], pemDashes); d >= 0 {
		return span{at, stop + d + len(pemDashes)}, true
	}
	return span{at, len(t)}, true
}

func basicCredentials(v []byte) bool {
	s := bytes.TrimRight(v, "=")
	dec := make([]byte, base64.RawStdEncoding.DecodedLen(len(s)))
	n, err := base64.RawStdEncoding.Decode(dec, s)
	return err == nil && bytes.IndexByte(dec[:n], ':') > 0
}

// urlStop ends the authority part of a URL.
var urlStop = set("/?#\"'<>` \t\r\n\\")

func urlPassword(t []byte, at, n int) (span, bool) {
	j := at + n
	k := j
	for k < len(t) && k-j < 1024 && !urlStop[t[k]] {
		k++
	}
	auth := t[j:k]
	a := bytes.LastIndexByte(auth, '@')
	if a < 0 {
		return span{}, false
	}
	c := bytes.IndexByte(auth[:a], ':')
	if c < 0 && tokenUser(auth[:a]) {
		return span{j, j + a}, true
	}
	if c < 0 || c+1 == a {
		return span{}, false
	}
	return span{j + c + 1, j + a}, true
}

// tokenUser reports whether a URL's user name with no password is a
// token itself (https://TOKEN@github.com/o/r.git): 20 characters or more
// of letters, digits, '-' and '_', with a digit and a letter.
func tokenUser(u []byte) bool {
	if len(u) < 20 || !hasDigit(u) {
		return false
	}
	letter := false
	for _, c := range u {
		if !b64url[c] {
			return false
		}
		letter = letter || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	return letter
}

// userOption finds the password in NAME:PASSWORD after a user option
// (curl -u, --user, --proxy-user; -U too, as anchors ignore case). A
// password of digits only is a group ID (docker -u 1000:1000) and stays.
func userOption(t []byte, at, n int) (span, bool) {
	if at > 0 && !blank[t[at-1]] {
		return span{}, false
	}
	j := skipSpaces(t, at+n)
	var quote byte
	if j < len(t) && (t[j] == '"' || t[j] == '\'') {
		quote = t[j]
		j++
	}
	k := j
	if quote == 0 {
		k = valueEnd(t, j)
	}
	for quote != 0 && k < len(t) && k-j < maxScan && t[k] != quote && t[k] != '\n' {
		k++
	}
	c := bytes.IndexByte(t[j:k], ':')
	if c < 0 || j+c+1 == k || isDigitsOnly(t[j+c+1:k]) {
		return span{}, false
	}
	return span{j + c + 1, k}, true
}

func isDigitsOnly(v []byte) bool {
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// textKeys are the words after which free text holds a secret value. A
// key of two words is listed in each spelling a key takes (apikey matches
// apiKey and APIKEY too: anchors match ignoring case). The words in
// lastWordKeys and weakKeys are held to stricter readings (see keyValue).
var textKeys = func() []string {
	keys := []string{
		"password", "passwd", "passphrase", "passcode", "secret", "token", "credential", "signature",
		"authorization", "cookie", "auth", "mnemonic", "pass", "pwd",
		"session", "sessionid", "sessid", "sid", "key",
		"jwt", "sshpass", "webhook", "bundle_",
	}
	for _, first := range []string{"api", "access", "private", "signing", "encryption", "account", "master", "session", "subscription", "secret"} {
		for _, sep := range []string{"", "_", "-"} {
			keys = append(keys, first+sep+"key")
		}
	}
	return keys
}()

// lineValueKeys take the rest of the line as their value: a header's
// value, a cookie list, a recovery phrase of several words.
var lineValueKeys = map[string]bool{"authorization": true, "cookie": true, "mnemonic": true}

// lastWordKeys are keys only as a word of their own and the last word of
// the key (DB_PASS, smtpPwd, pass:VALUE), not inside a longer word
// (bypass, OLDPWD) nor before another (pass_through). A pwd whose value is
// a path is the shell's working folder (PWD=/home/dev), not a password.
var lastWordKeys = map[string]bool{"pass": true, "pwd": true}

// weakKeys name a secret only sometimes (a request's signature, a session
// cookie, a query's key parameter; next to a signature in a letter, a tmux
// session or a map's key): their value is
// redacted only when it looks like a secret, 16 characters or more with a
// digit and a letter or both cases. sid stands as a word of its own;
// key counts only as a query parameter (?key=, &key=). A webhook's URL
// is its secret (webhook_url=https://...).
var weakKeys = map[string]bool{"signature": true, "session": true, "sessionid": true, "sessid": true, "sid": true, "key": true, "webhook": true}

var doubleUnderscore = []byte("__")

// valueStop ends a value in free text: a blank or a quote always does;
// the rest of the set only where valueEnd says the value ends there.
var valueStop = set(" \t\r\n\"'`,;&<>\\")

// valueBreak are the characters that end a value in free text whatever
// follows them.
var valueBreak = set(" \t\r\n\"'`")

// keyChars are the characters of the name in NAME=VALUE.
var keyChars = set("A-Za-z0-9_.-")

// valueEnd returns where a value that starts at j ends in free text. A
// blank, a quote or a backquote ends it. A separator (',', ';', '&') ends
// it only before a blank, the end of the text or another NAME=: a password
// holds punctuation (password=Tr0ub4dor&3, P@ss;w0rd,x), and cutting it at
// the first such character would keep the rest of it in the clear, while
// a list of settings (?password=X&next=/, Password=X;Database=Y) goes on
// with a name. '<' ends it before '/' (<password>X</password>); a
// backslash before a quote or a JSON escape letter (the value inside a
// JSON string). Reading a value further than it runs redacts a little
// more than the secret; stopping early would print the secret's tail.
func valueEnd(t []byte, j int) int {
	k := j
	for ; k < len(t) && k-j < maxScan; k++ {
		c := t[k]
		if valueBreak[c] {
			return k
		}
		if !valueStop[c] {
			continue
		}
		next := byte(' ')
		if k+1 < len(t) {
			next = t[k+1]
		}
		switch c {
		case ',', ';', '&':
			if valueBreak[next] || namesKey(t, k+1) {
				return k
			}
		case '<':
			if next == '/' {
				return k
			}
		case '\\':
			if next == '"' || next == '\'' || next == 'n' || next == 'r' || next == 't' || next == 'u' {
				return k
			}
		}
	}
	return k
}

// namesKey reports whether NAME= starts at i.
func namesKey(t []byte, i int) bool {
	e := run(t, i, keyChars, 64)
	return e > i && e < len(t) && t[e] == '=' && !('0' <= t[i] && t[i] <= '9')
}

// lineStop ends a whole-line value (an authorization header, a cookie).
var lineStop = set("\r\n\"'\\")

// secretChars are the characters of a value that stands after its key
// with only a space between (token VALUE).
var secretChars = set("A-Za-z0-9-_.+/=")

// keyValue finds the value after a secret-named key in free text. The key
// and its value may be written:
//
//   - key=VALUE, key: VALUE, key := VALUE, key => VALUE, with the key and
//     the value quoted or not, and quotes escaped any number of times
//     (JSON held in a JSON string: \"password\":\"VALUE\");
//   - <password>VALUE</password>;
//   - key: | or key: >- and the lines indented under it (a YAML block);
//   - key VALUE after an option's two dashes (--password VALUE) or one
//     dash (-password VALUE, Go's and Java's long options), after
//     set (aws configure set aws_secret_access_key VALUE, npm config set
//     //host/:_authToken VALUE), in a netrc entry (machine HOST login
//     NAME password VALUE), or where VALUE looks like a secret itself (20
//     characters or more with a digit and both cases: "invalid token
//     VALUE").
func keyValue(t []byte, at, n int) (span, bool) {
	s, ok := keyValueOf(t, at, n)
	if ok && n == 3 && bytes.EqualFold(t[at:at+n], keyWord) && !queryKey(t, at) && !secretLooking(t[s.start:s.end]) {
		return span{}, false // (a name's key: see keyEndsName)
	}
	return s, ok
}

var keyWord = []byte("key")

// pluralKey reports whether the key ends in a plural s at i that ends its
// word (AWS_CREDENTIALS, GOOGLE_APPLICATION_CREDENTIALS_JSON, secrets:):
// credentials and secrets are as secret as one. Tokens and passwords are
// not read so: "tokens": 1500 counts a model's words.
func pluralKey(key string, t []byte, i int) bool {
	if key != "credential" && key != "secret" || fold(t[i]) != 's' {
		return false
	}
	return i+1 == len(t) || !alnum[t[i+1]] || keyGoesOn(t[i], t[i+1])
}

// queryKey reports whether the word at at is a query's parameter (?key=,
// &key=).
func queryKey(t []byte, at int) bool {
	return at > 0 && (t[at-1] == '?' || t[at-1] == '&')
}

// keyEndsName reports whether key, at at, is a key's name of its own
// ("key": VALUE, --key VALUE) or the last word of one (STRIPE_KEY,
// service-key, stripeKey), whose value is a secret when it looks like one
// (secretLooking): a service's key named for the service. The key of a
// public or host key, or of a sort, partition, primary, foreign or
// object key, names no secret.
func keyEndsName(t []byte, at int) bool {
	if at == 0 {
		return true
	}
	p := t[at-1]
	var prev int // where the word before the key ends
	switch {
	case p == '_' || p == '-' || p == '.':
		prev = at - 1
	case 'a' <= p && p <= 'z' && t[at] == 'K':
		prev = at // stripeKey
	default:
		return valueBreak[p] || p == '{' || p == ',' || p == '(' || p == '[' || p == ';'
	}
	i := prev
	for i > 0 && alnum[t[i-1]] && (prev != at || 'a' <= t[i-1] && t[i-1] <= 'z') {
		i--
	}
	return !slices.Contains(notSecretKeyWords, string(bytes.ToLower(t[i:prev])))
}

// notSecretKeyWords are the words before "key" that make it no secret.
var notSecretKeyWords = []string{"public", "host", "sort", "partition", "primary", "foreign", "object"}

// secretLooking reports whether v, a name's key's value (keyEndsName),
// looks like a secret: 20 characters or more of letters, digits and
// + = _ - only (no dot, no slash: not a file or an object's name), with a
// letter and a digit.
func secretLooking[T ~string | ~[]byte](v T) bool {
	if len(v) < 20 {
		return false
	}
	letter, digit := false, false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			letter = true
		case '0' <= c && c <= '9':
			digit = true
		case c == '+' || c == '=' || c == '_' || c == '-':
		default:
			return false
		}
	}
	return letter && digit
}

// keyValueOf is keyValue before a name's key's value is read as a
// secret's or not.
func keyValueOf(t []byte, at, n int) (span, bool) {
	// The key in lower case, on the stack for any key the lists hold.
	var kb [32]byte
	var lk []byte
	if n <= len(kb) {
		lk = kb[:n]
		for i := range lk {
			lk[i] = fold(t[at+i])
		}
	} else {
		lk = bytes.ToLower(t[at : at+n])
	}
	key := string(lk)
	wholeLine := lineValueKeys[key]
	weak := weakKeys[key]
	if at+n < len(t) && alnum[t[at+n]] && !keyGoesOn(t[at+n-1], t[at+n]) && key != "bundle_" && !pluralKey(key, t, at+n) {
		// "tokens", "secretary", "SECRETARY": another word.
		return span{}, false
	}
	if lastWordKeys[key] || key == "sid" {
		if !words.StartsAt(t, at) || at+n < len(t) && keyTail[t[at+n]] {
			return span{}, false
		}
	}
	if key == "key" && !queryKey(t, at) && !keyEndsName(t, at) {
		return span{}, false
	}
	k := run(t, at+n, keyTail, 64)
	if key == "bundle_" && !bytes.Contains(t[at+n:k], doubleUnderscore) {
		// Bundler's credentials for a gem source are BUNDLE_ and the
		// host (BUNDLE_GEMS__EXAMPLE__COM); its other settings are not.
		return span{}, false
	}
	if q, ok := quoteAt(t, k); ok {
		k = q + 1 // the key's closing quote
	}
	k = skipSpaces(t, k)
	if k < len(t) && t[k] == '>' && keyOpensElement(t, at) {
		// <password>VALUE</password>
		j := k + 1
		e := j
		for e < len(t) && e-j < maxScan && t[e] != '<' {
			e++
		}
		return valueSpan(t, j, e, weak, key)
	}
	if k >= len(t) || (t[k] != ':' && t[k] != '=') {
		// Only a space between the key and its value.
		if k >= len(t) || t[k-1] != ' ' && t[k-1] != '\t' {
			return span{}, false
		}
		if t[k] == '-' || !isOption(t, at) && !afterSet(t, at) && !netrcPassword(t, at, key) || flagOption(t[at+n:k]) {
			e := run(t, k, secretChars, maxScan)
			if e-k >= 20 && hasBoth(t[k:e]) && hasDigit(t[k:e]) && (e == len(t) || !wordChars[t[e]]) {
				return span{k, e}, true
			}
			return span{}, false
		}
		k--
	} else if k+1 < len(t) && (t[k] == ':' && t[k+1] == '=' || t[k] == '=' && (t[k+1] == '>' || t[k+1] == '=')) {
		k++ // :=, =>, ==
	}
	k = skipSpaces(t, k+1)
	if b, ok := yamlBlock(t, at, k); ok {
		return b, true
	}
	var quote byte
	escaped := 0
	if q, ok := quoteAt(t, k); ok {
		quote, escaped, k = t[q], q-k, q+1
	}
	if bytes.HasPrefix(t[k:], pemBegin) {
		return span{}, false // a PEM block: its own shape takes all of it
	}
	if wholeLine && len(t)-k > len(digestScheme) && bytes.EqualFold(t[k:k+len(digestScheme)], digestScheme) {
		return span{}, false // Digest's parameters: the http-digest shape reads them
	}
	j := k
	switch {
	case quote != 0 && escaped > 0:
		// An escaped quote ends where the same escaped quote comes again.
		for k < len(t) && k-j < maxScan && t[k] != '\n' && t[k] != '\r' {
			if t[k] == quote && k-escaped >= j && allBackslashes(t[k-escaped:k]) {
				k -= escaped
				break
			}
			k++
		}
	case quote != 0 && !wholeLine:
		// A quoted value runs to its closing quote, spaces and all
		// (password = "correct horse battery staple").
		for k < len(t) && k-j < maxScan && t[k] != quote && t[k] != '\n' && t[k] != '\r' {
			if t[k] == '\\' && k+1 < len(t) {
				k++
			}
			k++
		}
		k = min(k, len(t))
	case wholeLine:
		for k < len(t) && k-j < maxScan && !lineStop[t[k]] {
			k++
		}
	default:
		k = valueEnd(t, k)
	}
	return valueSpan(t, j, k, weak, key)
}

// valueSpan returns the value t[j:k] of key as a span, unless it is
// empty, a weak key's value that does not look like a secret, or a pwd
// that names a folder.
func valueSpan(t []byte, j, k int, weak bool, key string) (span, bool) {
	if k <= j {
		return span{}, false
	}
	if weak && (k-j < 16 || !mixed(t[j:k])) {
		return span{}, false
	}
	if key == "pwd" && (t[j] == '/' || t[j] == '~') {
		return span{}, false
	}
	return span{j, k}, true
}

// quoteAt returns where the quote at k stands when one does there,
// escaped any number of times (\", \\\").
func quoteAt(t []byte, k int) (int, bool) {
	q := k
	for q < len(t) && t[q] == '\\' {
		q++
	}
	return q, q < len(t) && (t[q] == '"' || t[q] == '\'')
}

func allBackslashes(b []byte) bool {
	for _, c := range b {
		if c != '\\' {
			return false
		}
	}
	return true
}

func hasDigit(v []byte) bool {
	for _, c := range v {
		if '0' <= c && c <= '9' {
			return true
		}
	}
	return false
}

// keyStart returns where the whole key the word at at belongs to begins:
// the start of its run of key characters.
func keyStart(t []byte, at int) int {
	i := at
	for i > 0 && keyTail[t[i-1]] {
		i--
	}
	return i
}

// keyOpensElement reports whether the key at at is an XML element's name.
func keyOpensElement(t []byte, at int) bool {
	i := keyStart(t, at)
	return i > 0 && t[i-1] == '<'
}

// afterSet reports whether the key at at (with whatever is glued before
// it, such as //registry.npmjs.org/:_) is the NAME of a command's "set
// NAME VALUE": git config, npm config, aws configure and their kind.
func afterSet(t []byte, at int) bool {
	i := at
	for i > 0 && !blank[t[i-1]] && at-i < 256 {
		i--
	}
	e := i
	for e > 0 && (t[e-1] == ' ' || t[e-1] == '\t') {
		e--
	}
	if e == i || e < 3 || !bytes.EqualFold(t[e-3:e], []byte("set")) {
		return false
	}
	return e == 3 || !alnum[t[e-4]] || t[e-4] == ':'
}

// netrcPassword reports whether the key at at is a netrc entry's
// password: after "login NAME", "machine HOST" or "account NAME" (on the
// same line or the ones before), or after "default".
func netrcPassword(t []byte, at int, key string) bool {
	if key != "password" || !words.StartsAt(t, at) {
		return false
	}
	prev := func(e int) (int, int) { // the word that ends before e
		for e > 0 && blank[t[e-1]] {
			e--
		}
		s := e
		for s > 0 && !blank[t[s-1]] && e-s < 256 {
			s--
		}
		return s, e
	}
	s1, e1 := prev(at)
	if string(t[s1:e1]) == "default" {
		return true
	}
	s2, e2 := prev(s1)
	if e1 == s1 || e2 == s2 {
		return false
	}
	switch string(t[s2:e2]) {
	case "login", "machine", "account":
		return true
	}
	return false
}

// yamlBlock finds a YAML block scalar's value: k is just after "key:",
// where | or > (with its indicators) ends the line, and the value is the
// lines below indented deeper than the key's line, blank lines included.
func yamlBlock(t []byte, at, k int) (span, bool) {
	if k >= len(t) || t[k] != '|' && t[k] != '>' {
		return span{}, false
	}
	e := k + 1
	for e < len(t) && (t[e] == '-' || t[e] == '+' || '1' <= t[e] && t[e] <= '9') {
		e++
	}
	e = skipSpaces(t, e)
	if e < len(t) && t[e] == '\r' {
		e++
	}
	if e >= len(t) || t[e] != '\n' {
		return span{}, false
	}
	ls := at
	for ls > 0 && t[ls-1] != '\n' {
		ls--
	}
	indent := skipSpaces(t, ls) - ls
	start := e + 1
	end := start
	for i := start; i < len(t) && i-start < maxScan; {
		le := i
		for le < len(t) && t[le] != '\n' {
			le++
		}
		line := bytes.TrimRight(t[i:le], "\r")
		if len(bytes.TrimSpace(line)) > 0 {
			if skipSpaces(line, 0) <= indent {
				break
			}
			end = i + len(line)
		}
		i = le + 1
	}
	if end == start {
		return span{}, false
	}
	return span{start, end}, true
}

// keyGoesOn reports whether next, the letter or digit after a key word
// whose last letter is last, continues a compound key (secretAccessKey,
// token2) rather than making another word (tokens, SECRETARY).
func keyGoesOn(last, next byte) bool {
	return '0' <= next && next <= '9' || 'a' <= last && last <= 'z' && 'A' <= next && next <= 'Z'
}

// flagOptionTails end the options that name where a secret comes from or
// take none (--password-stdin, --token-file PATH, --password-prompt,
// gpg's --passphrase-fd N).
var flagOptionTails = []string{"-stdin", "-file", "-env", "-prompt", "-helper", "-command", "-cmd", "-fd"}

// flagOption reports whether tail, what follows the key word in an
// option's name, makes it one of those.
func flagOption(tail []byte) bool {
	tail = bytes.TrimRight(tail, " \t'\"")
	for _, s := range flagOptionTails {
		if len(tail) >= len(s) && bytes.EqualFold(tail[len(tail)-len(s):], []byte(s)) {
			return true
		}
	}
	return false
}

// isOption reports whether the key word at at belongs to a command-line
// option (--password, --client-secret, quoted or not): the word the key is
// part of starts with "--", or with one dash and a letter as Go's flag
// package and Java's tools spell long options (-password, -api-token), the
// word standing alone after a blank, a quote or the start of the text.
func isOption(t []byte, at int) bool {
	i := keyStart(t, at)
	w := t[i:]
	if bytes.HasPrefix(w, []byte("--")) {
		return true
	}
	return len(w) > 1 && w[0] == '-' && letter[w[1]] && (i == 0 || blank[t[i-1]] || t[i-1] == '"' || t[i-1] == '\'')
}

func skipSpaces(t []byte, k int) int {
	for k < len(t) && (t[k] == ' ' || t[k] == '\t') {
		k++
	}
	return k
}

// onePasswordSecretKey checks the groups of a 1Password secret key after
// A3-: 6, then 11 or 6 and 5, then three groups of 5.
func onePasswordSecretKey(v []byte) bool {
	var groups []int
	n := 0
	for _, c := range v {
		if c == '-' {
			groups = append(groups, n)
			n = 0
			continue
		}
		n++
	}
	groups = append(groups, n)
	switch len(groups) {
	case 5:
		return groups[0] == 6 && groups[1] == 11 && groups[2] == 5 && groups[3] == 5 && groups[4] == 5
	case 6:
		return groups[0] == 6 && groups[1] == 6 && groups[2] == 5 && groups[3] == 5 && groups[4] == 5 && groups[5] == 5
	}
	return false
}

// isUUID reports whether v is a UUID in its 8-4-4-4-12 form.
func isUUID(v []byte) bool {
	if len(v) != 36 {
		return false
	}
	for i, c := range v {
		if dash := i == 8 || i == 13 || i == 18 || i == 23; dash != (c == '-') {
			return false
		}
	}
	return true
}

// harnessKey finds pat. or sat., 22 base64url characters, a dot, 24
// letters and digits, a dot and 20 more.
func harnessKey(t []byte, at, n int) (span, bool) {
	if at > 0 && wordChars[t[at-1]] {
		return span{}, false
	}
	k := at + n
	for _, want := range [...]struct {
		set *byteSet
		n   int
	}{{b64url, 22}, {alnum, 24}, {alnum, 20}} {
		if k > at+n {
			if k >= len(t) || t[k] != '.' {
				return span{}, false
			}
			k++
		}
		e := run(t, k, want.set, want.n+1)
		if e-k != want.n {
			return span{}, false
		}
		k = e
	}
	return span{at, k}, true
}

// asanaToken finds a version digit, /, the user's ID, /, the app's ID, a
// colon and 32 lower-case hex digits.
func asanaToken(t []byte, at, n int) (span, bool) {
	if at > 0 && wordChars[t[at-1]] {
		return span{}, false
	}
	k := at + n
	for _, end := range [...]byte{'/', ':'} {
		e := run(t, k, digitSet, 21)
		if e == k || e-k > 20 || e >= len(t) || t[e] != end {
			return span{}, false
		}
		k = e + 1
	}
	e := run(t, k, lowerHex, 33)
	if e-k != 32 {
		return span{}, false
	}
	return span{at, e}, true
}

// clickupToken finds pk_, digits, _, and 32 upper-case letters and digits.
func clickupToken(t []byte, at, n int) (span, bool) {
	if at > 0 && wordChars[t[at-1]] {
		return span{}, false
	}
	k := at + n
	e := run(t, k, digitSet, 13)
	if e == k || e-k > 12 || e >= len(t) || t[e] != '_' {
		return span{}, false
	}
	e2 := run(t, e+1, upperDigits, 33)
	if e2-(e+1) != 32 || e2 < len(t) && wordChars[t[e2]] {
		return span{}, false
	}
	return span{at, e2}, true
}

// maxmindKey finds 6 letters and digits, _, 29 more and the _mmk the scan
// found.
func maxmindKey(t []byte, at, n int) (span, bool) {
	if at+n < len(t) && wordChars[t[at+n]] {
		return span{}, false
	}
	d := at
	for d > 0 && at-d < 30 && alnum[t[d-1]] {
		d--
	}
	if at-d != 29 || d < 7 || t[d-1] != '_' {
		return span{}, false
	}
	s := d - 1
	for s > 0 && d-1-s < 7 && alnum[t[s-1]] {
		s--
	}
	if d-1-s != 6 || s > 0 && wordChars[t[s-1]] {
		return span{}, false
	}
	return span{s, at + n}, true
}
