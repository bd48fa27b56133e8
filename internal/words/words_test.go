package words_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/toolgate/toolgate/internal/words"
)

func TestSplit(t *testing.T) {
	for name, want := range map[string][]string{
		"accessTokens.json":    {"access", "tokens", "json"},
		"tokenizer.json":       {"tokenizer", "json"},
		"API-KEY.txt":          {"api", "key", "txt"},
		"service_account.json": {"service", "account", "json"},
		"smtpPwd":              {"smtp", "pwd"},
		"DB_PASS":              {"db", "pass"},
		"pass":                 {"pass"},
		"":                     nil,
		"..x":                  {"x"},
	} {
		if got := words.Split(name); !slices.Equal(got, want) {
			t.Errorf("Split(%q) = %q, want %q", name, got, want)
		}
	}
}

func ExampleSplit() {
	fmt.Println(words.Split("secretAccessKey"), words.Split("DB_PASS"))
	// Output: [secret access key] [db pass]
}
