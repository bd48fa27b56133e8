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

func TestStartsAt(t *testing.T) {
	for name, want := range map[string][]int{
		"smtpPwd":   {0, 4},
		"DB_PASS":   {0, 3},
		"..x":       {2},
		"HTTPProxy": {0},
		"a1B":       {0},
		"":          nil,
	} {
		var got []int
		for i := range len(name) {
			if words.StartsAt(name, i) {
				got = append(got, i)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("StartsAt(%q) holds at %v, want %v", name, got, want)
		}
	}
	if !words.StartsAt([]byte("xPwd"), 1) {
		t.Error("StartsAt of a []byte misses a word start")
	}
}

func ExampleSplit() {
	fmt.Println(words.Split("secretAccessKey"), words.Split("DB_PASS"))
	// Output: [secret access key] [db pass]
}
