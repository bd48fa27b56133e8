package hardline

import (
	"fmt"
	"testing"
)

func TestTmpLookups(t *testing.T) {
	a := testAnalyzer(t)
	env := testEnv()
	env.Canonical = func(s string) (string, error) { fmt.Println("LOOKUP", s); return s, nil }
	a.Command(tmpScript, env)
}
