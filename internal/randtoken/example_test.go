package randtoken_test

import (
	"fmt"

	"github.com/toolgate/toolgate/internal/randtoken"
)

func Example() {
	text := "deploy with acme_live_q7RfT2xLkP9mZ0wBv4Nc, call toolu_01A09q90qw90lq917835lq9"
	randtoken.Find([]byte(text), func(start, end int) {
		fmt.Println(text[start:end])
	})
	fmt.Println(randtoken.Holds("release-notes-Build-Release-2024-Final"))
	// Output:
	// acme_live_q7RfT2xLkP9mZ0wBv4Nc
	// false
}
