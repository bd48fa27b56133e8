package secret_test

import (
	"context"
	"fmt"

	"github.com/toolgate/toolgate/secret"
)

func Example() {
	// A headless host resolves a policy file's reference from the
	// environment; a desktop host would use its OS keychain instead.
	env := secret.EnvResolver{LookupEnv: func(string) (string, bool) { return "not-a-real-key", true }}
	s, err := env.Resolve(context.Background(), secret.Ref{Name: "openai", Env: "OPENAI_API_KEY"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Release()

	fmt.Println(s)
	fmt.Printf("%#v %q %x\n", s, s, s)
	fmt.Println(len(s.Reveal()), "bytes available to the code that needs them")
	// Output:
	// [REDACTED:openai]
	// [REDACTED:openai] "[REDACTED:openai]" [REDACTED:openai]
	// 14 bytes available to the code that needs them
}
